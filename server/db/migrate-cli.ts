/** `npm run db:migrate`: brings the configured database (DATABASE_URL, else PGlite under DATA_DIR/pglite) to the latest schema. */
import fs from 'node:fs';
import { loadConfig } from '../config';
import { openDatabase } from '.';
import { migrateToLatest } from './migrate';

const config = loadConfig();
if (!config.databaseUrl) fs.mkdirSync(config.dataDir, { recursive: true });
const where = config.databaseUrl ? 'the PostgreSQL server of DATABASE_URL' : `${config.dataDir}/pglite`;
const handle = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.databaseUrl ? undefined : `${config.dataDir}/pglite`,
});
try {
  await migrateToLatest(handle.db);
  console.log(`Migrated ${where} to the latest schema.`);
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
} finally {
  await handle.close();
}
