/**
 * npm run pg-restart-check: the API under load while PostgreSQL stops and starts again.
 *
 * Starts the real server on a fresh database of the local PostgreSQL server (PG_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres), drives reads and writes from 20 clients, stops
 * the cluster (pg_ctlcluster --skip-systemctl-redirect PG_VERSION PG_CLUSTER stop -m fast; needs root), waits
 * PG_DOWN_SECONDS (5), starts it again, and checks: while the database is down every answer is
 * 503 {message} (never a 500, never a dropped connection); afterwards the same server process
 * answers 200 again by itself. The cluster is started again whatever happens.
 */
import { type ChildProcess, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startServer } from './start-server.mjs';
import { DEMO } from '../tests/support/demo-accounts';

const PG_URL = process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const VERSION = process.env.PG_VERSION ?? '15';
const CLUSTER = process.env.PG_CLUSTER ?? 'main';
const DOWN_MS = Number(process.env.PG_DOWN_SECONDS ?? 5) * 1000;

const ctl = (action: 'stop' | 'start') =>
  execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', VERSION, CLUSTER, action, ...(action === 'stop' ? ['-m', 'fast'] : [])], {
    stdio: 'inherit',
  });
const pgUp = async () => {
  const c = new pg.Client({ connectionString: PG_URL });
  try {
    await c.connect();
    await c.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => {});
  }
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const dbName = `pgrestart_${randomBytes(4).toString('hex')}`;
const dbUrl = (() => {
  const u = new URL(PG_URL);
  u.pathname = `/${dbName}`;
  return u.toString();
})();
const admin = async (q: string) => {
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  try {
    await c.query(q);
  } finally {
    await c.end();
  }
};

let child: ChildProcess | undefined;
let failed = false;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pg-restart-'));
try {
  await admin(`CREATE DATABASE ${dbName}`);
  const server = await startServer({
    build: true,
    logFile: path.join(dataDir, 'server.log'),
    timeoutMs: 120_000,
    env: {
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: dbUrl,
      WEB_DIR: '/nonexistent',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_LOGIN: '1000',
      SEED_DEMO: '1',
    },
  });
  child = server.child;
  const base = server.url;
  const login = async (phone: string) =>
    (
      (await (
        await fetch(`${base}/api/users/auth`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ phone, password: DEMO.password }),
        })
      ).json()) as { token: string }
    ).token;
  const customer = await login(DEMO.customer);
  const vendor = await login(DEMO.vendor);

  type Phase = 'before' | 'down' | 'after';
  let phase: Phase = 'before';
  const seen: Record<Phase, Record<string, number>> = { before: {}, down: {}, after: {} };
  const bad: string[] = [];
  let stop = false;
  let firstOkAfter = 0;
  let restartedAt = 0;
  const requests = [
    { url: '/api/products/search?keyword=rice', token: customer },
    { url: '/api/Orders/vendor/pending', token: vendor },
    { url: '/api/categories', token: customer },
    { url: '/api/ready' },
    { url: '/api/users/profile', token: customer },
  ];
  const client = async (n: number) => {
    for (let i = n; !stop; i++) {
      const r = requests[i % requests.length];
      const p = phase;
      let key: string;
      try {
        const res = await fetch(`${base}${r.url}`, {
          headers: r.token ? { authorization: `Bearer ${r.token}` } : {},
          signal: AbortSignal.timeout(30_000),
        });
        const body = await res.text();
        key = String(res.status);
        if (res.status >= 400) {
          const msg = (() => {
            try {
              return JSON.parse(body).message;
            } catch {
              return undefined;
            }
          })();
          if (typeof msg !== 'string') bad.push(`${r.url} ${res.status} without {message}: ${body.slice(0, 100)}`);
        }
        if (res.status >= 500 && res.status !== 503) bad.push(`${r.url} ${res.status} ${body.slice(0, 200)}`);
        if (p === 'after' && res.ok && !firstOkAfter) firstOkAfter = Date.now();
      } catch (err) {
        key = `error:${(err as Error).name}`;
        bad.push(`${r.url} ${(err as Error).message}`);
      }
      seen[p][key] = (seen[p][key] ?? 0) + 1;
      await sleep(20);
    }
  };
  const clients = Array.from({ length: 20 }, (_, i) => client(i));
  await sleep(3000);
  console.log('stopping PostgreSQL');
  ctl('stop');
  phase = 'down';
  await sleep(DOWN_MS);
  console.log('starting PostgreSQL');
  phase = 'after';
  restartedAt = Date.now();
  ctl('start');
  const until = Date.now() + 60_000;
  while (!firstOkAfter && Date.now() < until) await sleep(200);
  // let it run a little longer once recovered, to see that it stays recovered
  await sleep(3000);
  const afterRecovered = { ...seen.after };
  stop = true;
  await Promise.all(clients);
  const serverAlive = child.exitCode === null;
  const recoveredInMs = firstOkAfter ? firstOkAfter - restartedAt : -1;
  const downOk = Object.keys(seen.down).every((k) => k === '503' || k === '200');
  console.log(
    JSON.stringify(
      {
        before: seen.before,
        down: seen.down,
        after: afterRecovered,
        recoveredInMs,
        serverAlive,
        problems: bad.slice(0, 10),
        problemCount: bad.length,
      },
      null,
      2,
    ),
  );
  failed = bad.length > 0 || !serverAlive || recoveredInMs < 0 || !downOk || !seen.down['503'];
  console.log(
    failed
      ? 'pg-restart-check FAILED'
      : `pg-restart-check passed: 503 {message} while PostgreSQL was down, 200 again ${recoveredInMs} ms after it started, same server process`,
  );
} catch (err) {
  console.error(err);
  failed = true;
} finally {
  if (!(await pgUp())) {
    try {
      ctl('start');
    } catch (err) {
      console.error('could not start PostgreSQL again', err);
    }
  }
  if (child && child.exitCode === null) child.kill('SIGTERM');
  await sleep(500);
  await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch((e) => console.error('drop database', e));
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(failed ? 1 : 0);
}
