import fs from 'node:fs';
import { E2E_STATE_FILE, readE2EState } from './state';

export default async function globalTeardown() {
  const state = readE2EState();
  try {
    process.kill(state.pid, 'SIGTERM');
  } catch {
    /* already gone */
  }
  await new Promise((r) => setTimeout(r, 500));
  fs.rmSync(state.dataDir, { recursive: true, force: true });
  fs.rmSync(E2E_STATE_FILE, { force: true });
}
