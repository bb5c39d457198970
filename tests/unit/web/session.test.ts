import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from './memory-storage';

const storage = new MemoryStorage();
(globalThis as { localStorage?: Storage }).localStorage = storage;

type SessionModule = typeof import('../../../src/stores/session');
let session: SessionModule;

const user = {
  _id: 'u1',
  name: 'Lakshmi Priya',
  phone: '9876500003',
  role: 'user' as const,
  token: 'tok',
  addresses: [{ address: '12 Kutchery Road', city: 'Chennai', pincode: '600004', phoneNumber: '', area: 'Adyar' }],
};

beforeAll(async () => {
  session = await import('../../../src/stores/session');
});

beforeEach(() => {
  vi.useRealTimers();
  session.useSession.getState().clear();
});

describe('session store', () => {
  it('setCredentials keeps the user for 30 days (2592000000 ms)', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-01-10T10:00:00Z'));
    session.useSession.getState().setCredentials(user);
    const { userInfo, expiresAt } = session.useSession.getState();
    expect(userInfo).toEqual(user);
    expect(expiresAt).toBe(Date.parse('2025-01-10T10:00:00Z') + 2_592_000_000);
    expect(session.SESSION_TTL_MS).toBe(2_592_000_000);
    // and it is written to local storage
    const saved = JSON.parse(storage.getItem('session')!);
    expect(saved.state.userInfo.token).toBe('tok');
    expect(saved.state.expiresAt).toBe(expiresAt);
  });

  it('clears an expired session at start-up', () => {
    session.useSession.getState().setCredentials(user);
    const { expiresAt } = session.useSession.getState();
    session.expireSessionIfDue(expiresAt! + 1);
    expect(session.useSession.getState().userInfo).toBeNull();
    expect(session.useSession.getState().expiresAt).toBeNull();
    expect(JSON.parse(storage.getItem('session')!).state.userInfo).toBeNull();
  });

  it('keeps a fresh session', () => {
    session.useSession.getState().setCredentials(user);
    const { expiresAt } = session.useSession.getState();
    session.expireSessionIfDue(expiresAt! - 1);
    expect(session.useSession.getState().userInfo?.name).toBe('Lakshmi Priya');
    session.expireSessionIfDue();
    expect(session.useSession.getState().userInfo?.token).toBe('tok');
  });

  it('a stored session that has expired is dropped when the store loads', async () => {
    storage.setItem('session', JSON.stringify({ state: { userInfo: user, expiresAt: Date.now() - 1000 }, version: 0 }));
    await session.useSession.persist.rehydrate();
    session.expireSessionIfDue();
    expect(session.useSession.getState().userInfo).toBeNull();
  });

  it('a stored session that is still valid is restored', async () => {
    storage.setItem('session', JSON.stringify({ state: { userInfo: user, expiresAt: Date.now() + 60_000 }, version: 0 }));
    await session.useSession.persist.rehydrate();
    session.expireSessionIfDue();
    expect(session.useSession.getState().userInfo?._id).toBe('u1');
  });

  it('updateUser changes only the given fields and clear removes the user', () => {
    session.useSession.getState().setCredentials(user);
    session.useSession.getState().updateUser({ name: 'Lakshmi P' });
    expect(session.useSession.getState().userInfo).toMatchObject({ name: 'Lakshmi P', token: 'tok', role: 'user' });
    expect(session.currentToken()).toBe('tok');
    session.useSession.getState().clear();
    expect(session.currentToken()).toBeNull();
  });

  it("a person switched in on a shop's till keeps the device's data, and switching back restores the till's account", async () => {
    const owner = { ...user, _id: 'owner', role: 'vendor' as const, token: 'owner-tok', shopId: 'owner' };
    const cashier = { ...owner, _id: 'cashier', name: 'Kavitha', role: 'cashier' as const, token: 'cashier-tok' };
    session.useSession.getState().setCredentials(owner);
    await session.deviceForgotten();
    const forgot = vi.fn(async () => undefined);
    session.whenUserChanges(forgot);

    session.useSession.getState().switchPerson({ userInfo: cashier, expiresAt: 123 });
    expect(session.useSession.getState()).toMatchObject({ userInfo: cashier, expiresAt: 123, tillAccount: { userInfo: owner } });
    expect(session.currentToken()).toBe('cashier-tok');
    // another person next: the till's account stays the one kept
    session.useSession.getState().switchPerson({ userInfo: { ...cashier, _id: 'c2', token: 'c2-tok' }, expiresAt: 456 });
    expect(session.useSession.getState().tillAccount?.userInfo._id).toBe('owner');

    session.useSession.getState().switchPerson(null);
    expect(session.useSession.getState()).toMatchObject({ userInfo: owner, tillAccount: null });
    await session.deviceForgotten();
    expect(forgot).not.toHaveBeenCalled();

    // signing out forgets both
    session.useSession.getState().switchPerson({ userInfo: cashier, expiresAt: 123 });
    session.useSession.getState().clear();
    expect(session.useSession.getState()).toMatchObject({ userInfo: null, tillAccount: null });
    await session.deviceForgotten();
    expect(forgot).toHaveBeenCalledWith(null);
  });
});
