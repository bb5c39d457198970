/** Starts the real server (server/main.ts) as its own process and watches its memory. */
import fs from 'node:fs';
import { startServer as startProcess } from '../../scripts/start-server.mjs';

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
  const workers = opts.workers ?? 1;
  // What `npm start` runs: the API bundle (plain JavaScript, no transpiler in the process); the pid
  // measured is the server itself.
  const server = await startProcess({
    build: true,
    port: opts.port,
    logFile: opts.logFile,
    timeoutMs: 120_000,
    env: {
      HOST: '127.0.0.1',
      DATA_DIR: opts.dataDir,
      WEB_DIR: opts.webDir,
      NODE_ENV: 'production',
      // a production start refuses the log sender; the bench sends no SMS (the demo data is seeded before)
      SMS_SENDER: 'webhook',
      SMS_WEBHOOK_URL: 'http://127.0.0.1:9/sms',
      WORKERS: String(workers),
      // every checkout of the bench comes from the one demo customer: thousands an hour
      RATE_LIMIT_ORDERS: '100000000',
      // and every sign-in (the demo accounts, the shops' profiles) from the one address
      RATE_LIMIT_LOGIN: '1000',
      DATABASE_URL: opts.databaseUrl || undefined,
    },
    // a cluster: every worker up
    ready: (child) => workers <= 1 || children(child.pid!).length >= workers,
  });
  // a cluster's workers, all forked, given a moment more to finish starting
  if (workers > 1) await new Promise((res) => setTimeout(res, 1500));
  const { child, url } = server;
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
      await server.stop();
    },
  };
}
