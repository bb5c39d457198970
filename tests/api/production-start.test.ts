import { spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db';
import { shouldSeedDemo } from '../../server/db/seed';
import { productionProblems } from '../../server/production-checks';
import { startServer } from '../../scripts/start-server.mjs';
import { DEMO, newServerDatabase } from './helpers';

/**
 * A production start (server/main.ts in a child process) on an empty database: no demo account,
 * no start with the log SMS sender, and the first admin made by `npm run create-admin`.
 * Runs on PGlite in a temp folder, or on a new database of TEST_DATABASE_URL's server.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
/** The server from its source (server/main.ts through tsx): no bundle to build first. */
const TSX_MAIN = ['--import', 'tsx', 'server/main.ts'];
const children: ChildProcess[] = [];
const cleanups: Array<() => Promise<void> | void> = [];

afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const c of cleanups.reverse()) await c();
});

/** An empty database: its env for the server, and a way to open it (when no server holds it). */
async function emptyDatabase(): Promise<{ env: Record<string, string>; open: () => ReturnType<typeof openDatabase> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'prod-start-'));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return { env: { DATA_DIR: dataDir, DATABASE_URL: '' }, open: () => openDatabase({ dataDir: `${dataDir}/pglite` }) };
  const { url, drop } = await newServerDatabase(serverUrl);
  cleanups.push(drop);
  return { env: { DATA_DIR: dataDir, DATABASE_URL: url }, open: () => openDatabase({ databaseUrl: url }) };
}

const PROD_ENV = {
  NODE_ENV: 'production',
  SMS_SENDER: 'webhook',
  SMS_WEBHOOK_URL: 'http://127.0.0.1:9/sms',
  WEB_DIR: '/nonexistent',
  LOG_LEVEL: 'warn',
  SEED_DEMO: '',
};

/** Starts the server; resolves with its base URL once ready, or rejects with its output if it exits. */
async function start(env: Record<string, string>): Promise<{ base: string; output: () => string; stop: () => Promise<void> }> {
  const server = await startServer({ args: TSX_MAIN, timeoutMs: 60_000, env: { HOST: '127.0.0.1', ...env } });
  children.push(server.child);
  return {
    base: server.url,
    output: server.output,
    stop: async () => {
      await server.stop();
    },
  };
}

/** Runs the server to its exit (it should refuse to start); resolves with its exit code and output. */
function runToExit(env: Record<string, string>) {
  const r = spawnSync(process.execPath, TSX_MAIN, {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: r.status, output: `${r.stdout}${r.stderr}` };
}

const signIn = (base: string, phone: string, password: string) =>
  fetch(`${base}/api/users/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone, password }),
  });

describe('which starts get the demo data', () => {
  it('only the embedded database of a non-production start, or SEED_DEMO=1', () => {
    expect(shouldSeedDemo({}, false)).toBe(true);
    expect(shouldSeedDemo({ NODE_ENV: 'production' }, false)).toBe(false);
    expect(shouldSeedDemo({}, true)).toBe(false);
    expect(shouldSeedDemo({ NODE_ENV: 'production' }, true)).toBe(false);
    expect(shouldSeedDemo({ NODE_ENV: 'production', SEED_DEMO: '1' }, true)).toBe(true);
    expect(shouldSeedDemo({ SEED_DEMO: '0' }, false)).toBe(false);
  });

  it('production refuses the log SMS sender and a webhook without its address', () => {
    const cfg = (env: NodeJS.ProcessEnv) => productionProblems(loadConfig(env), env);
    expect(cfg({ NODE_ENV: 'production' })).toHaveLength(1);
    expect(cfg({ NODE_ENV: 'production', SMS_SENDER: 'log' })).toHaveLength(1);
    expect(cfg({ NODE_ENV: 'production', SMS_SENDER: 'webhook' })).toHaveLength(1);
    expect(cfg({ NODE_ENV: 'production', SMS_SENDER: 'webhook', SMS_WEBHOOK_URL: 'https://sms.example/send' })).toEqual([]);
    expect(cfg({ SMS_SENDER: 'log' })).toEqual([]);
  });

  it('production refuses PUSH_ALLOW_LOCAL=1', () => {
    const env = { NODE_ENV: 'production', SMS_SENDER: 'webhook', SMS_WEBHOOK_URL: 'https://sms.example/send', PUSH_ALLOW_LOCAL: '1' };
    expect(productionProblems(loadConfig(env), env)).toEqual([expect.stringContaining('PUSH_ALLOW_LOCAL')]);
    expect(productionProblems(loadConfig({ PUSH_ALLOW_LOCAL: '1' }), { PUSH_ALLOW_LOCAL: '1' })).toEqual([]);
  });
});

describe('a production start on an empty database', () => {
  it('refuses SMS_SENDER=log before touching the database', async () => {
    const db = await emptyDatabase();
    const r = runToExit({ ...db.env, ...PROD_ENV, SMS_SENDER: 'log' });
    expect(r.code).toBe(1);
    expect(r.output).toContain('Refusing to start: SMS_SENDER must be "webhook"');
  }, 90_000);

  it('creates no account; the first admin comes from npm run create-admin', async () => {
    const db = await emptyDatabase();
    const env = { ...db.env, ...PROD_ENV };
    let server = await start(env);
    expect((await signIn(server.base, DEMO.admin, DEMO.password)).status).toBe(401);
    expect((await signIn(server.base, DEMO.customer, DEMO.password)).status).toBe(401);
    await server.stop();

    let handle = await db.open();
    expect(
      Number(
        (
          await handle.db
            .selectFrom('users')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(0);
    await handle.close();

    const cli = (phone: string, password: string) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'server/db/create-admin-cli.ts', '--phone', phone, '--name', 'Owner'], {
        cwd: ROOT,
        env: { ...process.env, ...env, ADMIN_PASSWORD: password },
        encoding: 'utf8',
        timeout: 60_000,
      });
    const short = cli('9000000001', 'short');
    expect(short.status).toBe(1);
    expect(short.stderr).toContain('at least 12 characters');
    // 12 characters, but common, repeated, a sequence, or the phone number itself
    for (const weak of [' '.repeat(12), 'aaaaaaaaaaaa', '123456789012', 'password1234', '900000000112']) {
      const refused = cli('9000000001', weak);
      expect(refused.status, JSON.stringify(weak)).toBe(1);
      expect(refused.stderr).toContain('too easy to guess');
    }
    const made = cli('9000000001', 'a long admin passphrase');
    expect(made.status, made.stderr).toBe(0);
    expect(made.stdout).toContain('Created the admin account 9000000001');

    handle = await db.open();
    const users = await handle.db.selectFrom('users').select(['phone', 'role', 'name']).execute();
    expect(users).toEqual([{ phone: '9000000001', role: 'admin', name: 'Owner' }]);
    await handle.close();

    server = await start(env);
    const res = await signIn(server.base, '9000000001', 'a long admin passphrase');
    expect(res.status).toBe(200);
    expect(((await res.json()) as { role: string }).role).toBe('admin');
    expect((await signIn(server.base, DEMO.admin, DEMO.password)).status).toBe(401);
    await server.stop();
  }, 180_000);

  it('SEED_DEMO=1 asks for the demo data explicitly', async () => {
    const db = await emptyDatabase();
    const server = await start({ ...db.env, ...PROD_ENV, SEED_DEMO: '1' });
    expect((await signIn(server.base, DEMO.admin, DEMO.password)).status).toBe(200);
    // the start says what it did in a few lines, then how to sign in as each demo role (never the password)
    const said = server
      .output()
      .split('\n')
      .filter((l) => l.trim());
    expect(said.length).toBeLessThanOrEqual(10);
    expect(server.output()).not.toContain(DEMO.password);
    expect(said).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Database: .*, \d+ migrations applied\.$/),
        'Empty database: demo data seeded.',
        'Demo accounts (the demo password is in README.md):',
        expect.stringMatching(new RegExp(`^  vendor +${DEMO.vendor}  `)),
        expect.stringMatching(new RegExp(`^  customer +${DEMO.customer}  `)),
      ]),
    );
    await server.stop();
  }, 120_000);
});
