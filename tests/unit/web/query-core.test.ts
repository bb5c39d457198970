import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { readCacheFast } from '../../../src/offline/cache-read';
import { writeCache } from '../../../src/offline/cache';
import { useOfflineStatus } from '../../../src/offline/status';
import { initialState, invalidate, type Load, type QueryState, registerQuery, runQuery, savedFor } from '../../../src/data/query-core';

/** Runs one load against a state held here; returns every state it went through. */
async function load<T>(q: Partial<Load<T>> & Pick<Load<T>, 'userId' | 'name' | 'fetcher'>, start: QueryState<T> = initialState<T>(true)) {
  let state = start;
  const seen: QueryState<T>[] = [];
  await runQuery<T>({
    fresh: true,
    live: () => true,
    ...q,
    set: (change) => {
      state = change(state);
      seen.push(state);
    },
  });
  return { state, seen };
}

const deferred = <T>() => {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
};

const offline = { status: 'FETCH_ERROR' };
const notFound = { status: 404, data: { message: 'Order not found' } };
let n = 0;
const user = () => `user-${++n}`;
/** Lets the IndexedDB callbacks run. */
const settle = () => new Promise((r) => setTimeout(r, 20));

describe('runQuery: loading, saved copies, offline', () => {
  it('loads from the network and saves the answer on this device', async () => {
    const u = user();
    const { state, seen } = await load({ userId: u, name: 'areas', fetcher: async () => ['Adyar', 'Tambaram'] });
    expect(seen[0]).toMatchObject({ loading: true, refreshing: true, data: undefined });
    expect(state).toMatchObject({
      data: ['Adyar', 'Tambaram'],
      loading: false,
      refreshing: false,
      fromCache: false,
      offline: false,
      error: undefined,
    });
    expect((await readCacheFast(u, 'areas'))?.value).toEqual(['Adyar', 'Tambaram']);
  });

  it('shows the saved copy at once, then what the network answers', async () => {
    const u = user();
    await writeCache(u, 'order:1', { status: 'Pending' }, 1_000);
    const net = deferred<{ status: string }>();
    let state = initialState<{ status: string }>(true);
    const done = runQuery({
      userId: u,
      name: 'order:1',
      fetcher: () => net.promise,
      fresh: true,
      live: () => true,
      set: (c) => (state = c(state)),
    });
    await settle();
    expect(state).toMatchObject({ data: { status: 'Pending' }, fromCache: true, savedAt: 1_000, loading: false, refreshing: true });
    net.resolve({ status: 'Delivered' });
    await done;
    expect(state).toMatchObject({ data: { status: 'Delivered' }, fromCache: false, offline: false, refreshing: false });
  });

  it('offline: the saved copy with offline set and when it was saved; the error is kept', async () => {
    const u = user();
    await writeCache(u, 'shop-products', [{ _id: 'p1' }], 2_000);
    const { state } = await load({ userId: u, name: 'shop-products', fetcher: () => Promise.reject(offline) });
    expect(state).toMatchObject({
      data: [{ _id: 'p1' }],
      fromCache: true,
      offline: true,
      savedAt: 2_000,
      loading: false,
      refreshing: false,
      error: offline,
    });
  });

  it('a refusal with nothing saved is an error, with no data', async () => {
    const { state } = await load({ userId: user(), name: 'order:gone', fetcher: () => Promise.reject(notFound) });
    expect(state).toMatchObject({ data: undefined, error: notFound, loading: false, refreshing: false, offline: false });
  });

  it('offline with nothing saved is an error too (the screen offers Retry)', async () => {
    const { state } = await load({ userId: user(), name: 'never-seen', fetcher: () => Promise.reject(offline) });
    expect(state).toMatchObject({ data: undefined, error: offline, loading: false });
  });

  it('keeps each user’s saved data apart', async () => {
    const a = user();
    const b = user();
    await writeCache(a, 'areas', ['Adyar'], 1);
    const { state } = await load({ userId: b, name: 'areas', fetcher: () => Promise.reject(offline) });
    expect(state.data).toBeUndefined();
  });
});

describe('runQuery: persist: false keeps the data off the device', () => {
  it('neither shows a saved copy nor saves the answer', async () => {
    const u = user();
    await writeCache(u, 'admin:users', ['saved earlier'], 1);
    const net = deferred<string[]>();
    let state = initialState<string[]>(true);
    const done = runQuery({
      userId: u,
      name: 'admin:users',
      persist: false,
      fetcher: () => net.promise,
      fresh: true,
      live: () => true,
      set: (c) => (state = c(state)),
    });
    await settle();
    expect(state).toMatchObject({ data: undefined, loading: true });
    net.resolve(['from the network']);
    await done;
    expect(state.data).toEqual(['from the network']);
    expect((await readCacheFast(u, 'admin:users'))?.value).toEqual(['saved earlier']);

    const fresh = user();
    await load({ userId: fresh, name: 'profile', persist: false, fetcher: async () => ({ name: 'Lakshmi' }) });
    expect(await readCacheFast(fresh, 'profile')).toBeNull();
  });

  it('offline it is an error, not the saved copy', async () => {
    const u = user();
    await writeCache(u, 'my-orders', ['saved'], 1);
    const { state } = await load({ userId: u, name: 'my-orders', persist: false, fetcher: () => Promise.reject(offline) });
    expect(state).toMatchObject({ data: undefined, error: offline, offline: false, fromCache: false });
  });
});

describe('runQuery: Retry, new names, stale loads', () => {
  it('Retry after an error shows loading again and clears the error', async () => {
    const failed: QueryState<string[]> = { ...initialState<string[]>(false), error: offline };
    const { seen, state } = await load(
      { userId: user(), name: 'gsts', persist: false, fresh: false, fetcher: async () => ['GST 5%'] },
      failed,
    );
    expect(seen[0]).toMatchObject({ loading: true, refreshing: true, error: undefined, data: undefined });
    expect(state).toMatchObject({ data: ['GST 5%'], loading: false, error: undefined });
  });

  it('a refresh keeps the shown data while it loads, and keeps it (with the error) when it fails', async () => {
    const shown: QueryState<string[]> = { ...initialState<string[]>(false), data: ['old'] };
    const { seen, state } = await load(
      { userId: user(), name: 'gsts', persist: false, fresh: false, fetcher: () => Promise.reject(notFound) },
      shown,
    );
    expect(seen[0]).toMatchObject({ data: ['old'], loading: false, refreshing: true });
    expect(state).toMatchObject({ data: ['old'], error: notFound, refreshing: false });
  });

  it('a new name starts from nothing, or keeps the previous data with keepPrevious', async () => {
    const page1: QueryState<string> = { ...initialState<string>(false), data: 'page 1' };
    const net = deferred<string>();
    for (const keepPrevious of [false, true]) {
      let state = page1;
      void runQuery({
        userId: user(),
        name: 'vendor-orders?page=2',
        persist: false,
        keepPrevious,
        fetcher: () => net.promise,
        fresh: true,
        live: () => true,
        set: (c) => (state = c(state)),
      });
      expect(state).toMatchObject(
        keepPrevious ? { data: 'page 1', loading: false, refreshing: true } : { data: undefined, loading: true, refreshing: true },
      );
    }
    net.resolve('page 2');
  });

  it('drops what a load answers once a newer one started', async () => {
    const net = deferred<string>();
    let current = true;
    let state = initialState<string>(true);
    const done = runQuery({
      userId: user(),
      name: 'x',
      persist: false,
      fetcher: () => net.promise,
      fresh: true,
      live: () => current,
      set: (c) => current && (state = c(state)),
    });
    current = false;
    net.resolve('late');
    await done;
    expect(state.data).toBeUndefined();
  });
});

describe('runQuery: the page-wide offline notice', () => {
  const w = globalThis as { window?: unknown };
  afterEach(() => {
    delete w.window;
    useOfflineStatus.setState({ cacheNotice: null });
  });

  it('is set (with the saved time) only for queries that ask for it', async () => {
    w.window = { location: { pathname: '/user-categories' } };
    const u = user();
    await writeCache(u, 'catalog:categories', [{ name: 'Rice' }], 3_000);
    await load({ userId: u, name: 'catalog:categories', fetcher: () => Promise.reject(offline) });
    expect(useOfflineStatus.getState().cacheNotice).toBeNull();
    await load({ userId: u, name: 'catalog:categories', offlineNotice: true, fetcher: () => Promise.reject(offline) });
    expect(useOfflineStatus.getState().cacheNotice).toEqual({ path: '/user-categories', savedAt: 3_000 });
  });
});

describe('invalidate', () => {
  const offs: Array<() => void> = [];
  afterEach(() => offs.splice(0).forEach((off) => off()));

  it('refreshes every mounted query whose name starts with a prefix, and only those', () => {
    const calls: string[] = [];
    for (const name of ['order:1', 'order:2', 'orders-mine', 'area-orders:Adyar']) offs.push(registerQuery(name, () => calls.push(name)));
    expect(invalidate('order:')).toBe(2);
    expect(calls).toEqual(['order:1', 'order:2']);
    calls.length = 0;
    expect(invalidate(['area-orders:', 'orders-'])).toBe(2);
    expect(calls.sort()).toEqual(['area-orders:Adyar', 'orders-mine']);
    calls.length = 0;
    expect(invalidate('gsts')).toBe(0);
    expect(calls).toEqual([]);
  });

  it('leaves unmounted queries alone', () => {
    const calls: string[] = [];
    const off = registerQuery('profile', () => calls.push('profile'));
    off();
    expect(invalidate('profile')).toBe(0);
    expect(calls).toEqual([]);
  });

  it('a query mounted twice (two screens) is refreshed in both', () => {
    let count = 0;
    offs.push(
      registerQuery('areas', () => count++),
      registerQuery('areas', () => count++),
    );
    invalidate('areas');
    expect(count).toBe(2);
  });
});

describe('savedFor', () => {
  const offs: Array<() => void> = [];
  afterEach(() => offs.splice(0).forEach((off) => off()));

  it('loads again the mounted queries of the saved names that found nothing, and only those', () => {
    const calls: string[] = [];
    const mount = (name: string, failed: boolean) =>
      offs.push(
        registerQuery(
          name,
          () => calls.push(name),
          () => failed,
        ),
      );
    mount('order:1', true);
    mount('order:2', false); // shows data (or is loading): left alone
    mount('order:3', true); // not saved now
    savedFor(new Set(['order:1', 'order:2', 'order:4']));
    expect(calls).toEqual(['order:1']);
  });
});
