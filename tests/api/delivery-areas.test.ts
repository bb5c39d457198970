import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, login, type TestContext, tokenRequests } from './helpers';
import { countOrders, makeProduct, makeShelf, type Shelf, userId } from '../support/db-builders';

/** Each shop delivers to the areas it chose (none chosen: everywhere); customers see and order only those. */

let ctx: TestContext;
let customerToken: string;
let customer: Record<string, string>;
let vendor: Record<string, string>;
let vendor2: Record<string, string>;
let vendorId: string;
let vendor2Id: string;
let customerId: string;
let shelf: Shelf;
let near: string;
let far: string;

const get = (url: string, headers = customer) => ctx.app.inject({ method: 'GET', url, headers });
const setAreas = (headers: Record<string, string>, deliveryAreas: string[], extra: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'PUT', url: '/api/users/profile', headers: { ...headers, ...extra }, payload: { deliveryAreas } });
const ids = (products: Array<{ _id: string }>) => products.map((p) => p._id);
const { checkout, placeOrder } = tokenRequests(() => ctx.app);

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.handle.db;
  const tokens = await Promise.all([DEMO.customer, DEMO.vendor, DEMO.vendor2].map((p) => login(ctx.app, p)));
  customerToken = tokens[0];
  [customer, vendor, vendor2] = tokens.map(bearer);
  vendorId = await userId(db, DEMO.vendor);
  vendor2Id = await userId(db, DEMO.vendor2);
  customerId = await userId(db, DEMO.customer);
  // the tests choose the areas themselves, from "none chosen"
  await db.deleteFrom('vendor_areas').where('vendor_id', 'in', [vendorId, vendor2Id]).execute();
  shelf = await makeShelf(db);
  near = await makeProduct(db, { vendorId, shelf, name: 'Zonetest Near Rice', shopPrice: 100, stock: 50 });
  far = await makeProduct(db, { vendorId: vendor2Id, shelf, name: 'Zonetest Far Rice', shopPrice: 100, stock: 50 });
});
afterAll(async () => ctx?.close());

describe('delivery areas', () => {
  it('a vendor saves its areas in the profile (spelled as the area list, each once); [] delivers everywhere again', async () => {
    const res = await setAreas(vendor, ['adyar', 'Mylapore', 'Adyar']);
    expect(res.statusCode).toBe(200);
    expect(res.json().deliveryAreas).toEqual(['Adyar', 'Mylapore']);
    expect((await get('/api/users/profile', vendor)).json().deliveryAreas).toEqual(['Adyar', 'Mylapore']);
    expect((await setAreas(vendor, [])).json().deliveryAreas).toEqual([]);
    // customers have none (and cannot set any)
    const mine = await setAreas(customer, ['Adyar']);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().deliveryAreas).toBeUndefined();
    const mineSaved = ctx.handle.db.selectFrom('vendor_areas').selectAll().where('vendor_id', 'in', [vendorId, customerId]);
    expect(await mineSaved.execute()).toEqual([]);
  });

  it('an unknown area is refused with 400 (in Tamil too) and changes nothing', async () => {
    await setAreas(vendor, ['Adyar']);
    const bad = await setAreas(vendor, ['Adyar', 'Atlantis']);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      message: '"Atlantis" is not a delivery area. Choose areas from the list.',
      code: 'unknownDeliveryArea',
      params: { name: 'Atlantis' },
      field: 'deliveryAreas',
    });
    const ta = await setAreas(vendor, ['Atlantis'], { 'accept-language': 'ta' });
    expect(ta.statusCode).toBe(400);
    expect(ta.json()).toMatchObject({
      message: '"Atlantis" என்ற டெலிவரி பகுதி இல்லை. பட்டியலிலிருந்து பகுதிகளைத் தேர்ந்தெடுக்கவும்.',
      code: 'unknownDeliveryArea',
    });
    expect((await get('/api/users/profile', vendor)).json().deliveryAreas).toEqual(['Adyar']);
    await setAreas(vendor, []);
  });

  it('with an area, search, subcategory lists and the product page leave out shops that do not deliver there', async () => {
    await setAreas(vendor2, ['Madurai - Anna Nagar']);
    const search = (area?: string) => get(`/api/products/search?keyword=zonetest${area ? `&area=${encodeURIComponent(area)}` : ''}`);
    const list = (area?: string) =>
      get(`/api/products/subcategory/${encodeURIComponent(shelf.subcategory)}${area ? `?area=${encodeURIComponent(area)}` : ''}`);

    expect(ids((await search('Adyar')).json().products)).toEqual([near]);
    expect((await search('Adyar')).json().total).toBe(1);
    expect(ids((await search('madurai - anna nagar')).json().products).sort()).toEqual([near, far].sort());
    expect(ids((await list('Adyar')).json().products)).toEqual([near]);
    expect((await list('Adyar')).json().totalCount).toBe(1);
    expect((await get(`/api/products/${far}?area=Adyar`)).statusCode).toBe(404);
    expect((await get(`/api/products/${far}?area=Madurai%20-%20Anna%20Nagar`)).statusCode).toBe(200);
    // the shop itself still sees its product
    expect((await get(`/api/products/${far}?area=Adyar`, vendor2)).statusCode).toBe(200);

    // without an area everything shows as before
    expect(ids((await search()).json().products).sort()).toEqual([near, far].sort());
    expect((await list()).json().totalCount).toBe(2);
    expect((await get(`/api/products/${far}`)).statusCode).toBe(200);

    // a change of areas shows at once (the cached pages go with the catalogue version)
    await setAreas(vendor2, ['Madurai - Anna Nagar', 'Adyar']);
    expect(ids((await search('Adyar')).json().products).sort()).toEqual([near, far].sort());
    await setAreas(vendor2, ['Madurai - Anna Nagar']);
    expect(ids((await search('Adyar')).json().products)).toEqual([near]);
    await setAreas(vendor2, []);
    expect(ids((await list('Adyar')).json().products).sort()).toEqual([near, far].sort());
  });

  it('checkout refuses a line whose shop does not deliver to the address area (409, named), and takes it once the shop adds the area', async () => {
    const db = ctx.handle.db;
    await setAreas(vendor2, ['Madurai - Anna Nagar']);
    const before = await countOrders(db);
    const farLine = { productId: far, quantity: 1, price: 100 };
    const refused = await checkout(customerToken, [farLine], { area: 'Adyar' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: 'The shop selling Zonetest Far Rice does not deliver to Adyar. Please remove it from your cart.',
      code: 'notDeliveredToArea',
      params: { name: 'Zonetest Far Rice', area: 'Adyar' },
      unavailable: [far],
    });
    const ta = await checkout(customerToken, [farLine], { area: 'Adyar', headers: { 'accept-language': 'ta' } });
    expect(ta.json()).toMatchObject({
      message: 'Zonetest Far Rice விற்கும் கடை Adyar பகுதிக்கு டெலிவரி செய்வதில்லை. அதை உங்கள் கூடையிலிருந்து நீக்கவும்.',
      code: 'notDeliveredToArea',
      unavailable: [far],
    });
    expect(await countOrders(db)).toBe(before);

    // a shop that chose no areas delivers everywhere
    await placeOrder(customerToken, [{ productId: near }], { area: 'Adyar' });

    await setAreas(vendor2, ['Madurai - Anna Nagar', 'Adyar']);
    const [ok] = await placeOrder(customerToken, [{ productId: far }], { area: 'Adyar' });
    expect(ok.shippingAddress.area).toBe('Adyar');
  });

  it('the area pages keep the orders of a shop that stopped delivering there', async () => {
    await setAreas(vendor2, ['Madurai - Anna Nagar']);
    const delivery = bearer(await login(ctx.app, DEMO.delivery));
    const res = await ctx.app.inject({ method: 'POST', url: '/api/Orders/pending-by-area', headers: delivery, payload: { area: 'Adyar' } });
    expect(res.statusCode).toBe(200);
    const orders = res.json() as Array<{ vendorId?: unknown }>;
    expect(JSON.stringify(orders)).toContain('Zonetest Far Rice');
  });
});
