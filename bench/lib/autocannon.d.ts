declare module 'autocannon' {
  interface Histogram {
    average: number;
    p50: number;
    p90: number;
    p99: number;
    max: number;
    total: number;
  }
  namespace autocannon {
    type Options = Record<string, unknown>;
    interface Result {
      latency: Histogram;
      requests: Histogram;
      '2xx': number;
      non2xx: number;
      errors: number;
      timeouts: number;
      /** Seconds from the first request to the last answer. */
      duration: number;
    }
  }
  function autocannon(opts: autocannon.Options): Promise<autocannon.Result>;
  export default autocannon;
}
