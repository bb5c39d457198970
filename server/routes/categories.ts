import type { App } from '../app';

/** Routes under /api/categories; see the issue that builds them. */
export async function categoriesRoutes(_app: App) {}
