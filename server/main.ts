import cluster from 'node:cluster';
import fs from 'node:fs';
import type http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db';
import { migrateToLatest } from './db/migrate';
import { seedIfEmpty, shouldSeedDemo } from './db/seed';
import { productionProblems } from './production-checks';

const config = loadConfig();
const problems = productionProblems(config, process.env);
if (problems.length) {
  for (const p of problems) console.error(`Refusing to start: ${p}`);
  process.exit(1);
}
// The development SMS sender writes to its own outbox file, never to the application log.
if (config.sms.sender === 'log' && !config.sms.outboxFile) config.sms.outboxFile = path.join(config.dataDir, 'sms-outbox.log');
// Several stateless API processes share one PostgreSQL server; PGlite is one process.
const workers = config.databaseUrl ? Math.max(1, Number(process.env.WORKERS ?? 1) || 1) : 1;

async function prepareDatabase() {
  if (!config.databaseUrl) fs.mkdirSync(config.dataDir, { recursive: true });
  const handle = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : `${config.dataDir}/pglite`,
  });
  const applied = await migrateToLatest(handle.db);
  const rel = path.relative(process.cwd(), path.join(config.dataDir, 'pglite'));
  const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${rel.startsWith('..') ? path.join(config.dataDir, 'pglite') : rel}`;
  console.log(`Database: ${where}, ${applied ? `${applied} migration${applied > 1 ? 's' : ''} applied` : 'up to date'}.`);
  const seeded = shouldSeedDemo(process.env, !!config.databaseUrl) && (await seedIfEmpty(handle.db));
  if (seeded) {
    const { demoAccountLines } = await import('./db/seed-demo');
    console.log(['Empty database: demo data seeded.', ...demoAccountLines()].join('\n'));
  }
  if (!seeded && !(await handle.db.selectFrom('users').select('id').limit(1).executeTakeFirst())) {
    console.warn('No accounts yet: create the first admin with `npm run create-admin -- --phone <phone>`.');
  }
  return { handle, seeded };
}

async function serve(handle: Awaited<ReturnType<typeof prepareDatabase>>['handle']) {
  const app = await buildApp({ db: handle.db, config, logger: { level: config.logLevel } });
  // Connection bookkeeping for a real drain: Node's server.close() (inside app.close()) drops every
  // connection without a request in progress, including one whose request bytes are still unread.
  const conns = new Map<net.Socket, { busy: number; used: boolean; since: number }>();
  app.server.on('connection', (socket: net.Socket) => {
    conns.set(socket, { busy: 0, used: false, since: Date.now() });
    socket.on('close', () => conns.delete(socket));
  });
  app.server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const c = conns.get(req.socket as net.Socket);
    if (!c) return;
    c.busy++;
    c.used = true;
    res.on('close', () => c.busy--);
  });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'draining requests and shutting down');
    // Accept what already waits in the listen backlog (closing the listener would reset those), then stop
    // taking new connections; open ones keep being served.
    await new Promise((r) => setTimeout(r, 100));
    net.Server.prototype.close.call(app.server);
    // open event streams never finish by themselves: ended now, their browsers reconnect elsewhere
    app.services.live.endStreams();
    // Wait (up to 25 s) for requests in progress, and for connections that have not sent their request yet (up to 5 s).
    const deadline = Date.now() + 25_000;
    const waiting = () => [...conns.values()].some((c) => c.busy > 0 || (!c.used && Date.now() - c.since < 5_000));
    while (waiting() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await app.close(); // closes idle keep-alive connections; a late request on one gets 503
    await handle.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  await app.listen({ port: config.port, host: config.host });
  // the in-memory search index, built beside the first requests (searches go to PostgreSQL until it is ready)
  app.services.catalog.warmSearch().catch((err) => app.log.error({ err }, 'search index: build failed'));
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
  await serve(handle);
} else {
  const { handle } = await prepareDatabase();
  await serve(handle);
}
