import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { E2E_STATE_FILE } from './state';
import { SERVER_ARGS } from '../../scripts/build-server.mjs';

/** Starts the real server (built PWA + API) on a temporary data folder; its log is kept for the tests to read. */
export default async function globalSetup() {
  const port = Number(process.env.E2E_PORT ?? 4310);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mk-e2e-'));
  const logFile = path.join(dataDir, 'server.log');
  const out = fs.openSync(logFile, 'a');
  // what `npm start` runs: the API bundle (rebuilt when a server or core source is newer)
  if (spawnSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' }).status !== 0)
    throw new Error('building the API failed');
  const child = spawn(process.execPath, SERVER_ARGS, {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMS_SENDER: 'log',
      LOG_LEVEL: 'info',
      VALIDATE_RESPONSES: '1',
      RATE_LIMIT_LOGIN: '1000',
      RATE_LIMIT_REGISTER: '1000',
    },
    stdio: ['ignore', out, out],
    detached: false,
  });
  fs.mkdirSync(path.dirname(E2E_STATE_FILE), { recursive: true });
  fs.writeFileSync(E2E_STATE_FILE, JSON.stringify({ pid: child.pid, dataDir, logFile, port }));
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early: ${fs.readFileSync(logFile, 'utf8')}`);
    try {
      const res = await fetch(`http://localhost:${port}/api/health`);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error('server did not start in 90 s');
}
