import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ShiftDto } from '../../../core/schemas/shift';
import { TILL_HEADER } from '../../../core/shift';
import type { OutboxItem } from '../../../src/offline/db';
import { openOfflineDb, setOfflineDb } from '../../../src/offline/db';
import { installWebEnv } from '../offline/web-env';
import { recordingFetch } from '../../support/recording-fetch';

/**
 * A shop's till in shifts (src/features/shop-order): every request it makes names the till (X-Till), the ones it
 * queues offline too, so the server counts each in the till's shift however late it is sent; and what the drawer
 * should hold is the server's figure plus what the till still holds in its outbox for that shift.
 */

// the outbox's page side (notices, Background Sync) is not under test: a queued item is only stored here
vi.mock('../../../src/offline/runtime', () => ({ kick: () => undefined }));

installWebEnv();
await import('../../../src/features/shop-order/till-header');
const { saveTill } = await import('../../../src/features/shop-order/till-store');
const { closedOnDevice, shiftFigures } = await import('../../../src/features/shop-order/shift-figures');
const { SHIFT_CASH } = await import('../../../src/features/shop-order/shift-kinds');
const { SHOP_SALE } = await import('../../../src/features/shop-order/shop-sale');
const { standingHeaders } = await import('../../../src/lib/api');
const { enqueue } = await import('../../../src/offline/actions');
const { replayOutbox, setUserToken } = await import('../../../src/offline/sync');
const { useSession } = await import('../../../src/stores/session');

const OWNER = '11111111-1111-4111-8111-111111111111';
const CASHIER = '22222222-2222-4222-8222-222222222222';
const TILL = '33333333-3333-4333-8333-333333333333';
const OTHER_TILL = '44444444-4444-4444-8444-444444444444';
const SHIFT = '55555555-5555-4555-8555-555555555555';
const till = { deviceId: TILL, name: 'Front counter', prefix: 'MS-T1', blocks: [] };

const signIn = (userInfo: { _id: string; shopId?: string }) =>
  useSession.setState({
    userInfo: { name: 'Kavitha', phone: '9876500002', role: 'vendor', token: 'tok', addresses: [], ...userInfo },
    expiresAt: null,
  });

describe('a request from a shop’s till', () => {
  let n = 0;
  beforeEach(async () => {
    localStorage.clear();
    const db = openOfflineDb(`till-shift-${++n}`);
    await db.open();
    setOfflineDb(db);
    await setUserToken(OWNER, 'tok', db);
    signIn({ _id: OWNER });
  });

  const sale = () => enqueue('shop-sale', { method: 'POST', path: 'Orders', body: { isShop: true }, label: 'Shop sale ₹40' });

  it('names the till when queued, and the replay sends that header', async () => {
    saveTill(OWNER, till);
    expect(standingHeaders()).toEqual({ [TILL_HEADER]: TILL });
    const item = await sale();
    expect(item.headers).toEqual({ [TILL_HEADER]: TILL });

    // the till is retired meanwhile: the queued request still says where it was made
    saveTill(OWNER, null);
    const { fetch, sent } = recordingFetch();
    expect(await replayOutbox({ fetch })).toMatchObject({ sent: 1 });
    expect(sent[0]).toMatchObject({ authorization: 'Bearer tok', 'idempotency-key': item.id, [TILL_HEADER]: TILL });
  });

  it('names the shop’s till for a staff member too (kept under the shop’s id), and nothing on a device that is no till', async () => {
    saveTill(OWNER, till);
    signIn({ _id: CASHIER, shopId: OWNER });
    expect((await sale()).headers).toEqual({ [TILL_HEADER]: TILL });
    saveTill(OWNER, null);
    expect(standingHeaders()).toEqual({});
    expect((await sale()).headers).toBeUndefined();
  });
});

describe('what the drawer should hold, on the till', () => {
  const openedAt = '2026-06-01T04:30:00.000Z';
  const server: ShiftDto = {
    _id: SHIFT,
    deviceId: TILL,
    tillName: 'Front counter',
    cashier: { _id: OWNER, name: 'Kavitha' },
    openedAt,
    closedAt: null,
    float: 500,
    cashSales: 120,
    creditCollected: 30,
    cashRefunds: 10,
    payIns: 0,
    payOuts: 0,
    expected: 640,
    counted: null,
    difference: null,
    count: null,
    note: '',
    closedBy: null,
    cash: [],
  };
  const shift = { id: SHIFT, deviceId: TILL, float: 500, openedAt, cashier: 'Kavitha', server };
  let seq = 0;
  const item = (kind: string, path: string, body: unknown, extra: Partial<OutboxItem> = {}): OutboxItem => ({
    seq: ++seq,
    id: `item-${seq}`,
    userId: OWNER,
    kind,
    method: 'POST',
    path,
    body,
    createdAt: Date.parse(openedAt) + seq * 60_000,
    status: 'pending',
    attempts: 0,
    nextAttemptAt: 0,
    label: 'x',
    ...extra,
  });
  const sale = (deviceId: string | undefined, paymentMethod: string, at = '2026-06-01T05:00:00.000Z', headers?: Record<string, string>) =>
    item(
      SHOP_SALE,
      'Orders',
      {
        isShop: true,
        products: [{ vendorId: OWNER, productId: 'p1', price: 45, quantity: 2 }],
        paymentStatus: 'Paid',
        paymentMethod,
        deviceId,
        createdAt: at,
      },
      headers ? { headers } : {},
    );
  const cash = (kind: 'in' | 'out', amount: number, shiftId = SHIFT) =>
    item(SHIFT_CASH, `shifts/${shiftId}/cash`, { kind, amount, reason: 'Tea', at: '2026-06-01T05:10:00.000+05:30' });

  it('is the server’s figure with the till’s unsent cash sales and pay-outs counted in', () => {
    const f = shiftFigures(
      shift,
      [sale(TILL, 'cash'), sale(undefined, 'cash', undefined, { [TILL_HEADER]: TILL }), cash('out', 50)],
      'Kavitha',
    );
    // 500 + 120 + 2 × 90 + 30 − 10 − 50
    expect(f.expectedPaise).toBe(77_000);
    expect(f.flows.cashSalesPaise).toBe(30_000);
    expect(f.flows.payOutsPaise).toBe(5_000);
    expect(f.waiting).toBe(3);
    expect(f.cash).toEqual([expect.objectContaining({ kind: 'out', amount: 50, reason: 'Tea', by: { _id: OWNER, name: 'Kavitha' } })]);
  });

  it('counts only the cash part of an unsent sale paid in parts', () => {
    const split = (payments: Array<{ method: string; amount: number }>) => {
      const it = sale(TILL, 'cash');
      const { paymentMethod: _one, ...body } = it.body as Record<string, unknown>;
      return { ...it, body: { ...body, payments } };
    };
    const f = shiftFigures(
      shift,
      [
        split([
          { method: 'cash', amount: 50 },
          { method: 'upi', amount: 40 },
        ]),
        split([
          { method: 'card', amount: 60 },
          { method: 'upi', amount: 30 },
        ]),
      ],
      'Kavitha',
    );
    expect(f.flows.cashSalesPaise).toBe(12_000 + 5_000);
  });

  it('leaves out UPI sales, another till’s, sales before the shift, other shifts’ cash and what the server refused', () => {
    const items = [
      sale(TILL, 'upi'),
      sale(OTHER_TILL, 'cash'),
      sale(TILL, 'cash', '2026-06-01T04:00:00.000Z'),
      cash('in', 100, '66666666-6666-4666-8666-666666666666'),
      { ...cash('out', 20), status: 'failed' as const },
    ];
    const f = shiftFigures(shift, items, 'Kavitha');
    expect(f.expectedPaise).toBe(64_000);
    expect(f.waiting).toBe(0);
  });

  it('closed offline, works the result out on the device: ₹20 short of what the drawer should hold', () => {
    const figures = shiftFigures(shift, [sale(TILL, 'cash'), cash('out', 50)], 'Kavitha');
    expect(figures.expectedPaise).toBe(68_000);
    const closed = closedOnDevice(
      shift,
      { name: 'Front counter', cashier: { _id: OWNER, name: 'Kavitha' } },
      { counted: { '500': 1, '100': 1, '50': 1, '10': 1, coins: 0 }, note: 'Change given twice', at: '2026-06-01T12:00:00.000Z', figures },
    );
    expect(closed).toMatchObject({
      expected: 680,
      counted: 660,
      difference: -20,
      cashSales: 210,
      payOuts: 50,
      closedAt: '2026-06-01T12:00:00.000Z',
    });
    expect(closed.count).toEqual({ '500': 1, '200': 0, '100': 1, '50': 1, '20': 0, '10': 1, coins: 0 });
  });

  it('starts from the float alone while the server has not got the shift', () => {
    expect(shiftFigures({ ...shift, server: null }, [cash('in', 25)], 'Kavitha').expectedPaise).toBe(52_500);
  });
});
