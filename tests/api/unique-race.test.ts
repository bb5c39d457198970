import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageText } from '../../core/message-text';
import { MSG_TA } from '../../core/messages-ta';
import type { ProductDto } from '../../core/schemas/product';
import { UNIQUE_ANSWERS, uniqueViolation } from '../../server/lib/unique-violation';
import { bearer, createTestApp, DEMO, listedShelf, login, tokenRequests, type TestContext, codedBody } from './helpers';
import { productBody as makeBody } from '../support/api-builders';
import { userId } from '../support/db-builders';

/**
 * Saves racing past a service's check into a unique index: the loser answers 409 with the field's
 * message, as the check would, never 500, and nothing is logged as an error. On PostgreSQL the
 * parallel requests run on several connections; on PGlite the queries take turns, but the requests'
 * checks still run before the first write. Either way each race must reach the index.
 */

interface LogEntry {
  level: number;
  msg?: string;
  constraint?: string;
}
const logged: LogEntry[] = [];
const logger = {
  level: 'info',
  stream: {
    write(line: string) {
      try {
        logged.push(JSON.parse(line) as LogEntry);
      } catch {
        // not a JSON log line
      }
    },
  },
};
const HANDLED = 'unique violation answered 409';
/** How many saves the barcode index refused (the handler's log entries). */
const indexRefusals = () => logged.filter((e) => e.msg === HANDLED && e.constraint === 'products_vendor_barcode').length;

let ctx: TestContext;
let vendor: string;
let vendorId: string;
let gst: string;
let shelf: { name: string; subcategories: string[] };
const { call, ok } = tokenRequests(() => ctx.app);

let seq = 0;
const freshBarcode = () => `RACE-${Date.now().toString(36)}-${++seq}`;
const productBody = (extra: object = {}) => makeBody(shelf, gst, `Race item ${++seq}`, extra);

const create = (barcode: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: '/api/products', headers: { ...bearer(vendor), ...headers }, payload: productBody({ barcode }) });
const edit = (p: ProductDto, barcode: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/products/${p._id}`,
    headers: { ...bearer(vendor), ...headers },
    payload: { ...productBody({ barcode }), name: p.name },
  });
const withoutBarcode = async () => (await ok('POST', '/api/products', vendor, productBody(), 201)) as ProductDto;
const holders = async (barcode: string) =>
  (await ctx.handle.db.selectFrom('products').select('id').where('vendor_id', '=', vendorId).where('barcode', '=', barcode).execute()).map(
    (r) => r.id,
  );

type Answer = Awaited<ReturnType<typeof create>>;
/** Every answer is the one success or the barcode's 409 (in the language asked for); none is a 500. */
function expectOneWinner(answers: Answer[], success: number[], message: string = messageText('barcodeTaken', 'en')) {
  const statuses = answers.map((a) => a.statusCode);
  expect(
    statuses.filter((s) => s >= 500),
    answers.map((a) => a.body).join('\n'),
  ).toEqual([]);
  expect(
    statuses.filter((s) => success.includes(s)),
    statuses.join(','),
  ).toHaveLength(1);
  for (const a of answers.filter((x) => !success.includes(x.statusCode))) {
    expect(a.statusCode, a.body).toBe(409);
    expect(a.json()).toEqual({ message, code: 'barcodeTaken', field: 'barcode' });
  }
}

/**
 * Runs a race round by round, each with a new barcode, until the unique index (not only the service's
 * check) has refused a save, at most 5 rounds: a race that never reached the index would prove nothing.
 */
async function race(round: (barcode: string) => Promise<void>) {
  const before = indexRefusals();
  for (let i = 0; i < 5 && (i === 0 || indexRefusals() === before); i++) await round(freshBarcode());
  expect(indexRefusals(), 'a save reached the unique index').toBeGreaterThan(before);
}

/** Nothing the races did was logged as an error (a unique violation is an answer, not a fault). */
function expectNoErrorLogged() {
  expect(logged.filter((e) => e.msg === 'unhandled error')).toEqual([]);
  expect(logged.filter((e) => e.level >= 50)).toEqual([]);
}

beforeAll(async () => {
  ctx = await createTestApp({}, { logger });
  const admin = await login(ctx.app, DEMO.admin);
  vendor = await login(ctx.app, DEMO.vendor);
  vendorId = await userId(ctx.handle.db, DEMO.vendor);
  gst = ((await ok('GET', '/api/gsts?active=true', admin)) as Array<{ _id: string }>)[0]._id;
  shelf = await listedShelf(ctx.app, admin);
});
afterAll(async () => ctx?.close());

describe('a barcode given twice at the same moment', () => {
  it('10 parallel creates: one 201, the rest 409 with the barcode message and field, none 500', async () => {
    await race(async (barcode) => {
      const answers = await Promise.all(Array.from({ length: 10 }, () => create(barcode)));
      expectOneWinner(answers, [201]);
      const winner = answers.find((a) => a.statusCode === 201)!.json() as ProductDto;
      expect(await holders(barcode)).toEqual([winner._id]);
    });
    expectNoErrorLogged();
  });

  it('two products edited in parallel to one new barcode: one 200, one 409', async () => {
    await race(async (barcode) => {
      const [a, b] = [await withoutBarcode(), await withoutBarcode()];
      const answers = await Promise.all([edit(a, barcode), edit(b, barcode)]);
      expectOneWinner(answers, [200]);
      const winner = answers.find((x) => x.statusCode === 200)!.json() as ProductDto;
      expect(await holders(barcode)).toEqual([winner._id]);
      // the loser kept what it had: no barcode
      const loser = winner._id === a._id ? b : a;
      const row = await ctx.handle.db.selectFrom('products').select('barcode').where('id', '=', loser._id).executeTakeFirstOrThrow();
      expect(row.barcode).toBeNull();
    });
    expectNoErrorLogged();
  });

  it('creates and edits mixed: exactly one of them gets the barcode', async () => {
    await race(async (barcode) => {
      const existing = [await withoutBarcode(), await withoutBarcode(), await withoutBarcode()];
      const answers = await Promise.all([
        create(barcode),
        edit(existing[0], barcode),
        create(barcode),
        edit(existing[1], barcode),
        create(barcode),
        edit(existing[2], barcode),
        create(barcode),
      ]);
      expectOneWinner(answers, [200, 201]);
      expect(await holders(barcode)).toHaveLength(1);
    });
    expectNoErrorLogged();
  });

  it('answers in Tamil when asked (Accept-Language: ta)', async () => {
    const ta = { 'accept-language': 'ta-IN,ta;q=0.9,en;q=0.5' };
    const tamil = messageText('barcodeTaken', 'ta');
    expect(tamil).toMatch(/[\u0B80-\u0BFF]/);
    await race(async (barcode) => {
      const [a, b] = [await withoutBarcode(), await withoutBarcode()];
      const answers = await Promise.all([
        ...Array.from({ length: 4 }, () => create(barcode, ta)),
        edit(a, barcode, ta),
        edit(b, barcode, ta),
      ]);
      expectOneWinner(answers, [200, 201], tamil);
    });
    expectNoErrorLogged();
  });
});

describe('the unique-violation handler', () => {
  it('knows every unique index of the schema, and names none that is gone', async () => {
    const { rows } = await sql<{ name: string; primary: boolean }>`
      SELECT c.relname AS name, i.indisprimary AS primary
      FROM pg_index i
      JOIN pg_class c ON c.oid = i.indexrelid
      JOIN pg_class t ON t.oid = i.indrelid
      JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE i.indisunique AND n.nspname = 'public' AND t.relname NOT LIKE 'kysely_%'`.execute(ctx.handle.db);
    // primary keys are listed only where the client chooses the value; every other unique index is listed
    expect(rows.filter((r) => !r.primary && !(r.name in UNIQUE_ANSWERS)).map((r) => r.name)).toEqual([]);
    const names = new Set(rows.map((r) => r.name));
    expect(Object.keys(UNIQUE_ANSWERS).filter((n) => !names.has(n))).toEqual([]);
  });

  it('reads the index from the message when the error does not carry it, and knows nothing else as one', () => {
    const message = 'duplicate key value violates unique constraint "products_vendor_barcode"';
    expect(uniqueViolation({ code: '23505', message })?.answer.body()).toEqual(codedBody('barcodeTaken', { field: 'barcode' }));
    expect(uniqueViolation({ code: '23505', message })?.answer.statusCode).toBe(409);
    expect(uniqueViolation(new Error(message))?.answer.body()).toEqual(codedBody('barcodeTaken', { field: 'barcode' }));
    expect(uniqueViolation({ code: '23505', constraint: 'users_phone_key', message: 'x' })?.answer.body()).toEqual(
      codedBody('phoneTaken', { field: 'phone' }),
    );
    expect(uniqueViolation({ code: '23505', message: 'no name here' })?.answer.body()).toEqual(codedBody('alreadyExists'));
    expect(uniqueViolation({ code: '23503', message: 'violates foreign key constraint "x"' })).toBeUndefined();
    expect(uniqueViolation(new Error('something else'))).toBeUndefined();
    expect(uniqueViolation(undefined)).toBeUndefined();
  });

  it('an index it does not know still answers 409 with the generic text (in Tamil too), not 500', async () => {
    const admin = await login(ctx.app, DEMO.admin);
    await sql`CREATE UNIQUE INDEX test_announcements_once ON announcements (information)`.execute(ctx.handle.db);
    try {
      const text = `Closed on ${freshBarcode()}`;
      await ok('POST', '/api/informations', admin, { information: text }, 201);
      const again = await call('POST', '/api/informations', admin, { information: text });
      expect(again.statusCode, again.body).toBe(409);
      expect(again.json()).toEqual(codedBody('alreadyExists'));
      const inTamil = await ctx.app.inject({
        method: 'POST',
        url: '/api/informations',
        headers: { ...bearer(admin), 'accept-language': 'ta' },
        payload: { information: text },
      });
      expect(inTamil.statusCode).toBe(409);
      expect(inTamil.json()).toEqual({ message: MSG_TA.alreadyExists, code: 'alreadyExists' });
      expect(logged.filter((e) => e.msg === HANDLED && e.constraint === 'test_announcements_once')).toHaveLength(2);
    } finally {
      await sql`DROP INDEX test_announcements_once`.execute(ctx.handle.db);
    }
    expectNoErrorLogged();
  });
});
