import type { App } from '../app';

/** Routes under /api/uploads; see the issue that builds them. */
export async function uploadsRoutes(_app: App) {}
