import { type JsonAnswer, jsonAnswer } from '../../lib/json-answer';

/**
 * The rider's area lists as sent, per area and version (migration 025 bumps an area's version in
 * the transaction of any change its cards show): a list asked for again unchanged costs one
 * primary-key read of the version, not its query, serialization and compression. Bounded by entries
 * (the least recently used goes); one build per area and version however many ask at once.
 */
export class AreaCardsCache {
  private readonly entries = new Map<string, { version: string; answer: Promise<JsonAnswer> }>();

  constructor(private readonly maxEntries = 64) {}

  /** The answer for `area` at `version` (read before the data), built by `build` when not cached. */
  get(area: string, version: string, build: () => Promise<unknown>): Promise<JsonAnswer> {
    const hit = this.entries.get(area);
    this.entries.delete(area);
    if (hit && hit.version === version) {
      this.entries.set(area, hit);
      return hit.answer;
    }
    // the data is read after the version, so it is at least as new as the version it is kept under
    const answer = build().then(jsonAnswer);
    const entry = { version, answer };
    this.entries.set(area, entry);
    answer.catch(() => {
      if (this.entries.get(area) === entry) this.entries.delete(area);
    });
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return answer;
  }
}
