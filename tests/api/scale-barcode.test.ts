import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SCALE_LAYOUT, scaleLabelCode, scaleProductCode } from '../../core/scale-barcode';
import type { VendorProductDto } from '../../core/schemas/product';
import { productBody } from '../support/api-builders';
import { createTestApp, DEMO, listedShelf, login, tokenRequests, type TestContext } from './helpers';

/**
 * The layout of a shop's scale labels (PUT and GET /api/shop/scale-barcode): set by the owner or a
 * manager, read by everyone who sells, a coded refusal for anyone else; a loose product's barcode is
 * its zero-value label, and the product search finds it from a whole label.
 */
let ctx: TestContext;
const tok: Record<string, string> = {};
const { call, ok, addStaff, setScaleLayout } = tokenRequests(() => ctx.app);
const URL = '/api/shop/scale-barcode';
let vendorId: string;
let vendor2Id: string;

beforeAll(async () => {
  ctx = await createTestApp();
  for (const k of ['admin', 'vendor', 'vendor2'] as const) tok[k] = await login(ctx.app, DEMO[k]);
  vendorId = (await ok('GET', '/api/users/profile', tok.vendor))._id;
  vendor2Id = (await ok('GET', '/api/users/profile', tok.vendor2))._id;
});
afterAll(async () => {
  await ctx?.close();
});

describe('the scale label layout', () => {
  it('is the default until set; the owner saves it and a cashier reads it; a manager may change it', async () => {
    const cashier = (await addStaff(tok.vendor, 'cashier')).token;
    expect(await ok('GET', URL, cashier)).toEqual(DEFAULT_SCALE_LAYOUT);

    const saved = await setScaleLayout(tok.vendor, { prefix: '23', itemDigits: 4, value: 'price' });
    expect(saved).toMatchObject({ prefix: '23', itemDigits: 4, value: 'price', code: 'scaleLayoutSaved' });
    expect(await ok('GET', URL, cashier)).toEqual({ prefix: '23', itemDigits: 4, value: 'price' });

    const manager = (await addStaff(tok.vendor, 'manager')).token;
    await setScaleLayout(manager, { prefix: '24', itemDigits: 6, value: 'weight' });
    expect(await ok('GET', URL, tok.vendor)).toEqual({ prefix: '24', itemDigits: 6, value: 'weight' });
    // another shop keeps its own
    expect(await ok('GET', URL, tok.vendor2)).toEqual(DEFAULT_SCALE_LAYOUT);
  });

  it('is refused to a stock role, and a cashier may not change it, each with a coded 403', async () => {
    const stock = (await addStaff(tok.vendor, 'stock')).token;
    const cashier = (await addStaff(tok.vendor, 'cashier')).token;
    for (const [token, method] of [
      [stock, 'GET'],
      [stock, 'PUT'],
      [cashier, 'PUT'],
    ] as const) {
      const res = await call(method, URL, token, method === 'PUT' ? { prefix: '29', itemDigits: 5, value: 'weight' } : undefined);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().code).toBe('staffRoleRefused');
    }
    expect((await ok('GET', URL, tok.vendor)).prefix).not.toBe('29');
  });

  it("refuses another shop's id; an admin names the shop", async () => {
    for (const method of ['GET', 'PUT'] as const) {
      const res = await call(method, `${URL}?shopId=${vendor2Id}`, tok.vendor, method === 'PUT' ? DEFAULT_SCALE_LAYOUT : undefined);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().code).toBe('ownShopOnly');
    }
    // their own id is their own shop
    expect(await ok('GET', `${URL}?shopId=${vendorId}`, tok.vendor)).toHaveProperty('prefix');

    const none = await call('GET', URL, tok.admin);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'chooseVendor', field: 'shopId' });
    await setScaleLayout(tok.admin, { prefix: '22', itemDigits: 5, value: 'price' }, vendor2Id);
    expect(await ok('GET', URL, tok.vendor2)).toEqual({ prefix: '22', itemDigits: 5, value: 'price' });
  });

  it('refuses a bad layout with a coded 400 on its field, and keeps the saved one', async () => {
    await setScaleLayout(tok.vendor, { prefix: '21', itemDigits: 5, value: 'weight' });
    for (const [body, code, field] of [
      [{ prefix: '20', itemDigits: 5, value: 'weight' }, 'scalePrefixInvalid', 'prefix'],
      [{ prefix: '30', itemDigits: 5, value: 'weight' }, 'scalePrefixInvalid', 'prefix'],
      [{ prefix: '21', itemDigits: 3, value: 'weight' }, 'scaleItemDigitsInvalid', 'itemDigits'],
      [{ prefix: '21', itemDigits: 5, value: 'count' }, 'scaleValueInvalid', 'value'],
    ] as const) {
      const res = await call('PUT', URL, tok.vendor, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code, field });
    }
    expect(await ok('GET', URL, tok.vendor)).toEqual({ prefix: '21', itemDigits: 5, value: 'weight' });
  });
});

describe('a loose product by its scale label', () => {
  it('saves its zero-value label as its barcode, and the search finds it from a whole label', async () => {
    await setScaleLayout(tok.vendor, DEFAULT_SCALE_LAYOUT);
    const gst = ((await ok('GET', '/api/gsts?active=true', tok.admin)) as Array<{ _id: string }>)[0]._id;
    const shelf = await listedShelf(ctx.app, tok.admin);
    const barcode = scaleProductCode(DEFAULT_SCALE_LAYOUT, '00123');
    const rice = await ok(
      'POST',
      '/api/products',
      tok.vendor,
      productBody(shelf, gst, 'Loose ponni rice', { unit: 'kg', price: 75, shopPrice: 68, barcode }),
      201,
    );
    expect(rice.barcode).toBe(barcode);

    const cashier = (await addStaff(tok.vendor, 'cashier')).token;
    const search = async (keyword: string, token = cashier) =>
      ((await ok('GET', `/api/products/products?keyword=${keyword}`, token)) as VendorProductDto[]).map((p) => p._id);
    const label = scaleLabelCode(DEFAULT_SCALE_LAYOUT, '00123', 1250);
    expect(await search(label)).toEqual([rice._id]);
    expect(await search(barcode)).toEqual([rice._id]);
    // a misread label (wrong check digit) finds nothing, nor does a label of another prefix
    expect(await search(`${label.slice(0, 12)}${(Number(label[12]) + 1) % 10}`)).toEqual([]);
    expect(await search(scaleLabelCode({ ...DEFAULT_SCALE_LAYOUT, prefix: '22' }, '00123', 1250))).toEqual([]);
    // read by the shop's own layout: another shop's search does not find it
    expect(await search(label, tok.vendor2)).toEqual([]);
  });
});
