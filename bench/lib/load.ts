/** HTTP load with autocannon (run from the bench process, a different process from the server). */
import autocannon from 'autocannon';

export interface LoadResult {
  name: string;
  connections: number;
  /** Offered rate for fixed-rate runs (req/s); undefined = as fast as the server answers. */
  offeredRate?: number;
  durationS: number;
  rps: number;
  requests: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

export interface RequestSpec {
  method?: 'GET' | 'POST' | 'PUT';
  path: string;
  body?: string;
  headers?: Record<string, string>;
}

export interface LoadOptions {
  name: string;
  url: string;
  connections: number;
  durationS: number;
  overallRate?: number;
  /** Stop after this many requests (each item of a mix once) instead of after durationS. */
  amount?: number;
  headers?: Record<string, string>;
  /** Each request asks for the next one (a fixed mix cycles; a checkout gets a fresh key). */
  next: () => RequestSpec;
}

export async function runLoad(o: LoadOptions): Promise<LoadResult> {
  const r = await autocannon({
    url: o.url,
    connections: o.connections,
    ...(o.amount ? { amount: o.amount } : { duration: o.durationS }),
    overallRate: o.overallRate,
    timeout: 10,
    requests: [
      {
        setupRequest: (req: Record<string, unknown>) => {
          const spec = o.next();
          return {
            ...req,
            method: spec.method ?? 'GET',
            path: spec.path,
            body: spec.body,
            headers: { ...o.headers, ...(spec.body ? { 'content-type': 'application/json' } : {}), ...spec.headers },
          };
        },
      },
    ],
  } as autocannon.Options);
  const ok = r['2xx'];
  const seconds = o.amount ? r.duration : o.durationS;
  return {
    name: o.name,
    connections: o.connections,
    offeredRate: o.overallRate,
    durationS: seconds,
    rps: Math.round(ok / seconds),
    requests: r.requests.total,
    p50: r.latency.p50,
    p90: r.latency.p90,
    p99: r.latency.p99,
    max: r.latency.max,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
  };
}

/** Cycles through a fixed list. */
export function cycle<T>(items: readonly T[]): () => T {
  let i = 0;
  return () => items[i++ % items.length];
}
