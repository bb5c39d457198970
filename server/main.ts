import fs from 'node:fs';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db';
import { migrateToLatest } from './db/migrate';
import { seedIfEmpty } from './db/seed';

const config = loadConfig();
if (!config.databaseUrl) fs.mkdirSync(config.dataDir, { recursive: true });

const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : `${config.dataDir}/pglite` });
await migrateToLatest(handle.db);
const seeded = await seedIfEmpty(handle.db);

const app = await buildApp({ db: handle.db, config, logger: { level: config.logLevel } });
if (seeded) app.log.info('Empty database: demo data seeded');

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'draining requests and shutting down');
  await app.close(); // stops accepting, waits for requests in flight
  await handle.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
app.log.info(`Marketplace on http://localhost:${config.port} (${handle.kind})`);
