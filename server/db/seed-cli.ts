/**
 * `npm run db:seed [-- --products N]`: migrates the configured database (DATABASE_URL, else PGlite
 * under DATA_DIR/pglite, as `npm start` uses), seeds the demo data when it is empty, and with
 * `--products N` adds N generated products. `--year [--days N] [--scale F] [--end YYYY-MM-DD]` adds a
 * year of three busy shops for the back-office bench (seed-year.ts).
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '.';
import { migrateToLatest } from './migrate';
import { seedIfEmpty } from './seed';
import { generateProducts } from './seed-generate';
import { seedYear } from './seed-year';

const USAGE = 'Usage: npm run db:seed [-- --products N [--seed S]] [-- --year [--seed S] [--days N] [--scale F] [--end YYYY-MM-DD]]';
let products = 0;
let seed: number | undefined;
let year: { days?: number; scale?: number; end?: string } | undefined;
try {
  const { values } = parseArgs({
    options: {
      products: { type: 'string' },
      seed: { type: 'string' },
      year: { type: 'boolean' },
      days: { type: 'string' },
      scale: { type: 'string' },
      end: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  if (values.products !== undefined) {
    products = Number(values.products);
    if (!Number.isInteger(products) || products < 0 || products > 5_000_000)
      throw new Error('--products needs a whole number between 0 and 5000000');
  }
  if (values.seed !== undefined) seed = Number(values.seed) || 0;
  if (values.year) year = { end: values.end };
  if (values.days !== undefined || values.scale !== undefined || values.end !== undefined) {
    if (!year) throw new Error('--days, --scale and --end go with --year');
    if (values.days !== undefined) year.days = Number(values.days);
    if (values.scale !== undefined) year.scale = Number(values.scale);
  }
} catch (err) {
  console.error((err as Error).message);
  console.error(USAGE);
  process.exit(2);
}

const config = loadConfig();
if (!config.databaseUrl) fs.mkdirSync(config.dataDir, { recursive: true });
const where = config.databaseUrl ? 'the PostgreSQL server of DATABASE_URL' : `${config.dataDir}/pglite`;
const handle = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.databaseUrl ? undefined : `${config.dataDir}/pglite`,
});
try {
  await migrateToLatest(handle.db);
  const t0 = Date.now();
  if (await seedIfEmpty(handle.db))
    console.log(`Seeded the demo data into ${where} (${Date.now() - t0} ms). Demo accounts use the password Demo@1234.`);
  else console.log(`${where[0].toUpperCase()}${where.slice(1)} already has data: the demo data was not seeded again.`);
  if (products > 0) {
    const t1 = Date.now();
    const n = await generateProducts(handle.db, products, { seed });
    console.log(`Added ${n} generated products in ${((Date.now() - t1) / 1000).toFixed(1)} s.`);
  }
  if (year) {
    const t2 = Date.now();
    const report = await seedYear(handle.db, { ...year, seed: seed ?? 1, log: (line) => console.log(`  ${line}`) });
    console.log(`A year of data, ${report.from} to ${report.to}, in ${((Date.now() - t2) / 1000).toFixed(1)} s.`);
    console.log('Rows per table:');
    for (const [table, n] of Object.entries(report.rows)) console.log(`  ${table.padEnd(18)}${String(n).padStart(10)}`);
    if (report.databaseBytes !== null) console.log(`Database size on disk: ${(report.databaseBytes / 1048576).toFixed(1)} MB`);
    console.log("The year's shops (vendor accounts, password Demo@1234):");
    for (const s of report.shops) console.log(`  ${s.phone}  ${s.name}`);
  }
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
} finally {
  await handle.close();
}
