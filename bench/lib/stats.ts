export function percentiles(values: number[]): { p50: number; p90: number; p99: number; max: number } {
  if (!values.length) return { p50: 0, p90: 0, p99: 0, max: 0 };
  const s = [...values].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)];
  const r = (n: number) => Math.round(n * 10) / 10;
  return { p50: r(at(0.5)), p90: r(at(0.9)), p99: r(at(0.99)), max: r(s[s.length - 1]) };
}

/** The lowest and highest value a figure took over the runs. */
export interface Spread {
  min: number;
  max: number;
}

/** A result measured several times: its figures are medians, `spread` their min-max, `runs` how many. */
export type Repeated<T> = T & { runs?: number; spread?: Record<string, Spread> };

/** The median of the values (of an even count, the lower middle one: a value that was measured). */
export function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)];
}

/**
 * Runs `run` `n` times, one after the other. Each figure named in `keys` becomes the median of the
 * runs, with its min-max in `spread`; every other field (CPU usage, notes) is the run whose first key
 * is the median's. With one run the result is that run's, with no spread.
 */
export async function medianOfRuns<T extends object>(
  n: number,
  run: (i: number) => Promise<T>,
  keys: ReadonlyArray<keyof T & string>,
): Promise<Repeated<T>> {
  const results: T[] = [];
  for (let i = 0; i < Math.max(1, n); i++) results.push(await run(i));
  if (results.length === 1) return { ...results[0], runs: 1 };
  const num = (r: T, k: keyof T) => Number(r[k]);
  const first = median(results.map((r) => num(r, keys[0])));
  const out: Repeated<T> = { ...results.find((r) => num(r, keys[0]) === first)!, runs: results.length, spread: {} };
  for (const k of keys) {
    const values = results.map((r) => num(r, k));
    (out as Record<string, unknown>)[k] = median(values);
    out.spread![k] = { min: Math.min(...values), max: Math.max(...values) };
  }
  return out;
}
