import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { financialYear } from '../../../core/invoice';
import type { ShopOrderLine } from '../../../core/shop-order';
import type { ParkedContent } from '../../../src/features/shop-order/parked-bills';
import { openOfflineDb, setOfflineDb, type OfflineDb } from '../../../src/offline/db';
import { installWebEnv } from '../offline/web-env';

/**
 * Bills parked at a till (src/features/shop-order/parked-bills.ts): up to five per till, taken back whole, kept
 * apart per shop and per till on the device, and no sale: parking takes no till number and queues nothing.
 */

// a till number taken, or a request made, while parking would be a sale begun: both fail the test
const takeNumber = vi.fn();
vi.mock('../../../src/features/shop-order/till-numbers', () => ({ numberAtTill: takeNumber, topUpTill: takeNumber }));
vi.mock('../../../src/lib/api', () => ({ api: { post: takeNumber, get: takeNumber, put: takeNumber, delete: takeNumber } }));

installWebEnv();
const { PARKED_MAX, discardParked, listParked, parkBill, parkedPlace, resumeParked } =
  await import('../../../src/features/shop-order/parked-bills');
const { readTill, saveTill } = await import('../../../src/features/shop-order/till-store');

const SHOP = '11111111-1111-4111-8111-111111111111';
const OTHER_SHOP = '22222222-2222-4222-8222-222222222222';
const fy = financialYear(new Date());
const till = (deviceId: string) => ({ deviceId, name: 'Front', prefix: 'MS1', blocks: [{ fy, next: 7, to: 50 }] });

const line = (productId: string, quantity = 1): ShopOrderLine => ({
  key: `k-${productId}`,
  category: 'Grocery',
  subcategory: 'Rice',
  productId,
  vendorId: SHOP,
  price: 40,
  discount: 0,
  quantity,
  unit: 'pc',
});

/** The counter's form as a cashier leaves it: `n` items, a payment choice, the shop's address. */
const bill = (n: number, saleId = `sale-${n}`): ParkedContent => ({
  saleId,
  lines: Array.from({ length: n }, (_, i) => line(`p${i + 1}`)),
  customer: null,
  payment: { handedOver: true, status: 'Paid', method: 'upi' },
  address: { address: '12 Car Street', city: 'Madurai', pincode: '625001', phoneNumber: '9876543210' },
  shipState: '33',
  addressOf: null,
});

let db: OfflineDb;
let n = 0;
beforeEach(async () => {
  localStorage.clear();
  takeNumber.mockReset();
  db = openOfflineDb(`parked-${++n}`);
  await db.open();
  setOfflineDb(db);
});

describe('bills parked at a till', () => {
  it('holds up to five; the sixth is refused and nothing of it is kept', async () => {
    const place = parkedPlace(SHOP);
    for (let i = 1; i <= PARKED_MAX; i++) expect(await parkBill(place, bill(i), 1_000 + i, db)).toHaveProperty('parked');
    expect(PARKED_MAX).toBe(5);
    expect(await parkBill(place, bill(6), 2_000, db)).toEqual({ full: true });
    const kept = await listParked(place, db);
    expect(kept.map((b) => b.saleId)).toEqual(['sale-1', 'sale-2', 'sale-3', 'sale-4', 'sale-5']);
    // once one is taken back, there is room again
    await resumeParked(place, kept[0].id, null, 3_000, db);
    expect(await parkBill(place, bill(6), 3_001, db)).toHaveProperty('parked');
  });

  it('gives a bill back whole when taken back, and it is parked no more', async () => {
    const place = parkedPlace(SHOP);
    const parked = await parkBill(
      place,
      { ...bill(2), customer: null, payment: { handedOver: false, status: 'Pending', method: 'cash' } },
      5_000,
      db,
    );
    if (!('parked' in parked)) throw new Error('not parked');
    const back = await resumeParked(place, parked.parked.id, null, 6_000, db);
    expect(back).toMatchObject({ saleId: 'sale-2', parkedAt: 5_000, payment: { handedOver: false, status: 'Pending' } });
    expect(back?.lines.map((l) => l.productId)).toEqual(['p1', 'p2']);
    expect(back?.address.city).toBe('Madurai');
    expect(await listParked(place, db)).toEqual([]);
    // taken back already (by another tab of the till): nothing to give
    expect(await resumeParked(place, parked.parked.id, null, 6_001, db)).toBeNull();
  });

  it('parks the bill on the counter in the place of the one taken back, so a full till loses nothing', async () => {
    const place = parkedPlace(SHOP);
    for (let i = 1; i <= PARKED_MAX; i++) await parkBill(place, bill(i), 1_000 + i, db);
    const [first] = await listParked(place, db);
    const back = await resumeParked(place, first.id, bill(3, 'on-the-counter'), 9_000, db);
    expect(back?.saleId).toBe('sale-1');
    const kept = await listParked(place, db);
    expect(kept).toHaveLength(PARKED_MAX);
    expect(kept.at(-1)).toMatchObject({ saleId: 'on-the-counter', parkedAt: 9_000 });
    // an empty counter is not parked
    await resumeParked(place, kept[0].id, bill(0, 'empty'), 9_001, db);
    expect((await listParked(place, db)).map((b) => b.saleId)).not.toContain('empty');
  });

  it('keeps each till’s and each shop’s bills apart', async () => {
    const noTill = parkedPlace(SHOP);
    await parkBill(noTill, bill(1, 'at-this-device'), 1, db);
    saveTill(SHOP, till('till-a'));
    const tillA = parkedPlace(SHOP);
    expect(tillA).not.toBe(noTill);
    await parkBill(tillA, bill(1, 'at-till-a'), 2, db);
    saveTill(SHOP, till('till-b'));
    const tillB = parkedPlace(SHOP);
    for (let i = 1; i <= PARKED_MAX; i++) await parkBill(tillB, bill(i, `b-${i}`), 10 + i, db);
    // till B is full; till A and the other shop are not
    expect(await parkBill(tillB, bill(1), 20, db)).toEqual({ full: true });
    expect(await parkBill(parkedPlace(OTHER_SHOP), bill(1, 'other-shop'), 21, db)).toHaveProperty('parked');
    expect((await listParked(tillA, db)).map((b) => b.saleId)).toEqual(['at-till-a']);
    expect((await listParked(noTill, db)).map((b) => b.saleId)).toEqual(['at-this-device']);
    expect((await listParked(parkedPlace(OTHER_SHOP), db)).map((b) => b.saleId)).toEqual(['other-shop']);
    // another till cannot take back or discard a bill it does not hold
    const [a] = await listParked(tillA, db);
    expect(await resumeParked(tillB, a.id, null, 30, db)).toBeNull();
    await discardParked(tillB, a.id, db);
    expect(await listParked(tillA, db)).toHaveLength(1);
    await discardParked(tillA, a.id, db);
    expect(await listParked(tillA, db)).toEqual([]);
  });

  it('takes no till number and sends nothing: the till and the outbox are as they were', async () => {
    saveTill(SHOP, till('till-a'));
    const before = JSON.stringify(readTill(SHOP));
    const place = parkedPlace(SHOP);
    const parked = await parkBill(place, bill(3), 1, db);
    if (!('parked' in parked)) throw new Error('not parked');
    await resumeParked(place, parked.parked.id, null, 2, db);
    await parkBill(place, bill(2), 3, db);
    expect(JSON.stringify(readTill(SHOP))).toBe(before);
    expect(readTill(SHOP)?.blocks[0].next).toBe(7);
    expect(takeNumber).not.toHaveBeenCalled();
    expect(await db.outbox.count()).toBe(0);
  });
});
