import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateProducts } from '../../server/db/seed-generate';
import { bearer, createTestApp, DEMO, login, type TestContext } from './helpers';

let ctx: TestContext;
let vendor: Record<string, string>;
let cashier: Record<string, string>;
let vendor2: Record<string, string>;
let admin: Record<string, string>;
let customer: Record<string, string>;
let delivery: Record<string, string>;
let vendorId: string;

interface Page {
  products: Array<{ _id: string; vendorId: string; name: string; packs: Array<{ barcode: string | null }>; description?: unknown }>;
  next: string | null;
}

beforeAll(async () => {
  ctx = await createTestApp();
  [vendor, vendor2, admin, customer, delivery] = (
    await Promise.all([DEMO.vendor, DEMO.vendor2, DEMO.admin, DEMO.customer, DEMO.delivery].map((p) => login(ctx.app, p)))
  ).map(bearer);
  // Murugan Stores' cashier (demo data): staff of the vendor's shop
  cashier = bearer(await login(ctx.app, '9876500011'));
  const db = ctx.handle.db;
  vendorId = (await db.selectFrom('users').select('id').where('phone', '=', DEMO.vendor).executeTakeFirstOrThrow()).id;
  await generateProducts(db, 600, { seed: 57, vendorId });
});
afterAll(async () => ctx?.close());

/** Every page of the catalogue as `headers` reads it, `limit` at a time. */
async function allPages(headers: Record<string, string>, limit: number): Promise<Page[]> {
  const pages: Page[] = [];
  let after: string | null = null;
  do {
    const res: { statusCode: number; body: string } = await ctx.app.inject({
      method: 'GET',
      url: `/api/products/counter-catalog?limit=${limit}${after ? `&after=${after}` : ''}`,
      headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = JSON.parse(res.body) as Page;
    pages.push(page);
    after = page.next;
    expect(pages.length).toBeLessThan(100);
  } while (after);
  return pages;
}

describe('GET /api/products/counter-catalog', () => {
  it('pages through every product of the shop exactly once, in id order', async () => {
    const own = await ctx.handle.db.selectFrom('products').select('id').where('vendor_id', '=', vendorId).execute();
    expect(own.length).toBeGreaterThan(600);
    const pages = await allPages(vendor, 250);
    expect(pages.length).toBe(Math.ceil(own.length / 250));
    const ids = pages.flatMap((p) => p.products.map((x) => x._id));
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(own.map((r) => r.id).sort());
    expect(ids).toEqual([...ids].sort());
    // each page but the last is full and names the next one's start
    for (const p of pages.slice(0, -1)) expect(p.products).toHaveLength(250);
    expect(pages.at(-1)!.next).toBeNull();
    expect(pages.every((p) => p.products.every((x) => x.vendorId === vendorId))).toBe(true);
  });

  it('is slim: no description, pictures or reviews; packs with their barcodes', async () => {
    const [page] = await allPages(vendor, 5000);
    const first = page.products[0] as Record<string, unknown>;
    for (const gone of ['description', 'images', 'image', 'rating', 'numReviews', 'createdAt']) expect(first).not.toHaveProperty(gone);
    // the demo's rice is sold by the 25 kg bag too, with the bag's barcode
    expect(page.products.some((p) => p.packs.some((k) => k.barcode === '8906012345250'))).toBe(true);
  });

  it('gives a shop only its own products, its staff the same, another vendor none of them', async () => {
    const mine = (await allPages(vendor, 5000)).flatMap((p) => p.products.map((x) => x._id));
    const staff = (await allPages(cashier, 5000)).flatMap((p) => p.products.map((x) => x._id));
    expect(staff).toEqual(mine);
    const other = (await allPages(vendor2, 5000)).flatMap((p) => p.products);
    expect(other.length).toBeGreaterThan(0);
    expect(other.some((x) => x.vendorId === vendorId)).toBe(false);
    expect(other.filter((x) => mine.includes(x._id))).toEqual([]);
  });

  it('gives an admin every shop', async () => {
    const all = (await allPages(admin, 5000)).flatMap((p) => p.products);
    expect(new Set(all.map((x) => x.vendorId)).size).toBeGreaterThan(1);
  });

  it('refuses a customer, delivery staff and no sign-in; refuses a bad page', async () => {
    for (const headers of [customer, delivery]) {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/products/counter-catalog', headers });
      expect(res.statusCode).toBe(403);
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/products/counter-catalog' })).statusCode).toBe(401);
    for (const q of ['limit=0', 'limit=5001', 'after=not-an-id']) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/products/counter-catalog?${q}`, headers: vendor });
      expect(res.statusCode, q).toBe(400);
    }
  });
});
