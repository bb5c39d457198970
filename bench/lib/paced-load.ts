/**
 * A fixed offered load that really is fixed: request i is sent at start + i / rate, whatever the
 * answers before it are doing (an open model), and its latency is counted from that scheduled time,
 * so a slow server cannot hide its queue (no coordinated omission).
 *
 * Why not autocannon's `overallRate`: its clients send their whole per-second quota back to back
 * and then wait for the next one-second tick (autocannon/lib/httpClient.js, `rateInterval`), so
 * "200 req/s" arrives as a burst of 200 requests at the start of every second, and the p99 measured
 * is the time to drain that burst, not the latency at a steady 200 req/s.
 */
import http from 'node:http';
import type { LoadResult, RequestSpec } from './load';
import { percentiles } from './stats';

export interface PacedOptions {
  name: string;
  url: string;
  rate: number;
  durationS: number;
  /** Open sockets at most (keep-alive); a request waits for a free one, and that wait counts. */
  connections: number;
  headers?: Record<string, string>;
  next: () => RequestSpec;
}

export async function runPaced(o: PacedOptions): Promise<LoadResult> {
  const base = new URL(o.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: o.connections });
  const total = Math.round(o.rate * o.durationS);
  const latencies: number[] = [];
  let ok = 0;
  let non2xx = 0;
  let errors = 0;
  let timeouts = 0;

  const send = (scheduled: number) =>
    new Promise<void>((resolve) => {
      const spec = o.next();
      const req = http.request(
        {
          host: base.hostname,
          port: base.port,
          agent,
          method: spec.method ?? 'GET',
          path: spec.path,
          headers: { ...o.headers, ...(spec.body ? { 'content-type': 'application/json' } : {}), ...spec.headers },
          timeout: 10_000,
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            latencies.push(performance.now() - scheduled);
            if (res.statusCode && res.statusCode >= 200 && res.statusCode < 300) ok++;
            else non2xx++;
            resolve();
          });
        },
      );
      req.on('timeout', () => {
        timeouts++;
        req.destroy();
      });
      req.on('error', () => {
        errors++;
        resolve();
      });
      req.end(spec.body);
    });

  const start = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const scheduled = start + (i * 1000) / o.rate;
    const wait = scheduled - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    inFlight.push(send(scheduled));
  }
  await Promise.all(inFlight);
  const elapsedS = (performance.now() - start) / 1000;
  agent.destroy();
  const p = percentiles(latencies);
  return {
    name: o.name,
    connections: o.connections,
    offeredRate: o.rate,
    durationS: o.durationS,
    rps: Math.round(ok / elapsedS),
    requests: total,
    p50: p.p50,
    p90: p.p90,
    p99: p.p99,
    max: p.max,
    non2xx,
    errors,
    timeouts,
  };
}
