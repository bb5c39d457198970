/**
 * `npm run bench:import`: imports a generated CSV of 5,000 products into a vendor's catalogue through
 * the real route (Fastify inject) on PostgreSQL, three times, and prints each run's time and the
 * server's memory growth (peak rss over the rss before the run), then the medians.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npm run bench:import
 *
 * The database "bench_import" on that server is dropped and recreated (migrated, demo data).
 */
import pg from 'pg';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db';
import { migrateToLatest } from '../server/db/migrate';
import { DEMO_PASSWORD, seedDemo } from '../server/db/seed-demo';

const ROWS = 5_000;
const RUNS = 3;
const serverUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;
if (!serverUrl) throw new Error('Set DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL server');

const target = new URL(serverUrl);
target.pathname = '/bench_import';
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query('DROP DATABASE IF EXISTS bench_import WITH (FORCE)');
await admin.query('CREATE DATABASE bench_import');
await admin.end();

const handle = await openDatabase({ databaseUrl: target.toString() });
await migrateToLatest(handle.db);
await seedDemo(handle.db);
const category = await handle.db
  .selectFrom('categories as c')
  .innerJoin('subcategories as s', 's.category_id', 'c.id')
  .select(['c.name as c', 's.name as s'])
  .executeTakeFirstOrThrow();
const vendor = await handle.db.selectFrom('users').select('phone').where('role', '=', 'vendor').executeTakeFirstOrThrow();
const config = { ...loadConfig({ ...process.env, DATABASE_URL: target.toString() }), webDir: '/nonexistent' };
const app = await buildApp({ db: handle.db, config, logger: false });
await app.ready();
const auth = await app.inject({ method: 'POST', url: '/api/users/auth', payload: { phone: vendor.phone, password: DEMO_PASSWORD } });
const token = auth.json().token as string;

/** 5,000 rows with Tamil names, barcodes and SKUs of run `run`. */
function csv(run: number): Buffer {
  const lines = [
    'Name,Tamil name,Category,Subcategory,Unit,MRP,Selling price,Discount,GST rate,SKU,Stock,Reorder level,Cost price,Description',
  ];
  for (let i = 0; i < ROWS; i++) {
    lines.push(
      `Bench ${run}-${i},பொருள் ${run}-${i},${category.c},${category.s},pcs,${100 + (i % 50)},${90 + (i % 50)},0,5,B${run}-${i},${i % 40},2,${60 + (i % 30)},Row ${i}`,
    );
  }
  return Buffer.from(lines.join('\n'));
}

function multipart(content: Buffer) {
  const boundary = '----bench' + Math.random().toString(16).slice(2);
  return {
    payload: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.csv"\r\nContent-Type: text/csv\r\n\r\n`),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` },
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const times: number[] = [];
const growths: number[] = [];
for (let run = 1; run <= RUNS; run++) {
  const body = multipart(csv(run));
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const start = performance.now();
  const res = await app.inject({ method: 'POST', url: '/api/products/import', ...body });
  const ms = performance.now() - start;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  const out = res.json();
  if (res.statusCode !== 200 || out.created !== ROWS) throw new Error(`run ${run}: ${res.statusCode} ${res.body.slice(0, 300)}`);
  times.push(ms);
  growths.push((peak - before) / 1024 / 1024);
  console.log(`run ${run}: ${ROWS} rows created in ${(ms / 1000).toFixed(2)} s, rss +${growths.at(-1)!.toFixed(1)} MB`);
}
console.log(`median of ${RUNS}: ${(median(times) / 1000).toFixed(2)} s, rss +${median(growths).toFixed(1)} MB (budget 15 s, 100 MB)`);
await app.close();
await handle.close();
