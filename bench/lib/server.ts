/** Starts the real server (server/main.ts) as its own process and watches its memory. */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { ROOT } from './bundle';
import { SERVER_ARGS } from '../../scripts/build-server.mjs';

export interface ServerOptions {
  port: number;
  databaseUrl?: string;
  dataDir: string;
  webDir: string;
  workers?: number;
  logFile: string;
}

export interface RunningServer {
  pid: number;
  /** The server process and its cluster workers, now. */
  pids(): number[];
  url: string;
  /** RSS of the server's processes (the primary and its cluster workers), bytes. */
  rss(): number;
  /** Peak RSS since start, sampled every 50 ms and from VmHWM. */
  peakRss(): number;
  /** Peak RSS (sampled every 50 ms) since the last call: what one scenario took. */
  takeWindowPeak(): number;
  stop(): Promise<void>;
}

function procStatus(pid: number): Record<string, number> {
  try {
    const text = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const out: Record<string, number> = {};
    for (const m of text.matchAll(/^(VmRSS|VmHWM):\s+(\d+) kB/gm)) out[m[1]] = Number(m[2]) * 1024;
    return out;
  } catch {
    return {};
  }
}

function children(pid: number): number[] {
  try {
    const tasks = fs.readdirSync(`/proc/${pid}/task`);
    return tasks.flatMap((t) => fs.readFileSync(`/proc/${pid}/task/${t}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number));
  } catch {
    return [];
  }
}

/** The server process and, on a cluster, its workers. */
const tree = (pid: number) => [pid, ...children(pid)];

export async function startServer(opts: ServerOptions): Promise<RunningServer> {
  const log = fs.openSync(opts.logFile, 'a');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(opts.port),
    HOST: '127.0.0.1',
    DATA_DIR: opts.dataDir,
    WEB_DIR: opts.webDir,
    NODE_ENV: 'production',
    // a production start refuses the log sender; the bench sends no SMS (the demo data is seeded before)
    SMS_SENDER: 'webhook',
    SMS_WEBHOOK_URL: 'http://127.0.0.1:9/sms',
    WORKERS: String(opts.workers ?? 1),
  };
  if (opts.databaseUrl) env.DATABASE_URL = opts.databaseUrl;
  else delete env.DATABASE_URL;
  // What `npm start` runs: the API bundle (plain JavaScript, no transpiler in the process); the pid
  // measured is the server itself.
  if (spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: ROOT, stdio: 'inherit' }).status !== 0)
    throw new Error('building the API failed');
  const child: ChildProcess = spawn(process.execPath, SERVER_ARGS, {
    cwd: ROOT,
    env,
    stdio: ['ignore', log, log],
  });
  const url = `http://127.0.0.1:${opts.port}`;
  let exited = false;
  child.on('exit', () => (exited = true));
  const t0 = Date.now();
  for (;;) {
    if (exited) throw new Error(`The server exited during start-up; see ${opts.logFile}`);
    if (Date.now() - t0 > 120_000) throw new Error(`The server did not answer /api/ready in 120 s; see ${opts.logFile}`);
    try {
      const r = await fetch(`${url}/api/ready`);
      if (r.ok && (opts.workers ?? 1) <= 1) break;
      // a cluster: wait until every worker is up
      if (r.ok && children(child.pid!).length >= (opts.workers ?? 1)) {
        await new Promise((res) => setTimeout(res, 1500));
        break;
      }
    } catch {
      /* not yet */
    }
    await new Promise((res) => setTimeout(res, 200));
  }
  const pid = child.pid!;
  const rss = () => tree(pid).reduce((n, p) => n + (procStatus(p).VmRSS ?? 0), 0);
  let peak = rss();
  let windowPeak = peak;
  const timer = setInterval(() => {
    const now = rss();
    peak = Math.max(peak, now);
    windowPeak = Math.max(windowPeak, now);
  }, 50);
  timer.unref();
  return {
    pid,
    pids: () => tree(pid),
    url,
    rss,
    peakRss: () => {
      // the kernel's own high-water mark catches peaks between samples (single process)
      const hwm = tree(pid).reduce((n, p) => n + (procStatus(p).VmHWM ?? 0), 0);
      return Math.max(peak, tree(pid).length === 1 ? hwm : 0);
    },
    takeWindowPeak: () => {
      const p = Math.max(windowPeak, rss());
      windowPeak = rss();
      return p;
    },
    stop: async () => {
      clearInterval(timer);
      if (exited) return;
      const done = new Promise<void>((res) => child.once('exit', () => res()));
      child.kill('SIGTERM');
      const timeout = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await done;
      clearTimeout(timeout);
      fs.closeSync(log);
    },
  };
}
