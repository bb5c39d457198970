/**
 * A promise that React's `use()` reads at once when it has settled: React looks at a thenable's
 * `status` and `value`. Components call `use()` on every render with such a promise, never only
 * when something is not loaded yet: a `use()` that suspends on the first render and is skipped on
 * the replay runs the rest of the component against the wrong hook list (React error 467, reported
 * as 520, which throws the render away and renders the whole page again).
 */
type Tracked<T> = Promise<T> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

export function tracked<T>(promise: Promise<T>): Promise<T> {
  const p = promise as Tracked<T>;
  if (!p.status) {
    p.status = 'pending';
    p.then(
      (value) => Object.assign(p, { status: 'fulfilled', value }),
      (reason: unknown) => Object.assign(p, { status: 'rejected', reason }),
    );
  }
  return p;
}
