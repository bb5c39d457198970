// Starts the real API server as a child process and waits until it answers: the one way the
// browser tests, the API tests that need a process of their own, the bench and the soak and
// PostgreSQL restart scripts start a server. Types in start-server.d.mts.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_ARGS, buildServer } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A TCP port free on 127.0.0.1 at the moment (the system picks it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const tail = (text, max = 4000) => (text.length > max ? `…${text.slice(-max)}` : text);

/**
 * Starts the server and resolves once GET `readyPath` answers 2xx (and `ready`, when given, holds).
 * The environment is this process's with `env` over it (an undefined value removes a variable) and
 * PORT set. The output goes to `logFile` (appended) or, without one, is kept in memory (`output()`).
 * Rejects with the end of the output when the server exits during start-up, or kills it and rejects
 * when it does not answer within `timeoutMs`.
 */
export async function startServer({
  env = {},
  port,
  args = SERVER_ARGS,
  build = false,
  cwd = root,
  logFile,
  readyPath = '/api/ready',
  host = '127.0.0.1',
  timeoutMs = 90_000,
  ready,
} = {}) {
  // what `npm start` runs: the API bundle, rebuilt first when a server or core source is newer
  if (build && (await buildServer())) console.log('Built the API into dist-server/main.mjs.');
  port ??= await freePort();
  const childEnv = { ...process.env, ...env, PORT: String(port) };
  for (const [k, v] of Object.entries(childEnv)) if (v === undefined) delete childEnv[k];

  let memory = '';
  const out = logFile ? fs.openSync(logFile, 'a') : null;
  const child = spawn(process.execPath, args, {
    cwd,
    env: childEnv,
    stdio: out === null ? ['ignore', 'pipe', 'pipe'] : ['ignore', out, out],
  });
  if (out !== null) fs.closeSync(out);
  else {
    child.stdout.on('data', (d) => (memory += d));
    child.stderr.on('data', (d) => (memory += d));
  }
  const output = () => (logFile ? (fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '') : memory);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const running = () => child.exitCode === null && child.signalCode === null;

  const url = `http://${host}:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!running()) throw new Error(`The server exited during start-up (${child.exitCode ?? child.signalCode}):\n${tail(output())}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The server did not answer ${readyPath} in ${timeoutMs / 1000} s:\n${tail(output())}`);
    }
    const ok = await fetch(`${url}${readyPath}`, { signal: AbortSignal.timeout(10_000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok && (!ready || (await ready(child)))) break;
    await sleep(200);
  }

  return {
    child,
    pid: child.pid,
    port,
    url,
    logFile,
    output,
    exited,
    /** SIGTERM (the server drains and exits), SIGKILL after `graceMs`; resolves once it has exited. */
    async stop(graceMs = 15_000) {
      if (!running()) return exited;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const result = await exited;
      clearTimeout(timer);
      return result;
    },
  };
}
