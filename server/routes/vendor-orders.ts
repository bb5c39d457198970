import type { App } from '../app';

/** Routes under /api/Orders; see the issue that builds them. */
export async function vendorOrdersRoutes(_app: App) {}
