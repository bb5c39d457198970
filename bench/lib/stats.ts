export function percentiles(values: number[]): { p50: number; p90: number; p99: number; max: number } {
  if (!values.length) return { p50: 0, p90: 0, p99: 0, max: 0 };
  const s = [...values].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)];
  const r = (n: number) => Math.round(n * 10) / 10;
  return { p50: r(at(0.5)), p90: r(at(0.9)), p99: r(at(0.99)), max: r(s[s.length - 1]) };
}
