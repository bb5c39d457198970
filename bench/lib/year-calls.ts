/**
 * One back-office call timed as the year bench times it: one warm-up, then `calls` calls one after the
 * other, each from the request to the answer's last byte; the median and p99 of those, and the CPU the
 * server and PostgreSQL spent per call (bench/lib/usage.ts over the calls, the background checkouts
 * included: about 2-6 ms of each a second).
 */
import type pg from 'pg';
import { percentiles } from './stats';
import { measureUsage } from './usage';

export interface CallSpec {
  method?: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  /** Call i's body (a different one each time, so no answer can come from a cache). */
  body?: (i: number) => BodyInit;
  /** Sees every timed call's answer (outside its time): a check of what the call did. */
  onAnswer?: (answer: Buffer) => void;
}

export interface CallFigure {
  calls: number;
  p50: number;
  p99: number;
  /** CPU per call, ms: the API process's and the database's backends'. */
  serverCpuMs: number;
  dbCpuMs?: number;
  /** Bytes of the last answer. */
  bytes: number;
}

export interface CallContext {
  base: string;
  serverPids: () => number[];
  db: pg.Client;
  database: string;
}

/** Sends one call; throws on an answer that is not 2xx. Returns the answer's bytes. */
export async function send(ctx: CallContext, spec: CallSpec, i: number): Promise<Buffer> {
  const r = await fetch(ctx.base + spec.path, {
    method: spec.method ?? 'GET',
    headers: { 'accept-encoding': 'gzip, deflate, br', ...spec.headers },
    body: spec.body?.(i),
  });
  const bytes = Buffer.from(await r.arrayBuffer());
  if (!r.ok) throw new Error(`${spec.method ?? 'GET'} ${spec.path}: ${r.status} ${bytes.toString().slice(0, 300)}`);
  return bytes;
}

/**
 * Times `calls` calls after a warm-up. `around` runs before and after each timed call, outside its
 * time (the import's memory reading).
 */
export async function timeCalls(
  ctx: CallContext,
  spec: CallSpec,
  calls: number,
  around?: { before(): void; after(): void },
): Promise<CallFigure> {
  await send(ctx, spec, 0);
  const ms: number[] = [];
  let bytes = 0;
  const usage = await measureUsage({ serverPids: ctx.serverPids, db: ctx.db, database: ctx.database, cores: 1 });
  const t0 = performance.now();
  try {
    for (let i = 1; i <= calls; i++) {
      around?.before();
      const t = performance.now();
      const answer = await send(ctx, spec, i);
      const took = performance.now() - t;
      bytes = answer.length;
      spec.onAnswer?.(answer);
      around?.after();
      ms.push(took);
    }
  } catch (e) {
    await usage.stop();
    throw e;
  }
  const elapsed = performance.now() - t0;
  const u = await usage.stop();
  const p = percentiles(ms);
  // usage gives percent of one core over the whole window: back to ms per call
  const perCall = (pct: number) => Math.round(((pct / 100) * elapsed * 10) / calls) / 10;
  return {
    calls,
    p50: p.p50,
    p99: p.p99,
    serverCpuMs: perCall(u.serverCpu),
    ...(u.databaseCpu === undefined ? {} : { dbCpuMs: perCall(u.databaseCpu) }),
    bytes,
  };
}
