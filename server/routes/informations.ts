import type { App } from '../app';

/** Routes under /api/informations; see the issue that builds them. */
export async function informationsRoutes(_app: App) {}
