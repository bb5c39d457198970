/**
 * Where a scenario's time goes, measured: CPU of the server's processes, of the PostgreSQL backends
 * serving the bench database, of this load generator and of the whole machine (from /proc), and
 * how many of the database's busy backends wait on a lock (pg_stat_activity, sampled every 100 ms).
 * A scenario's limit is read from these figures, not assumed.
 */
import fs from 'node:fs';
import type pg from 'pg';

const TICK_MS = 10; // USER_HZ is 100 on Linux

function ticksOf(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(f[11]) + Number(f[12]); // utime + stime
  } catch {
    return 0;
  }
}

/** Busy and total jiffies of the whole machine. */
function machine(): { busy: number; total: number } {
  const [cpu] = fs.readFileSync('/proc/stat', 'utf8').split('\n');
  const n = cpu.trim().split(/\s+/).slice(1).map(Number);
  const idle = n[3] + (n[4] ?? 0);
  const total = n.reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}

export interface Usage {
  /** Percent of one core, over the scenario. */
  serverCpu: number;
  databaseCpu?: number;
  loadGeneratorCpu: number;
  /** The machine's busy share, percent of all its cores together, and the core count. */
  machineBusy: number;
  cores: number;
  /** Percent of the time-averaged busy backends of the bench database that waited on a lock. */
  lockWaitShare?: number;
  /** Time-averaged busy backends (active, not idle). */
  busyBackends?: number;
  /** What the figures say the limit is. */
  limit: string;
}

export interface UsageProbe {
  stop(): Promise<Usage>;
}

/** Starts measuring; serverPids are read at start and stop (a cluster's workers included). */
export async function measureUsage(o: {
  serverPids: () => number[];
  db?: pg.Client;
  database?: string;
  cores: number;
}): Promise<UsageProbe> {
  const servers = o.serverPids();
  const sum = (pids: number[]) => pids.reduce((a, p) => a + ticksOf(p), 0);
  const t0 = performance.now();
  const server0 = sum(servers);
  const self0 = process.cpuUsage();
  const m0 = machine();
  // The bench database's backends come and go (a raw-SQL pool opens during its run): each is read
  // when first and last seen, every 100 ms.
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  let samples = 0;
  let busy = 0;
  let locked = 0;
  let sampling = true;
  const sample = async () => {
    const { rows } = await o.db!.query(
      `SELECT pid, state, wait_event_type FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`,
      [o.database],
    );
    for (const r of rows) {
      const t = ticksOf(r.pid);
      if (!first.has(r.pid)) first.set(r.pid, t);
      last.set(r.pid, t);
    }
    samples++;
    busy += rows.filter((r) => r.state !== 'idle').length;
    locked += rows.filter((r) => r.state !== 'idle' && r.wait_event_type === 'Lock').length;
  };
  const sampler = (async () => {
    if (!o.db) return;
    while (sampling) {
      await sample();
      await new Promise((r) => setTimeout(r, 100));
    }
    await sample();
  })();
  return {
    async stop() {
      sampling = false;
      await sampler;
      const ms = performance.now() - t0;
      const pct = (ticks: number) => Math.round(((ticks * TICK_MS) / ms) * 100);
      const serverCpu = pct(sum(o.serverPids()) - server0);
      let dbTicks = 0;
      for (const [pid, t] of last) dbTicks += Math.max(0, t - (first.get(pid) ?? t));
      const self = process.cpuUsage(self0);
      const loadGeneratorCpu = Math.round(((self.user + self.system) / 1000 / ms) * 100);
      const m1 = machine();
      const machineBusy = Math.round(((m1.busy - m0.busy) / Math.max(1, m1.total - m0.total)) * 100);
      const u: Usage = { serverCpu, loadGeneratorCpu, machineBusy, cores: o.cores, limit: '' };
      if (o.db) {
        u.databaseCpu = pct(dbTicks);
        u.busyBackends = samples ? Math.round((busy / samples) * 10) / 10 : 0;
        u.lockWaitShare = busy ? Math.round((locked / busy) * 100) : 0;
      }
      u.limit = limitOf(u);
      return u;
    },
  };
}

/**
 * The limit the figures show: locks when a fifth or more of the database's busy backends wait on a
 * lock; else CPU when the machine is busy (over 85 % of its cores) or one Node process holds a core;
 * else the database when its backends are busy without waiting on locks; else the client.
 */
export function limitOf(u: Usage): string {
  const parts = [
    `server ${u.serverCpu} %`,
    ...(u.databaseCpu === undefined ? [] : [`PostgreSQL ${u.databaseCpu} %`]),
    `load generator ${u.loadGeneratorCpu} %`,
  ];
  const others = Math.max(0, u.machineBusy * u.cores - u.serverCpu - (u.databaseCpu ?? 0) - u.loadGeneratorCpu);
  const cpu = `${parts.join(', ')}, other processes ${others} % of a core; machine ${u.machineBusy} % of ${u.cores} cores`;
  if ((u.lockWaitShare ?? 0) >= 20) return `locks: ${u.lockWaitShare} % of busy backends wait on a lock (${cpu})`;
  if (u.machineBusy >= 85) return `CPU: the machine's cores are busy (${cpu})`;
  if (u.serverCpu >= 90) return `CPU: the Node process holds one core (${cpu})`;
  if ((u.busyBackends ?? 0) >= 1) return `database: ${u.busyBackends} backends busy on average, no lock waits (${cpu})`;
  return `neither CPU nor database saturated: the offered rate or the client (${cpu})`;
}
