/** A node stand-in for the browser storage the device-forgetting code clears: Web Storage and the Cache API. */

export class MemoryStorage implements Storage {
  #data = new Map<string, string>();
  get length() {
    return this.#data.size;
  }
  clear() {
    this.#data.clear();
  }
  getItem(key: string) {
    return this.#data.has(key) ? this.#data.get(key)! : null;
  }
  key(i: number) {
    return [...this.#data.keys()][i] ?? null;
  }
  removeItem(key: string) {
    this.#data.delete(key);
  }
  setItem(key: string, value: string) {
    this.#data.set(key, String(value));
  }
  /** Everything stored, as one string (to search for a user's name or phone). */
  dump() {
    return JSON.stringify([...this.#data]);
  }
}

/** Named caches holding response bodies, like the service worker's CacheStorage. */
export class MemoryCaches {
  stores = new Map<string, Map<string, string>>();
  async keys() {
    return [...this.stores.keys()];
  }
  async delete(name: string) {
    return this.stores.delete(name);
  }
  put(name: string, url: string, body: string) {
    if (!this.stores.has(name)) this.stores.set(name, new Map());
    this.stores.get(name)!.set(url, body);
  }
  dump() {
    return JSON.stringify([...this.stores].map(([n, m]) => [n, [...m]]));
  }
}

export function installWebEnv() {
  const g = globalThis as unknown as { localStorage: MemoryStorage; sessionStorage: MemoryStorage; caches: MemoryCaches };
  g.localStorage = new MemoryStorage();
  g.sessionStorage = new MemoryStorage();
  g.caches = new MemoryCaches();
  return g;
}
