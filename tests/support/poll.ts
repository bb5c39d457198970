/**
 * Polls `fn` until `ok` holds for its answer, and answers it; after `timeoutMs` throws, naming `what`
 * and the last answer. A thrown `fn` counts as not yet (a server restarting). For conditions outside
 * an `expect` (a database row, a server coming back); inside a test, `expect.poll` says it better.
 */
export async function pollUntil<T>(
  fn: () => T | Promise<T>,
  ok: (v: T) => boolean = (v) => !!v,
  { timeoutMs = 5000, intervalMs = 25, what = 'a condition' }: { timeoutMs?: number; intervalMs?: number; what?: string } = {},
): Promise<T> {
  const end = Date.now() + timeoutMs;
  let last: T | undefined;
  for (;;) {
    try {
      last = await fn();
      if (ok(last)) return last;
    } catch {
      /* not yet */
    }
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}; last: ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
