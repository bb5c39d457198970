/**
 * A per-process limit on a heavy answer's builds (its rows, objects and JSON held at once), with the
 * waiting ones shared: at most `concurrency` builds run at a time, the others wait their turn in
 * order of arrival, and a build still waiting for its turn is shared by every later caller with the
 * same key. A build that has started is never joined: a caller arriving after it started could miss
 * a write committed before it arrived, so it queues a build of its own (one that starts later, and
 * reads what was committed before it arrived). Nothing outlives its build: this shares reads, it
 * caches no answer, so several processes each with their own are as correct as one.
 */
export class SharedBuilds<T> {
  private running = 0;
  /** The builds waiting their turn, oldest first. */
  private readonly queue: Array<{ key: string; start: () => void }> = [];
  /** The waiting build of each key, which a caller with that key joins. */
  private readonly waiting = new Map<string, Promise<T>>();

  constructor(private readonly concurrency = 2) {}

  /** Builds running now. */
  get active(): number {
    return this.running;
  }

  /** Builds waiting their turn (each shared by its callers). */
  get queued(): number {
    return this.queue.length;
  }

  /**
   * The answer of a build for `key` that starts after this call: the waiting one for `key` if
   * there is one, else `build` run now if a slot is free, else `build` queued for the next slot.
   */
  run(key: string, build: () => Promise<T>): Promise<T> {
    const waiting = this.waiting.get(key);
    if (waiting) return waiting;
    if (this.running < this.concurrency) return this.start(build);
    const answer = new Promise<T>((resolve, reject) => {
      this.queue.push({ key, start: () => void this.start(build).then(resolve, reject) });
    });
    this.waiting.set(key, answer);
    return answer;
  }

  private start(build: () => Promise<T>): Promise<T> {
    this.running++;
    const answer = (async () => build())();
    const done = () => {
      this.running--;
      this.next();
    };
    answer.then(done, done);
    return answer;
  }

  /** Starts waiting builds while slots are free; a started build is no longer joined. */
  private next() {
    while (this.running < this.concurrency && this.queue.length) {
      const { key, start } = this.queue.shift()!;
      this.waiting.delete(key);
      start();
    }
  }
}
