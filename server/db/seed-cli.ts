/**
 * `npm run db:seed [-- --products N]`: migrates the configured database (DATABASE_URL, else PGlite
 * under DATA_DIR/pglite, as `npm start` uses), seeds the demo data when it is empty, and with
 * `--products N` adds N generated products.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '.';
import { migrateToLatest } from './migrate';
import { seedIfEmpty } from './seed';
import { generateProducts } from './seed-generate';

let products = 0;
let seed: number | undefined;
try {
  const { values } = parseArgs({
    options: { products: { type: 'string' }, seed: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    strict: true,
  });
  if (values.help) {
    console.log('Usage: npm run db:seed [-- --products N [--seed S]]');
    process.exit(0);
  }
  if (values.products !== undefined) {
    products = Number(values.products);
    if (!Number.isInteger(products) || products < 0 || products > 5_000_000)
      throw new Error('--products needs a whole number between 0 and 5000000');
  }
  if (values.seed !== undefined) seed = Number(values.seed) || 0;
} catch (err) {
  console.error((err as Error).message);
  console.error('Usage: npm run db:seed [-- --products N [--seed S]]');
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
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
} finally {
  await handle.close();
}
