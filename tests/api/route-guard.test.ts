import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Role } from '../../core/roles';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db';
import { migrateToLatest } from '../../server/db/migrate';
import { unauthorized } from '../../server/lib/errors';
import { guardRoutesByPolicy } from '../../server/plugins/auth';
import type { RoutePolicy } from '../../server/security/route-policy';
import { newServerDatabase } from './helpers';

/**
 * The authorization table guards the routes: each route gets the guard of its row, and an app with
 * a route missing from the table, or a row with no route, does not start.
 */

const statuses = {
  anonymous: 0,
  customer: 0,
  customer2: 0,
  vendor: 0,
  vendor2: 0,
  delivery: 0,
  admin: 0,
  manager: 0,
  cashier: 0,
  stock: 0,
};
const row = (method: RoutePolicy['method'], url: string, roles: RoutePolicy['roles']): RoutePolicy => ({
  method,
  url,
  roles,
  owner: '—',
  expect: statuses,
});

/** Sessions whose token is the role itself ("Bearer vendor" is a vendor); anything else is not signed in. */
const sessions = {
  async authenticate(token: string) {
    if (!['user', 'vendor', 'delivery', 'admin'].includes(token)) throw unauthorized('unauthenticated');
    return {
      user: { id: `id-${token}`, role: token as Role, name: token, phone: '9876500000', shopId: null, deviceId: null },
      catalogVersion: 7n,
    };
  },
};

async function bareApp(policy: RoutePolicy[], routes: (app: FastifyInstance) => void) {
  const app = Fastify();
  app.decorateRequest('user', null);
  app.decorateRequest('token', null);
  app.decorateRequest('catalogVersion', null);
  guardRoutesByPolicy(app, sessions, policy);
  await app.register(async (api) => routes(api), { prefix: '/api' });
  return app;
}

const call = (app: FastifyInstance, method: 'GET' | 'HEAD' | 'POST', url: string, role?: string) =>
  app.inject({ method, url, headers: role ? { authorization: `Bearer ${role}` } : {}, ...(method === 'POST' ? { payload: {} } : {}) });

describe('route guard from ROUTE_POLICY', () => {
  const policy = [row('GET', '/api/open', 'public'), row('GET', '/api/mine', 'any'), row('POST', '/api/things', ['vendor', 'admin'])];
  const routes = (api: FastifyInstance) => {
    api.get('/open', async (req) => ({ user: req.user }));
    api.get('/mine', async (req) => ({ id: req.user?.id, token: req.token, version: String(req.catalogVersion) }));
    api.post('/things', async (req) => ({ role: req.user?.role }));
  };

  it('guards each route with the roles of its row: public none, any signed in, else the roles', async () => {
    const app = await bareApp(policy, routes);
    await app.ready();
    expect((await call(app, 'GET', '/api/open')).json()).toEqual({ user: null });
    expect((await call(app, 'GET', '/api/open', 'vendor')).json()).toEqual({ user: null });
    expect((await call(app, 'GET', '/api/mine')).statusCode).toBe(401);
    expect((await call(app, 'HEAD', '/api/mine')).statusCode).toBe(401);
    expect((await call(app, 'GET', '/api/mine', 'user')).json()).toEqual({ id: 'id-user', token: 'user', version: '7' });
    expect((await call(app, 'POST', '/api/things')).statusCode).toBe(401);
    expect((await call(app, 'POST', '/api/things', 'user')).statusCode).toBe(403);
    expect((await call(app, 'POST', '/api/things', 'delivery')).statusCode).toBe(403);
    expect((await call(app, 'POST', '/api/things', 'vendor')).json()).toEqual({ role: 'vendor' });
    await app.close();
  });

  it('refuses a route missing from the table, naming it', async () => {
    await expect(bareApp(policy.slice(0, 2), routes)).rejects.toThrow('POST /api/things is not in ROUTE_POLICY');
  });

  it('refuses a table row with no route, naming it', async () => {
    const app = await bareApp([...policy, row('DELETE', '/api/things/:id', ['admin'])], routes);
    await expect(app.ready()).rejects.toThrow('ROUTE_POLICY lists routes the app does not serve: DELETE /api/things/:id');
    await app.close();
  });

  it('buildApp with an extra API route that is not in the table does not start', async () => {
    const serverUrl = process.env.TEST_DATABASE_URL;
    const serverDb = serverUrl ? await newServerDatabase(serverUrl) : undefined;
    const handle = await openDatabase(serverDb ? { databaseUrl: serverDb.url } : {});
    try {
      await migrateToLatest(handle.db);
      const config = { ...loadConfig({ ...process.env, DATABASE_URL: '' }), webDir: '/nonexistent' };
      const app = await buildApp({ db: handle.db, config });
      // registered after buildApp, loaded by ready(): what a plugin adding a route would do
      void app.register(async (extra) => {
        extra.get('/api/not-in-table', async () => ({ ok: true }));
      });
      await expect(app.ready()).rejects.toThrow('GET /api/not-in-table is not in ROUTE_POLICY');
      await app.close();
    } finally {
      await handle.close();
      await serverDb?.drop();
    }
  }, 120_000); // a fresh migrated database, as the other API files get in their 120 s setup hook
});
