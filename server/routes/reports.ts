import type { App } from '../app';

/** GET /api/Orders/gstr1/report; see issue 5. */
export async function reportsRoutes(_app: App) {}
