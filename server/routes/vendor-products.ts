import type { App } from '../app';

/** Routes under /api/products; see the issue that builds them. */
export async function vendorProductsRoutes(_app: App) {}
