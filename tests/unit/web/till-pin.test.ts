import 'fake-indexeddb/auto';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACTED_BY_HEADER, actProof, checkActProof, makePinVerifier, PIN_LOCK_MINUTES, tillPinCheck } from '../../../core/pin';
import type { TillPersonDto } from '../../../core/schemas/staff';
import { openOfflineDb, setOfflineDb } from '../../../src/offline/db';
import { installWebEnv } from '../offline/web-env';
import { recordingFetch } from '../../support/recording-fetch';

/**
 * A till switching people without a connection (src/features/staff): the PIN is checked against what
 * the till keeps (core/pin.ts), five wrong ones lock the person on this till for 15 minutes (even the
 * right PIN waits), and what the person queues meanwhile carries X-Acted-By, their proof over its key.
 */

// the outbox's page side (notices, Background Sync) is not under test: a queued item is only stored here
vi.mock('../../../src/offline/runtime', () => ({ kick: () => undefined }));

installWebEnv();
const { checkPinOnTill } = await import('../../../src/features/staff/till-check');
const { actAs, holdActs, stopActing } = await import('../../../src/features/staff/acting-person');
const { enqueue } = await import('../../../src/offline/actions');
const { replayOutbox, setUserToken } = await import('../../../src/offline/sync');
const { useSession } = await import('../../../src/stores/session');

const TILL = 'dev-1';
const OWNER = '11111111-1111-4111-8111-111111111111';
const CASHIER = '22222222-2222-4222-8222-222222222222';
// fewer iterations than a real PIN's, the same scheme: the test runs in a moment
let verifier: string;
let kavitha: TillPersonDto;

beforeAll(async () => {
  verifier = await makePinVerifier('2580', 1000);
  kavitha = { _id: CASHIER, name: 'Kavitha', role: 'cashier', pin: await tillPinCheck(verifier) };
});
beforeEach(() => localStorage.clear());
afterEach(() => vi.useRealTimers());

describe('a PIN checked on the till', () => {
  it('gives V for the right PIN: the same V whose proof the server accepts', async () => {
    const r = await checkPinOnTill(TILL, kavitha, '2580');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(await checkActProof(verifier, 'key-1', await actProof(r.v, 'key-1'))).toBe(true);
  });

  it('counts wrong PINs; the fifth locks the person on this till for 15 minutes, the right PIN included', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.parse('2026-06-01T10:00:00+05:30');
    vi.setSystemTime(start);
    for (const left of [4, 3, 2, 1])
      expect(await checkPinOnTill(TILL, kavitha, '1397')).toEqual({ ok: false, refusal: { code: 'pinWrong', params: { left } } });
    expect(await checkPinOnTill(TILL, kavitha, '1397')).toEqual({
      ok: false,
      refusal: { code: 'pinLocked', params: { minutes: PIN_LOCK_MINUTES } },
    });

    // locked: the right PIN is refused too, with the minutes still to wait
    expect(await checkPinOnTill(TILL, kavitha, '2580')).toEqual({ ok: false, refusal: { code: 'pinLocked', params: { minutes: 15 } } });
    vi.advanceTimersByTime(14 * 60_000 + 30_000);
    expect(await checkPinOnTill(TILL, kavitha, '2580')).toEqual({ ok: false, refusal: { code: 'pinLocked', params: { minutes: 1 } } });

    // once the 15 minutes have passed, the right PIN lets them in and the count starts again
    vi.setSystemTime(start + PIN_LOCK_MINUTES * 60_000);
    expect((await checkPinOnTill(TILL, kavitha, '2580')).ok).toBe(true);
    expect(await checkPinOnTill(TILL, kavitha, '1397')).toEqual({ ok: false, refusal: { code: 'pinWrong', params: { left: 4 } } });
  });

  it('locks one person on one till: another till, or another person, is not locked', async () => {
    for (let i = 0; i < 5; i++) await checkPinOnTill(TILL, kavitha, '1397');
    expect((await checkPinOnTill(TILL, kavitha, '2580')).ok).toBe(false);
    expect((await checkPinOnTill('dev-2', kavitha, '2580')).ok).toBe(true);
    const ravi = { ...kavitha, _id: OWNER, name: 'Ravi' };
    expect((await checkPinOnTill(TILL, ravi, '2580')).ok).toBe(true);
  });

  it('a right PIN clears the count of wrong ones', async () => {
    for (let i = 0; i < 4; i++) await checkPinOnTill(TILL, kavitha, '1397');
    expect((await checkPinOnTill(TILL, kavitha, '2580')).ok).toBe(true);
    expect(await checkPinOnTill(TILL, kavitha, '1397')).toEqual({ ok: false, refusal: { code: 'pinWrong', params: { left: 4 } } });
  });

  it('refuses a person without a PIN, and a PIN that is not 4 to 6 digits without counting it', async () => {
    expect(await checkPinOnTill(TILL, { ...kavitha, pin: null }, '2580')).toEqual({
      ok: false,
      refusal: { code: 'pinNotSet', params: { name: 'Kavitha' } },
    });
    for (let i = 0; i < 6; i++) expect(await checkPinOnTill(TILL, kavitha, '12')).toEqual({ ok: false, refusal: { code: 'pinFormat' } });
    expect((await checkPinOnTill(TILL, kavitha, '2580')).ok).toBe(true);
  });
});

describe('what a person switched in offline queues', () => {
  let n = 0;
  beforeEach(async () => {
    const db = openOfflineDb(`till-pin-${++n}`);
    await db.open();
    setOfflineDb(db);
    await setUserToken(OWNER, 'owner-token', db);
    // the till's account is signed in; the cashier is at the till in its name
    useSession.setState({
      userInfo: {
        _id: OWNER,
        name: 'Kavitha',
        phone: '9876500002',
        role: 'cashier',
        token: 'owner-token',
        addresses: [],
        personId: CASHIER,
      },
      expiresAt: null,
    });
  });
  afterEach(() => stopActing());

  const sale = () => enqueue('shop-sale', { method: 'POST', path: 'Orders', body: { isShop: true }, label: 'Shop sale ₹40' });

  it('carries X-Acted-By, the person and their proof over its Idempotency-Key, and is sent with it', async () => {
    const check = await checkPinOnTill(TILL, kavitha, '2580');
    if (!check.ok) throw new Error('the right PIN was refused');
    actAs(CASHIER, check.v);
    const item = await sale();
    // queued under the till's account, whose token sends it
    expect(item.userId).toBe(OWNER);
    const claim = item.headers?.[ACTED_BY_HEADER] ?? '';
    const [personId, proof] = claim.split('.');
    expect(personId).toBe(CASHIER);
    expect(await checkActProof(verifier, item.id, proof)).toBe(true);

    const { fetch, sent } = recordingFetch();
    expect(await replayOutbox({ fetch })).toMatchObject({ sent: 1 });
    expect(sent[0]).toMatchObject({ authorization: 'Bearer owner-token', 'idempotency-key': item.id, [ACTED_BY_HEADER]: claim });
  });

  it('carries nothing once the till is back with its account, and nothing is queued while the PIN must be entered again', async () => {
    stopActing();
    expect((await sale()).headers).toBeUndefined();
    holdActs();
    await expect(sale()).rejects.toThrow();
  });
});
