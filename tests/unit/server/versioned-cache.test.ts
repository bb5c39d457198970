import { describe, expect, it } from 'vitest';
import { VersionedCache } from '../../../server/services/search/search-cache';

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('VersionedCache', () => {
  it('shares one load between concurrent callers and serves it until the version changes', async () => {
    const cache = new VersionedCache<string>(10, 60_000);
    let loads = 0;
    const load = async () => `answer ${++loads}`;
    const [a, b] = await Promise.all([cache.get(1n, 'k', load), cache.get(1n, 'k', load)]);
    expect([a, b, loads]).toEqual(['answer 1', 'answer 1', 1]);
    expect(await cache.get(1n, 'k', load)).toBe('answer 1');
    expect(await cache.get(2n, 'k', load)).toBe('answer 2'); // a product changed: never the old answer
    expect(await cache.get(1n, 'k', load)).toBe('answer 3'); // an older version read by a slow request is not cached
    expect(await cache.get(2n, 'k', load)).toBe('answer 2');
  });

  it('drops a failed load at once', async () => {
    const cache = new VersionedCache<string>(10, 60_000);
    await expect(cache.get(1n, 'k', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    await settle();
    expect(cache.size).toBe(0);
    expect(await cache.get(1n, 'k', async () => 'ok')).toBe('ok');
  });

  it('keeps the answers within their weight, evicting the least recently used', async () => {
    const cache = new VersionedCache<string>(100, 60_000, 1_000);
    const big = (c: string) => async () => c.repeat(398); // JSON length 400
    await cache.get(1n, 'a', big('a'));
    await cache.get(1n, 'b', big('b'));
    await settle();
    expect(cache.weight).toBe(800);
    await cache.get(1n, 'a', big('x')); // a is used again: b is now the oldest
    await cache.get(1n, 'c', big('c'));
    await settle();
    expect(cache.size).toBe(2);
    expect(cache.weight).toBe(800);
    let reloaded = false;
    await cache.get(1n, 'b', async () => ((reloaded = true), 'b'));
    expect(reloaded).toBe(true);
    expect(await cache.get(1n, 'c', big('never'))).toBe('c'.repeat(398));
  });

  it('holds at most maxEntries answers', async () => {
    const cache = new VersionedCache<number>(3, 60_000);
    for (let i = 0; i < 10; i++) await cache.get(1n, `k${i}`, async () => i);
    expect(cache.size).toBe(3);
  });
});
