import cluster from 'node:cluster';
import fs from 'node:fs';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db';
import { migrateToLatest } from './db/migrate';
import { seedIfEmpty } from './db/seed';

const config = loadConfig();
// Several stateless API processes share one PostgreSQL server; PGlite is one process.
const workers = config.databaseUrl ? Math.max(1, Number(process.env.WORKERS ?? 1) || 1) : 1;

async function prepareDatabase() {
  if (!config.databaseUrl) fs.mkdirSync(config.dataDir, { recursive: true });
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : `${config.dataDir}/pglite` });
  await migrateToLatest(handle.db);
  const seeded = await seedIfEmpty(handle.db);
  return { handle, seeded };
}

async function serve(handle: Awaited<ReturnType<typeof prepareDatabase>>['handle'], seeded: boolean) {
  const app = await buildApp({ db: handle.db, config, logger: { level: config.logLevel } });
  if (seeded) app.log.info('Empty database: demo data seeded');
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'draining requests and shutting down');
    await app.close(); // stops accepting, lets requests in flight finish
    await handle.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Marketplace on http://localhost:${config.port} (${handle.kind}${workers > 1 ? `, worker ${process.pid}` : ''})`);
}

if (workers > 1 && cluster.isPrimary) {
  const { handle } = await prepareDatabase(); // migrate and seed once, then hand over to the workers
  await handle.close();
  for (let i = 0; i < workers; i++) cluster.fork();
  cluster.on('exit', (worker, code, signal) => {
    if (signal !== 'SIGTERM' && code !== 0) cluster.fork();
  });
  const stop = () => {
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
} else if (workers > 1) {
  const handle = await openDatabase({ databaseUrl: config.databaseUrl });
  await serve(handle, false);
} else {
  const { handle, seeded } = await prepareDatabase();
  await serve(handle, seeded);
}
