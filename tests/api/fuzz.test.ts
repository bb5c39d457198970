import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isMessageCode } from '../../core/message-codes';
import type { Db } from '../../server/db';
import { newId } from '../../server/lib/ids';
import { ROUTE_POLICY, routeKey, type RoutePolicy } from '../../server/security/route-policy';
import { bearer, createTestApp, DEMO, login, type TestContext } from './helpers';
import { address, productBody } from '../support/api-builders';
import { insertOrder, makeGst, makeProduct, makeShelf, registerCustomer, userId, vendorActor, type Shelf } from '../support/db-builders';

/**
 * Property tests: hostile bodies, queries and path parameters sent to every route in the policy
 * table, as every kind of caller. For each case: never a 5xx, always a JSON {message, code} on errors,
 * and a rejected request changes no row (table checksums compared before and after).
 *
 * FUZZ_RUNS sets the total number of cases (default 10,000), spread over the routes.
 */

const TOTAL_RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);
/**
 * The tables compared. Left out on purpose: idempotency_keys (it records the answer a retry with
 * the same Idempotency-Key gets, 4xx answers included) and password_resets.attempts (a wrong code
 * counts against the code's 5 tries: that write is the brute-force protection).
 */
const TABLES = 'users sessions areas categories subcategories gsts products reviews orders order_lines announcements'.split(' ');

let ctx: TestContext;
let db: Db;
let dataDir: string;
const H: Record<string, Record<string, string>> = {};
const ids: Record<string, string[]> = {};
let shelf: Shelf;
let gstId: string;
let cases = 0;
let checks = 0;
let checksums = 0;
const statusCount = new Map<number, number>();

/** One md5 per table over every row's text, in one round trip. */
async function checksum(): Promise<string> {
  const parts = TABLES.map((t) => sql`(SELECT md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) FROM ${sql.table(t)} x)`);
  parts.push(
    sql`(SELECT md5(coalesce(string_agg(row(x.id, x.phone, x.code_hash, x.expires_at, x.used_at)::text, '|' ORDER BY x.id), '')) FROM password_resets x)`,
  );
  const r = await sql<{ c: string }>`SELECT concat_ws(',', ${sql.join(parts)}) AS c`.execute(db);
  return r.rows[0].c;
}

/**
 * A row-change counter for this test's database only: a trigger on every compared table counts
 * each inserted, deleted or really changed row. Reading it after every write request is cheap;
 * the full checksums are compared on a sample of the requests as a second, independent check.
 */
async function installChangeCounter() {
  await sql`CREATE TABLE fuzz_changes (n bigint NOT NULL)`.execute(db);
  await sql`INSERT INTO fuzz_changes VALUES (0)`.execute(db);
  await sql
    .raw(
      `CREATE FUNCTION fuzz_count() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'UPDATE' THEN
        IF TG_TABLE_NAME = 'password_resets' THEN
          IF (to_jsonb(NEW) - 'attempts') = (to_jsonb(OLD) - 'attempts') THEN RETURN NULL; END IF;
        ELSIF NEW IS NOT DISTINCT FROM OLD THEN RETURN NULL;
        END IF;
      END IF;
      UPDATE fuzz_changes SET n = n + 1;
      RETURN NULL;
    END $$`,
    )
    .execute(db);
  for (const t of [...TABLES, 'password_resets']) {
    await sql
      .raw(`CREATE TRIGGER fuzz_count AFTER INSERT OR UPDATE OR DELETE ON ${t} FOR EACH ROW EXECUTE FUNCTION fuzz_count()`)
      .execute(db);
  }
}
const changes = async () => Number((await sql<{ n: string }>`SELECT n FROM fuzz_changes`.execute(db)).rows[0].n);
const CHECKSUM_EVERY = Number(process.env.FUZZ_CHECKSUM_EVERY ?? 10);

// ---------- hostile values ----------
const HOSTILE_STRINGS = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '1; SELECT pg_sleep(5)',
  "\\' UNION SELECT password_hash FROM users --",
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}',
  '${7*7}',
  '../../../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '%00',
  '\u0000',
  '\u0000abc',
  '\ud800',
  '\uffff',
  '\u202e',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'NaN',
  'Infinity',
  '-Infinity',
  '-1',
  '-0',
  '1e309',
  '0x10',
  '1_000',
  '   ',
  '',
  '\n\r\t',
  'தமிழ் அரிசி',
  '💥🔥👩‍👩‍👧‍👦',
  'Ω≈ç√∫',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '9876500001',
  '+919876500001',
  'Pending',
  'Delivered',
  'admin',
  'a'.repeat(1000),
  '9'.repeat(400),
];
const hostileString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.integer({ min: 1000, max: 300_000 }).map((n) => 'x'.repeat(n)) },
);
const hostileNumber = fc.oneof(
  fc.constantFrom(
    -1,
    -0,
    0,
    0.001,
    0.005,
    1.999,
    1e21,
    -1e21,
    2 ** 31,
    2 ** 53,
    Number.MAX_SAFE_INTEGER + 2,
    Number.MAX_VALUE,
    -Number.MAX_VALUE,
    Number.MIN_VALUE,
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const leaf = fc.oneof(hostileString, hostileNumber, fc.boolean(), fc.constant(null));
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: leaf },
  { weight: 1, arbitrary: fc.array(leaf, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.constantFrom('a', '__proto__', 'constructor', '$gt', 'role', 'id'), leaf, { maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

// ---------- body mutations ----------
type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
function leafPaths(v: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(v)) return [prefix, ...v.flatMap((x, i) => leafPaths(x, [...prefix, i]))];
  if (v && typeof v === 'object') return [prefix, ...Object.entries(v).flatMap(([k, x]) => leafPaths(x, [...prefix, k]))];
  return [prefix];
}
function setAt(root: unknown, p: (string | number)[], value: unknown, remove = false): unknown {
  if (p.length === 0) return remove ? undefined : value;
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let cur = copy;
  for (const k of p.slice(0, -1)) {
    cur = cur?.[k] as Record<string | number, unknown>;
    if (!cur || typeof cur !== 'object') return copy; // an earlier change replaced the parent
  }
  if (!copy || typeof copy !== 'object') return copy;
  const last = p.at(-1)!;
  if (remove) {
    if (Array.isArray(cur)) cur.splice(Number(last), 1);
    else delete cur[last];
  } else cur[last] = value;
  return copy;
}

const EXTRA_KEYS = [
  'role',
  'isAdmin',
  'vendorId',
  'customerId',
  '_id',
  'id',
  'userId',
  'isActive',
  'status',
  'password_hash',
  'commission_percentage',
  'vendor_active',
  'price',
  'createdBy',
];

/** A request body: the valid template mutated in one of several hostile ways; raw text when it is not JSON. */
function bodyArb(template: Json | undefined): fc.Arbitrary<{ text: string; contentType: string }> {
  const json = (v: unknown) => ({ text: JSON.stringify(v) ?? 'null', contentType: 'application/json' });
  const paths = leafPaths(template ?? {});
  const mutated = fc
    .record({ i: fc.nat(), value: hostileValue, how: fc.constantFrom('set', 'set', 'set', 'remove', 'extra', 'double') })
    .map(({ i, value, how }) => {
      const p = paths[i % paths.length];
      if (how === 'remove') return json(setAt(template ?? {}, p, undefined, true));
      if (how === 'extra') {
        const base = template && typeof template === 'object' && !Array.isArray(template) ? template : {};
        return json({ ...base, [EXTRA_KEYS[i % EXTRA_KEYS.length]]: value });
      }
      const once = setAt(template ?? {}, p, value);
      if (how === 'double') return json(setAt(once, paths[(i * 7 + 3) % paths.length], value));
      return json(once);
    });
  const pollution = fc.constantFrom('__proto__', 'constructor').map((key) => {
    const base = JSON.stringify(template ?? {});
    const inject = key === '__proto__' ? '"__proto__":{"isAdmin":true,"role":"admin"}' : '"constructor":{"prototype":{"isAdmin":true}}';
    return { text: base === '{}' ? `{${inject}}` : base.replace(/^\{/, `{${inject},`), contentType: 'application/json' };
  });
  const raw = fc
    .oneof(
      fc.constantFrom('{', '{"a":', '[1,2', 'null', '"text"', '1e999', '{"a":1}{"b":2}', '\u0000', '{"a":"\\ud800"}', ''),
      hostileString,
    )
    .map((text) => ({ text, contentType: 'application/json' }));
  const wrongType = fc
    .tuple(
      hostileString,
      fc.constantFrom(
        'text/plain',
        'application/x-www-form-urlencoded',
        'application/xml',
        'multipart/form-data',
        'application/json; charset=latin1',
      ),
    )
    .map(([text, contentType]) => ({ text, contentType }));
  return fc.oneof(
    { weight: 8, arbitrary: mutated },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map(json) },
    { weight: 1, arbitrary: pollution },
    { weight: 1, arbitrary: raw },
    { weight: 1, arbitrary: wrongType },
  );
}

/** encodeURIComponent, or byte-wise percent-encoding for strings it refuses (lone surrogates). */
function enc(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return [...Buffer.from(s, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
  }
}

/** A query string: the route's known keys and some others, with hostile values (arrays too). */
function queryArb(keys: string[]): fc.Arbitrary<string> {
  const allKeys = [...keys, '__proto__', 'constructor[prototype][x]', 'a[b]', 'page[]', '$where'];
  const value = fc.oneof(
    hostileString.filter((s) => s.length < 5000),
    hostileNumber.map(String),
    fc.constantFrom('', '2024-02-30', '2024-01-01', '9999-12-31', '0000-00-00'),
  );
  return fc
    .array(fc.tuple(fc.constantFrom(...allKeys), value), { maxLength: 6 })
    .map((pairs) => pairs.map(([k, v]) => `${enc(k)}=${enc(v)}`).join('&'));
}

/** A path parameter: a real id of the right kind (so the body is validated), or something hostile. */
function paramArb(pool: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...pool) },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 3, arbitrary: hostileString.filter((s) => s.length < 5000).map(enc) },
    { weight: 1, arbitrary: fc.constantFrom('..%2F..%2Fetc%2Fpasswd', '%2e%2e', '%', '%zz', '%00', '%E0%A4%A', '.', 'x'.repeat(300)) },
  );
}

// ---------- per-route templates ----------
const fuzzProduct = () =>
  productBody(shelf, gstId, 'Fuzz rice', {
    Tamil: 'அரிசி',
    description: 'd',
    price: 100,
    shopPrice: 90,
    discount: 5,
    countInStock: 50,
    reOrderLevel: 2,
    images: ['/api/uploads/x.png'],
  });
function template(key: string): { body?: Json; query?: string[]; pool?: () => string[] } {
  const T: Record<string, { body?: Json; query?: string[]; pool?: () => string[] }> = {
    'POST /api/users/auth': { body: { phone: DEMO.customer, password: 'wrong-password' } },
    'POST /api/users': {
      body: {
        name: 'Fuzz',
        phone: '9123456789',
        password: 'Secret@123',
        address: { address: '1 Road', city: 'Chennai', pincode: '600020', phoneNumber: '', area: 'Adyar' },
      },
    },
    'POST /api/users/verify-registration': { body: { phone: '9123456789', code: '123456' } },
    'PUT /api/users/profile': {
      body: {
        name: 'Fuzz',
        email: 'a@b.in',
        password: '',
        addresses: [address()],
        gstNumber: '33ABCDE1234F1Z7',
        vendorDetails: { shopName: 'S' },
      },
    },
    'POST /api/users/verify-phone': { body: { phone: '9123456781', code: '123456' } },
    'POST /api/users/undo-phone-change': { body: { phone: '9123456782', code: '123456', password: 'Secret@123' } },
    'POST /api/users/forgot-password': { body: { phone: '9123456780' } },
    'POST /api/users/reset-password': { body: { phone: DEMO.customer, otp: '123456', password: 'Secret@123' } },
    'PUT /api/users/addresses': { body: { addresses: [address()] } },
    'GET /api/users/:id': { pool: () => ids.users },
    'DELETE /api/users/:id': { pool: () => ids.users },
    'PUT /api/users/:id': { body: { userId: '', role: 'user' }, pool: () => ids.users },
    'GET /api/uploads/:file': { pool: () => ids.uploads },
    'GET /api/products/search': { query: ['keyword', 'minPrice', 'maxPrice', 'sort', 'pageNumber', 'pageSize'] },
    'GET /api/products/subcategory/:subcategory': {
      query: ['page', 'limit', 'minPrice', 'maxPrice', 'inStock', 'sort'],
      pool: () => [shelf.subcategory],
    },
    'GET /api/products/products': { query: ['keyword'] },
    'GET /api/products/:id': { pool: () => ids.products },
    'POST /api/products': { body: { ...fuzzProduct(), isActive: true } as Json },
    'PUT /api/products/:id': { body: fuzzProduct() as Json, pool: () => ids.products },
    'DELETE /api/products/:id': { pool: () => ids.products },
    'POST /api/products/:id/reviews': { body: { rating: 4, comment: 'ok' }, pool: () => ids.products },
    'PUT /api/products/:id/toggle-status': { body: { isActive: true }, pool: () => ids.vendors },
    'GET /api/categories/:id': { pool: () => ids.categories },
    'GET /api/categories/:id/subcategories': { pool: () => [shelf.category] },
    'GET /api/categories/:id/V2-subcategories': { pool: () => [shelf.category] },
    'POST /api/categories': { body: { name: 'Fuzz cat', subcategories: ['a', 'b'] } },
    'PUT /api/categories/:id': { body: { name: 'Fuzz cat 2', subcategories: 'a, b' }, pool: () => ids.categories },
    'DELETE /api/categories/:id': { pool: () => ids.categories },
    'GET /api/gsts': { query: ['active'] },
    'GET /api/gsts/:id': { pool: () => ids.gsts },
    'POST /api/gsts': { body: { name: 'Fuzz GST', rate: 12, hsnCode: '1006', cgst: 6, sgst: 6, igst: 12, isActive: true } },
    'PUT /api/gsts/:id': { body: { name: 'Fuzz GST 2', rate: 18 }, pool: () => ids.gsts },
    'DELETE /api/gsts/:id': { pool: () => ids.gsts },
    'POST /api/informations': { body: { information: 'Fuzz notice' } },
    'DELETE /api/informations/:id': { pool: () => ids.informations },
    'POST /api/Orders': {
      body: {
        products: [{ productId: ids.products[0], quantity: 1, price: 90, discount: 0, vendorId: ids.vendors[0] }],
        totalAmount: 90,
        totalDiscount: 0,
        totalDeliveryDiscount: 0,
        shippingAddress: address(),
        isShop: false,
      },
    },
    'GET /api/Orders/:id': { pool: () => ids.orders },
    'GET /api/Orders/vendor': { query: ['page', 'limit', 'customer', 'product', 'startDate', 'endDate'] },
    'GET /api/Orders/vendor/:id/distinct-products': { pool: () => ids.vendors },
    'PUT /api/Orders/mark-delivered': { body: { orderId: ids.orders[0] } },
    'PUT /api/Orders/:id/status': { body: { status: 'Pending' }, pool: () => ids.orders },
    'POST /api/Orders/:id/void': { body: { reason: 'Fuzz void' }, pool: () => ids.orders },
    'DELETE /api/Orders/orders/:id': { pool: () => ids.orders },
    'POST /api/Orders/pending-by-area': { body: { area: 'Adyar' } },
    'POST /api/Orders/pending-by-area/cards': { body: { area: 'Adyar' } },
    'POST /api/Orders/details': { body: { ids: ids.orders.slice(0, 3) } },
    'GET /api/Orders/gstr1/report': { query: ['startDate', 'endDate', 'vendorId'] },
  };
  return T[key] ?? {};
}
const shopBody = () => ({
  isShop: true,
  _id: newId(),
  createdAt: new Date().toISOString(),
  products: [{ productId: ids.products[0], vendorId: ids.vendors[0], price: 90, quantity: 1, discount: 0 }],
  shippingAddress: { address: 'Counter', city: 'Chennai', pincode: '600017', phoneNumber: '9000000002' },
  paymentStatus: 'Paid',
});

const ACTOR_KEYS = ['anonymous', 'customer', 'vendor', 'vendor2', 'delivery', 'admin'] as const;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fuzz-'));
  ctx = await createTestApp({ dataDir });
  db = ctx.handle.db;
  H.anonymous = {};
  for (const [k, phone] of [
    ['customer', DEMO.customer],
    ['vendor', DEMO.vendor],
    ['vendor2', DEMO.vendor2],
    ['delivery', DEMO.delivery],
    ['admin', DEMO.admin],
  ] as const) {
    H[k] = bearer(await login(ctx.app, phone));
  }
  const vendorId = await userId(db, DEMO.vendor);
  const customerId = await userId(db, DEMO.customer);
  shelf = await makeShelf(db);
  gstId = await makeGst(db, 5);
  ids.vendors = [vendorId, await userId(db, DEMO.vendor2)];
  ids.products = [];
  for (let i = 0; i < 6; i++)
    ids.products.push(await makeProduct(db, { vendorId: ids.vendors[i % 2], shelf, shopPrice: 90, price: 100, stock: 100_000, gstId }));
  ids.orders = [];
  for (let i = 0; i < 6; i++)
    ids.orders.push(
      await insertOrder(db, {
        vendorId: ids.vendors[i % 2],
        customerId,
        lines: [{ productId: ids.products[i % 2], name: 'Fuzz rice', price: 90 }],
      }),
    );
  ids.users = [];
  for (let i = 0; i < 4; i++) ids.users.push((await registerCustomer(ctx.app)).id);
  ids.categories = [shelf.categoryId, (await makeShelf(db)).categoryId];
  ids.gsts = [gstId, await makeGst(db, 18)];
  ids.informations = [];
  for (let i = 0; i < 3; i++) {
    const id = newId();
    await db
      .insertInto('announcements')
      .values({ id, information: `Fuzz ${i}` })
      .execute();
    ids.informations.push(id);
  }
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
  fs.mkdirSync(path.join(dataDir, 'uploads'), { recursive: true });
  const { UploadsService } = await import('../../server/services/platform/uploads.service');
  ids.uploads = [(await new UploadsService(db).store(png, vendorActor(vendorId))).url.split('/').pop()!];
});
afterAll(async () => {
  await ctx?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  console.log(
    `fuzz: ${cases} cases, ${checks} row-change checks, ${checksums} checksum comparisons, statuses ${JSON.stringify(Object.fromEntries([...statusCount].sort()))}`,
  );
});

const fuzzable = ROUTE_POLICY.filter((p) => p.url !== '/api/users/logout');
/**
 * Runs per route: a route that takes no input (no path parameter, query or body) gets a few runs
 * (callers and stray query strings); password-hashing routes a third of the rest; the others share the total.
 */
const HASHING = new Set([
  'POST /api/users/auth',
  'POST /api/users',
  'PUT /api/users/profile',
  'POST /api/users/reset-password',
  'POST /api/users/undo-phone-change',
]);
function weight(p: RoutePolicy): number {
  const key = routeKey(p.method, p.url);
  const takesQuery = [
    'GET /api/products/search',
    'GET /api/products/products',
    'GET /api/gsts',
    'GET /api/Orders/vendor',
    'GET /api/Orders/gstr1/report',
  ];
  if (HASHING.has(key)) return 1;
  if (p.method === 'GET' && !p.url.includes(':') && !takesQuery.includes(key)) return 0.1;
  return 3;
}
const totalWeight = () => fuzzable.reduce((a, p) => a + weight(p), 0);
const runsFor = (p: RoutePolicy) => Math.max(10, Math.ceil((TOTAL_RUNS * weight(p)) / totalWeight()));

describe(`fuzz: ${TOTAL_RUNS} hostile requests over ${fuzzable.length} routes`, () => {
  let counter = 0;
  beforeAll(async () => {
    await installChangeCounter();
    counter = await changes();
  });

  for (const policy of fuzzable) {
    const key = routeKey(policy.method, policy.url);
    it(`${key} (${runsFor(policy)} cases)`, async () => {
      const t = template(key);
      const params = [...policy.url.matchAll(/:(\w+)/g)].map((m) => m[1]);
      const isWrite = policy.method !== 'GET';
      const body = isWrite ? bodyArb(key === 'POST /api/Orders' ? (t.body ?? null) : (t.body ?? {})) : fc.constant(undefined);
      const shopBodies = key === 'POST /api/Orders' ? bodyArb(shopBody() as Json) : body;
      const arb = fc.record({
        actor: fc.constantFrom(...allowedFirst(policy)),
        params: fc.tuple(...params.map(() => paramArb(t.pool?.() ?? ids.products)), fc.constant('')),
        query: queryArb(t.query ?? ['keyword', 'page']),
        body: fc.oneof(body, shopBodies),
        idemKey: fc.option(fc.constantFrom('k1', '', ' ', 'x'.repeat(300), '"quoted"', 'ключ'), { freq: 8 }),
      });
      await fc.assert(
        fc.asyncProperty(arb, async (c) => {
          let url = policy.url;
          params.forEach((name, i) => (url = url.replace(`:${name}`, c.params[i] || 'x')));
          if (c.query) url += `?${c.query}`;
          const headers: Record<string, string> = { ...H[c.actor] };
          if (c.idemKey !== null) headers['idempotency-key'] = c.idemKey;
          if (c.body) headers['content-type'] = c.body.contentType;
          const sampled = isWrite && cases % CHECKSUM_EVERY === 0;
          const before = sampled ? await checksum() : '';
          const res = await ctx.app.inject({ method: policy.method, url, headers, ...(c.body ? { payload: c.body.text } : {}) });
          cases++;
          statusCount.set(res.statusCode, (statusCount.get(res.statusCode) ?? 0) + 1);
          if (res.statusCode >= 500) throw new Error(`${res.statusCode} ${res.body}`);
          if (res.statusCode >= 400) {
            const { message, code } = res.json();
            if (typeof message !== 'string' || !message) throw new Error(`error without a message: ${res.body}`);
            if (!isMessageCode(code)) throw new Error(`error without a message code: ${res.body}`);
          }
          if (!isWrite) return;
          checks++;
          const after = await changes();
          if (res.statusCode >= 400 && after !== counter)
            throw new Error(`rejected request (${res.statusCode} ${res.body.slice(0, 200)}) changed ${after - counter} row(s)`);
          if (sampled && res.statusCode >= 400 && (await checksum()) !== before)
            throw new Error(`rejected request (${res.statusCode}) changed the table checksums`);
          if (sampled) checksums++;
          counter = after;
        }),
        { numRuns: runsFor(policy), seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined },
      );
      // nothing leaked onto Object.prototype
      expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
      expect(({} as Record<string, unknown>).role).toBeUndefined();
      // GET requests changed no row either
      expect(await changes()).toBe(counter);
    }, 120_000);
  }

  it('left the demo accounts with their roles', async () => {
    const rows = await db
      .selectFrom('users')
      .select(['phone', 'role'])
      .where('phone', 'in', [DEMO.admin, DEMO.vendor, DEMO.customer, DEMO.delivery, DEMO.vendor2])
      .orderBy('phone')
      .execute();
    expect(rows.map((r) => r.role)).toEqual(['admin', 'vendor', 'user', 'delivery', 'vendor']);
    expect(cases).toBeGreaterThanOrEqual(TOTAL_RUNS);
  });
});

/** Callers, the allowed ones repeated so most cases get past the guard into validation. */
function allowedFirst(p: RoutePolicy): string[] {
  const ok = ACTOR_KEYS.filter((a) => p.expect[a === 'anonymous' ? 'anonymous' : a] < 400 || p.expect[a] === 404);
  return [...ACTOR_KEYS, ...ok, ...ok, ...ok];
}
