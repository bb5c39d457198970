import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../server/lib/ids';
import { bearer, createTestApp, DEMO, login, type TestContext, codedBody } from './helpers';

let ctx: TestContext;
let admin: Record<string, string>;
let vendor: Record<string, string>;
let delivery: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = bearer(await login(ctx.app, DEMO.admin));
  vendor = bearer(await login(ctx.app, DEMO.vendor));
  delivery = bearer(await login(ctx.app, DEMO.delivery));
});
afterAll(async () => ctx?.close());

const post = (headers: Record<string, string>, payload: unknown) =>
  ctx.app.inject({ method: 'POST', url: '/api/gsts', headers, payload: payload as object });

describe('GST records', () => {
  it('admin creates a record; the split defaults from the rate', async () => {
    const res = await post(admin, { name: 'Test GST 18', rate: 18, hsnCode: '1006' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      _id: expect.any(String),
      name: 'Test GST 18',
      rate: 18,
      hsnCode: '1006',
      cgst: 9,
      sgst: 9,
      igst: 18,
      isActive: true,
    });
    const again = await ctx.app.inject({ method: 'GET', url: `/api/gsts/${res.json()._id}`, headers: vendor });
    expect(again.statusCode).toBe(200);
    expect(again.json().name).toBe('Test GST 18');
  });

  it('validates rate, HSN and the split, and refuses a duplicate name', async () => {
    for (const rate of [101, -1]) {
      const res = await post(admin, { name: 'Bad', rate });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(codedBody('gstRatesRange', { field: 'rate' }));
    }
    const hsn = await post(admin, { name: 'Bad', rate: 5, hsnCode: '123456789' });
    expect(hsn.statusCode).toBe(400);
    expect(hsn.json()).toEqual(codedBody('hsnDigits', { field: 'hsnCode' }));
    expect((await post(admin, { name: 'Bad', rate: 5, hsnCode: '12ab' })).json()).toEqual(codedBody('hsnDigits', { field: 'hsnCode' }));
    expect((await post(admin, { rate: 5 })).json()).toEqual(codedBody('nameRequired', { field: 'name' }));
    expect((await post(admin, { name: 'Bad', rate: 12, cgst: 5, sgst: 5 })).json()).toEqual(codedBody('cgstSgstSum', { field: 'sgst' }));
    expect((await post(admin, { name: 'Bad', rate: 12, igst: 5 })).json()).toEqual(codedBody('igstEqual', { field: 'igst' }));
    const ok = await post(admin, { name: 'Odd Split 3', rate: 3, cgst: 1.5, sgst: 1.5, igst: 3 });
    expect(ok.statusCode).toBe(201);
    expect((await post(admin, { name: 'odd split 3', rate: 3 })).statusCode).toBe(409);
  });

  it('only admin writes; vendors read; delivery and customers are refused', async () => {
    expect((await post(vendor, { name: 'V', rate: 5 })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/gsts', headers: delivery })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/gsts' })).statusCode).toBe(401);
  });

  it('vendors list active records only; admin sees all and can filter', async () => {
    const inactive = await post(admin, { name: 'Old GST 7', rate: 7, isActive: false });
    expect(inactive.statusCode).toBe(201);
    const forVendor = (await ctx.app.inject({ method: 'GET', url: '/api/gsts', headers: vendor })).json() as {
      name: string;
      isActive: boolean;
    }[];
    expect(forVendor.every((g) => g.isActive)).toBe(true);
    expect(forVendor.map((g) => g.name)).not.toContain('Old GST 7');
    const forAdmin = (await ctx.app.inject({ method: 'GET', url: '/api/gsts', headers: admin })).json() as { name: string }[];
    expect(forAdmin.map((g) => g.name)).toContain('Old GST 7');
    const activeOnly = (await ctx.app.inject({ method: 'GET', url: '/api/gsts?active=true', headers: admin })).json() as { name: string }[];
    expect(activeOnly.map((g) => g.name)).not.toContain('Old GST 7');
    expect(activeOnly.map((g) => g.name)).toContain('Test GST 18');
  });

  it('updates a record and recomputes the default split', async () => {
    const id = (await post(admin, { name: 'Upd GST', rate: 5 })).json()._id;
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/gsts/${id}`,
      headers: admin,
      payload: { name: 'Upd GST 12', rate: 12, hsnCode: '0401' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Upd GST 12', rate: 12, cgst: 6, sgst: 6, igst: 12, hsnCode: '0401' });
    const missing = await ctx.app.inject({ method: 'PUT', url: `/api/gsts/${newId()}`, headers: admin, payload: { name: 'X', rate: 5 } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(codedBody('gstNotFound'));
  });

  it('deletes an unused record, deactivates one that products use', async () => {
    const unused = (await post(admin, { name: 'Unused GST', rate: 5 })).json()._id;
    const del = await ctx.app.inject({ method: 'DELETE', url: `/api/gsts/${unused}`, headers: admin });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual(codedBody('gstDeleted'));
    expect((await ctx.app.inject({ method: 'GET', url: `/api/gsts/${unused}`, headers: admin })).statusCode).toBe(404);

    const used = (await post(admin, { name: 'Used GST', rate: 5 })).json()._id;
    const db = ctx.handle.db;
    const vendorRow = await db.selectFrom('users').select('id').where('phone', '=', DEMO.vendor).executeTakeFirstOrThrow();
    const catId = newId();
    const subId = newId();
    await db
      .insertInto('categories')
      .values({ id: catId, name: `GstCat ${catId.slice(0, 6)}`, created_at: new Date() })
      .execute();
    await db.insertInto('subcategories').values({ id: subId, category_id: catId, name: 'GstSub', position: 0 }).execute();
    const productId = newId();
    await db
      .insertInto('products')
      .values({
        id: productId,
        vendor_id: vendorRow.id,
        name: 'Taxed Rice',
        tamil: '',
        description: '',
        price_paise: 1000,
        shop_price_paise: 900,
        count_in_stock: 5,
        reorder_level: 1,
        category_id: catId,
        subcategory_id: subId,
        gst_id: used,
        images: '[]',
        created_at: new Date(),
        updated_at: new Date(),
      })
      .execute();
    const res = await ctx.app.inject({ method: 'DELETE', url: `/api/gsts/${used}`, headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(codedBody('gstDeactivated'));
    const after = await ctx.app.inject({ method: 'GET', url: `/api/gsts/${used}`, headers: admin });
    expect(after.json().isActive).toBe(false);
    const product = await db.selectFrom('products').select('gst_id').where('id', '=', productId).executeTakeFirstOrThrow();
    expect(product.gst_id).toBe(used);
  });
});
