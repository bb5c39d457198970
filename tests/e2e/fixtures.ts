import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test as base } from '@playwright/test';
import { type RunningServer, startServer } from '../../scripts/start-server.mjs';
import { type RazorpaySimulator, startRazorpaySimulator } from '../support/razorpay-simulator';

/**
 * Each Playwright worker runs its tests against a server of its own: the real server (the built PWA
 * and the API bundle, built once by global-setup.ts) on a free port and a temporary data folder with
 * its own database and SMS outbox, so tests in different workers never see each other's changes. Its
 * Razorpay is a local simulator of the worker's (tests/support/razorpay-simulator.ts: RAZORPAY_API_URL,
 * with a PAYMENTS_KEY of its own), which posts its signed webhooks to that server.
 * Spec files take `test` from here: it sets baseURL to the worker's server.
 */

export interface E2EServer {
  url: string;
  port: number;
  /** The server's data folder: its PGlite database and the log SMS sender's outbox (sms-outbox.log). */
  dataDir: string;
  logFile: string;
  /** Kills it with SIGKILL (no draining: a crash). */
  kill(): void;
  /** Starts it again on the same port and data, once the killed process is gone. */
  restart(): Promise<void>;
  /** The server's Razorpay: a test adds a shop's account to it, and pays its QRs. */
  razorpay: RazorpaySimulator;
}

let current: E2EServer | undefined;

/** The server of this worker (readSmsCode reads its outbox; offline.spec.ts kills and restarts it). */
export function e2eServer(): E2EServer {
  if (!current) throw new Error('No test server in this worker: a spec file takes `test` from tests/e2e/fixtures.ts.');
  return current;
}

async function startE2EServer(dataDir: string, logFile: string, payments: Record<string, string>, port?: number): Promise<RunningServer> {
  return startServer({
    port,
    host: 'localhost',
    readyPath: '/api/health',
    timeoutMs: 90_000,
    logFile,
    env: {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMS_SENDER: 'log',
      LOG_LEVEL: 'info',
      VALIDATE_RESPONSES: '1',
      RATE_LIMIT_LOGIN: '1000',
      RATE_LIMIT_REGISTER: '1000',
      ...payments,
    },
  });
}

// (a fixture's second parameter is `provide` here, `use` in Playwright's documentation: React's rules of hooks claim that name)
export const test = base.extend<object, { e2eServer: E2EServer }>({
  e2eServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from its first parameter
    async ({}, provide, workerInfo) => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `mk-e2e-${workerInfo.parallelIndex}-`));
      const logFile = path.join(dataDir, 'server.log');
      const razorpay = await startRazorpaySimulator();
      const payments = { RAZORPAY_API_URL: razorpay.url, PAYMENTS_KEY: randomBytes(32).toString('hex') };
      let server = await startE2EServer(dataDir, logFile, payments);
      razorpay.webhookUrl = `${server.url}/api/payments/webhooks/razorpay`;
      // a worker that ends without its teardown (interrupted) takes its server with it
      const killOnExit = () => server.child.kill('SIGKILL');
      process.on('exit', killOnExit);
      current = {
        url: server.url,
        port: server.port,
        dataDir,
        logFile,
        kill: () => server.child.kill('SIGKILL'),
        restart: async () => {
          await server.exited;
          server = await startE2EServer(dataDir, logFile, payments, server.port);
        },
        razorpay,
      };
      await provide(current);
      current = undefined;
      process.off('exit', killOnExit);
      await server.stop();
      await razorpay.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
    { scope: 'worker', auto: true, timeout: 120_000 },
  ],
  baseURL: async ({ e2eServer }, provide) => provide(e2eServer.url),
});
