/**
 * Checkouts from the bench process with every answer read: a steady background stream (N a second
 * while another scenario runs) and a closed loop at a number of connections (the checkout scenario).
 * Each placed order's quantities are summed per product, so the stock left can be checked against
 * what was sold.
 */
import http from 'node:http';
import { percentiles } from './stats';

export interface CheckoutSpec {
  body: string;
  /** productId -> quantity the cart takes. */
  lines: Map<string, number>;
}

export interface WriteResult {
  sent: number;
  placed: number;
  /** 409 answers: not enough stock (expected once a product sells out) or other conflicts. */
  conflicts: number;
  /** Other non-2xx answers (a 500 would be a deadlock or a bug). */
  failed: number;
  errors: number;
  rps: number;
  p50: number;
  p99: number;
  /** Units sold per product, from the orders placed. */
  sold: Map<string, number>;
  /** A few of the unexpected answers, for the report. */
  samples: string[];
}

function client(url: string, headers: Record<string, string>, connections: number) {
  const base = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  const r: Omit<WriteResult, 'rps' | 'p50' | 'p99'> = {
    sent: 0,
    placed: 0,
    conflicts: 0,
    failed: 0,
    errors: 0,
    sold: new Map(),
    samples: [],
  };
  const post = (spec: CheckoutSpec, key: string) =>
    new Promise<void>((resolve) => {
      const t = performance.now();
      r.sent++;
      const req = http.request(
        {
          host: base.hostname,
          port: base.port,
          agent,
          method: 'POST',
          path: '/api/Orders',
          headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': key },
          timeout: 30_000,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            latencies.push(performance.now() - t);
            const status = res.statusCode ?? 0;
            if (status === 201) {
              r.placed++;
              for (const [id, q] of spec.lines) r.sold.set(id, (r.sold.get(id) ?? 0) + q);
            } else if (status === 409) r.conflicts++;
            else {
              r.failed++;
              if (r.samples.length < 5) r.samples.push(`${status} ${Buffer.concat(chunks).toString().slice(0, 200)}`);
            }
            resolve();
          });
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', (e) => {
        r.errors++;
        if (r.samples.length < 5) r.samples.push(String(e.message));
        resolve();
      });
      req.end(spec.body);
    });
  const finish = (elapsedS: number): WriteResult => {
    agent.destroy();
    const p = percentiles(latencies);
    return { ...r, rps: Math.round(r.placed / elapsedS), p50: p.p50, p99: p.p99 };
  };
  return { post, finish };
}

/** Sends `rate` checkouts a second (paced, open model) until stop() is called. */
export function backgroundCheckouts(o: {
  url: string;
  headers: Record<string, string>;
  rate: number;
  next: () => CheckoutSpec;
  key: () => string;
}) {
  const c = client(o.url, o.headers, 20);
  const t0 = performance.now();
  const inFlight = new Set<Promise<void>>();
  let i = 0;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const due = t0 + (i * 1000) / o.rate;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((res) => setTimeout(res, wait));
      if (stopped) break;
      i++;
      const p = c.post(o.next(), o.key());
      inFlight.add(p);
      void p.then(() => inFlight.delete(p));
    }
  })();
  return {
    async stop(): Promise<WriteResult> {
      stopped = true;
      await loop;
      await Promise.all(inFlight);
      return c.finish((performance.now() - t0) / 1000);
    },
  };
}

/** `connections` loops, each posting its next checkout as soon as the last one answered, for durationS. */
export async function checkoutLoop(o: {
  url: string;
  headers: Record<string, string>;
  connections: number;
  durationS: number;
  next: () => CheckoutSpec;
  key: () => string;
}): Promise<WriteResult> {
  const c = client(o.url, o.headers, o.connections);
  const t0 = performance.now();
  const end = t0 + o.durationS * 1000;
  await Promise.all(
    Array.from({ length: o.connections }, async () => {
      while (performance.now() < end) await c.post(o.next(), o.key());
    }),
  );
  return c.finish((performance.now() - t0) / 1000);
}
