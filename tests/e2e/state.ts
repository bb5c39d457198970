import fs from 'node:fs';
import path from 'node:path';

export const E2E_STATE_FILE = path.resolve(`.tmp/e2e-state-${process.env.E2E_PORT ?? 4310}.json`);

export interface E2EState {
  pid: number;
  dataDir: string;
  logFile: string;
  port: number;
}

export const readE2EState = (): E2EState => JSON.parse(fs.readFileSync(E2E_STATE_FILE, 'utf8'));
