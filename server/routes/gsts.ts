import type { App } from '../app';

/** Routes under /api/gsts; see the issue that builds them. */
export async function gstsRoutes(_app: App) {}
