import type { App } from '../app';

/** Routes under /api/Orders; see the issue that builds them. */
export async function ordersRoutes(_app: App) {}
