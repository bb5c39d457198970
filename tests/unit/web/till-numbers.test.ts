import { beforeEach, describe, expect, it, vi } from 'vitest';
import { financialYear, fyTag } from '../../../core/invoice';
import type { ShopOrderPayload } from '../../../core/shop-order';
import type { QueuedShopSale } from '../../../src/features/shop-order/shop-sale';
import { installWebEnv } from '../offline/web-env';

// the till's server calls, answered here
const post = vi.fn();
vi.mock('../../../src/lib/api', () => ({ api: { post: (...a: unknown[]) => post(...a), delete: vi.fn() } }));

installWebEnv();
const { numberAtTill, topUpTill } = await import('../../../src/features/shop-order/till-numbers');
const { readTill, saveTill } = await import('../../../src/features/shop-order/till-store');
const { editedShopSaleRequest } = await import('../../../src/features/shop-order/shop-sale-outbox');

const USER = 'vendor-1';
const now = Date.now();
const fy = financialYear(new Date(now));
const sale: ShopOrderPayload = {
  isShop: true,
  products: [{ vendorId: USER, productId: 'p1', price: 40, quantity: 1 }],
  shippingAddress: { address: 'Counter', city: 'Chennai', pincode: '600017', phoneNumber: '9876543210' },
  paymentStatus: 'Paid',
  paymentMethod: 'cash',
  handedOver: true,
};
const till = (next: number, to: number) => ({ deviceId: 'dev-1', name: 'Front', prefix: 'MS1', blocks: [{ fy, next, to }] });

beforeEach(() => {
  localStorage.clear();
  post.mockReset();
});

describe('a sale at this device as a till', () => {
  it('takes the next number, saved on the device before it answers; a reload goes on from there', async () => {
    saveTill(USER, till(1, 50));
    const first = await numberAtTill(USER, sale, now);
    expect(first.number).toBe(`MS-1/${fyTag(fy)}/000001`);
    expect(first.payload).toMatchObject({ deviceId: 'dev-1', invoiceNumber: `MS-1/${fyTag(fy)}/000001` });
    // what a reload reads: the next number is 2
    expect(JSON.parse(localStorage.getItem('till')!)[USER].blocks[0].next).toBe(2);
    expect((await numberAtTill(USER, sale, now)).number).toBe(`MS-1/${fyTag(fy)}/000002`);
    expect(readTill('another-vendor')).toBeNull();
  });

  it('leaves a sale to deliver later, and every sale of a device that is no till, unnumbered', async () => {
    expect(await numberAtTill(USER, sale, now)).toEqual({ payload: sale, number: null, outOfNumbers: false });
    saveTill(USER, till(1, 50));
    const later = { ...sale, handedOver: false, paymentStatus: 'Pending' };
    expect(await numberAtTill(USER, later, now)).toEqual({ payload: later, number: null, outOfNumbers: false });
    expect(readTill(USER)?.blocks[0].next).toBe(1);
  });

  it('leaves a UPI sale to deliver later unnumbered at a shop whose provider confirms it (the server records it unpaid)', async () => {
    saveTill(USER, till(1, 50));
    const upiLater = { ...sale, handedOver: false, paymentMethod: 'upi' as const };
    expect(await numberAtTill(USER, upiLater, now, { awaitsPayment: true })).toEqual({
      payload: upiLater,
      number: null,
      outOfNumbers: false,
    });
    // handed over, it is invoiced at once all the same; without a provider, a paid sale to deliver later is numbered
    expect((await numberAtTill(USER, { ...sale, paymentMethod: 'upi' }, now, { awaitsPayment: true })).number).toBe(
      `MS-1/${fyTag(fy)}/000001`,
    );
    expect((await numberAtTill(USER, upiLater, now)).number).toBe(`MS-1/${fyTag(fy)}/000002`);
  });

  it('out of numbers: no number and says so (the bill is provisional)', async () => {
    saveTill(USER, till(51, 50));
    expect(await numberAtTill(USER, sale, now)).toEqual({ payload: sale, number: null, outOfNumbers: true });
  });

  it('online, tops up a till running low with the next block of its series', async () => {
    saveTill(USER, till(45, 50));
    post.mockResolvedValueOnce({ deviceId: 'dev-1', fy, series: `MS-1/${fyTag(fy)}/`, from: 51, to: 100 });
    await topUpTill(USER);
    expect(post).toHaveBeenCalledWith('devices/dev-1/numbers', { fy });
    expect(readTill(USER)?.blocks).toEqual([{ fy, next: 45, to: 100 }]);
  });
});

describe('a refused till sale, edited', () => {
  const queued = (lastStatus: number): QueuedShopSale =>
    ({
      id: 'sale-1',
      body: {
        ...sale,
        _id: 'sale-1',
        createdAt: new Date(now).toISOString(),
        deviceId: 'dev-1',
        invoiceNumber: `MS-1/${fyTag(fy)}/000007`,
      },
      lastStatus,
      createdAt: now,
    }) as QueuedShopSale;
  const display = { lines: [] };

  it('keeps its number (never recorded, so still free) unless the refusal may have been about it', () => {
    expect(editedShopSaleRequest(queued(400), sale, display)[0].body).toMatchObject({
      invoiceNumber: `MS-1/${fyTag(fy)}/000007`,
      deviceId: 'dev-1',
    });
    expect(editedShopSaleRequest(queued(409), sale, display)[0].body).not.toHaveProperty('invoiceNumber');
    expect(editedShopSaleRequest(queued(404), sale, display)[0].body).not.toHaveProperty('invoiceNumber');
    const later = { ...sale, handedOver: false, paymentStatus: 'Pending' };
    expect(editedShopSaleRequest(queued(400), later, display)[0].body).not.toHaveProperty('invoiceNumber');
  });
});
