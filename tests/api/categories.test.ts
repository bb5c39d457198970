import { coded } from '../../core/coded';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planSubcategoryChanges } from '../../server/services/catalog/categories.service';
import { bearer, createTestApp, DEMO, login, type TestContext, codedBody } from './helpers';
import { makeProduct, userId } from '../support/db-builders';

let ctx: TestContext;
let admin: Record<string, string>;
let customer: Record<string, string>;
let vendor: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = bearer(await login(ctx.app, DEMO.admin));
  customer = bearer(await login(ctx.app, DEMO.customer));
  vendor = bearer(await login(ctx.app, DEMO.vendor));
});
afterAll(async () => ctx?.close());

const create = (name: string, subcategories: string[] | string, headers = admin) =>
  ctx.app.inject({ method: 'POST', url: '/api/categories', headers, payload: { name, subcategories } });
const update = (id: string, name: string, subcategories: string[], headers = admin) =>
  ctx.app.inject({ method: 'PUT', url: `/api/categories/${id}`, headers, payload: { name, subcategories } });

describe('categories', () => {
  it('creates a category with trimmed subcategories and lists it', async () => {
    const res = await create('  Fresh Fruits ', ['Mango', ' Banana ', '', '  ', 'Guava']);
    expect(res.statusCode).toBe(201);
    const cat = res.json();
    expect(cat).toMatchObject({ name: 'Fresh Fruits', subcategories: ['Mango', 'Banana', 'Guava'] });

    // as the list and the category's own page answer it
    const shown = {
      _id: cat._id,
      name: 'Fresh Fruits',
      nameTa: '',
      subcategories: ['Mango', 'Banana', 'Guava'],
      subcategoriesTa: ['', '', ''],
    };
    const list = await ctx.app.inject({ method: 'GET', url: '/api/categories', headers: customer });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toContainEqual(shown);

    const one = await ctx.app.inject({ method: 'GET', url: `/api/categories/${cat._id}`, headers: vendor });
    expect(one.json()).toEqual(shown);
  });

  it('accepts a comma separated string of subcategories', async () => {
    const res = await create('Spices', 'Pepper, Cardamom ,, Clove');
    expect(res.statusCode).toBe(201);
    expect(res.json().subcategories).toEqual(['Pepper', 'Cardamom', 'Clove']);
  });

  it('refuses a category name that exists ignoring case, and twice-listed subcategories', async () => {
    await create('Dairy Products', ['Milk']);
    const again = await create('dairy PRODUCTS', ['Curd']);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(codedBody(coded('categoryNameTaken', { name: 'dairy PRODUCTS' }), { field: 'name' }));

    const twice = await create('Bakery', ['Bread', 'bread']);
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual(codedBody(coded('subcategoryTwice', { name: 'bread' }), { field: 'subcategories' }));

    const blank = await create('   ', ['x']);
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual(codedBody('nameRequired', { field: 'name' }));
  });

  it('answers subcategories by category name (URL-encoded, any case) and the V2 array form', async () => {
    await create('Rice & Grains', ['Ponni Rice', 'Basmati', 'Millets']);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/categories/${encodeURIComponent('rice & GRAINS')}/subcategories`,
      headers: customer,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ subcategories: ['Ponni Rice', 'Basmati', 'Millets'], subcategoriesTa: ['', '', ''] });

    const v2 = await ctx.app.inject({
      method: 'GET',
      url: `/api/categories/${encodeURIComponent('Rice & Grains')}/V2-subcategories`,
      headers: customer,
    });
    expect(v2.statusCode).toBe(200);
    expect(v2.json()[0].subcategories).toEqual(['Ponni Rice', 'Basmati', 'Millets']);

    const missing = await ctx.app.inject({ method: 'GET', url: '/api/categories/Nothing%20Here/subcategories', headers: customer });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(codedBody('categoryNotFound'));

    const map = await ctx.app.inject({ method: 'GET', url: '/api/products/categories-subcategories', headers: vendor });
    expect(map.statusCode).toBe(200);
    expect(map.json().categorySubcategoryList['Rice & Grains']).toEqual(['Ponni Rice', 'Basmati', 'Millets']);
  });

  it('gives 404 Category not found for an unknown or malformed id', async () => {
    for (const id of ['6f1c1b1e-1111-4111-8111-111111111111', 'not-an-id']) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/categories/${id}`, headers: admin });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(codedBody('categoryNotFound'));
    }
  });

  it('keeps writes for admins and reads for signed-in users', async () => {
    expect((await create('Vendor Cat', ['a'], vendor)).statusCode).toBe(403);
    expect((await create('Customer Cat', ['a'], customer)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/categories' })).statusCode).toBe(401);
  });

  it('renaming a category and a subcategory keeps products attached', async () => {
    const cat = (await create('Vegetables', ['Leafy', 'Roots', 'Gourds'])).json();
    const subs = await ctx.handle.db
      .selectFrom('subcategories')
      .selectAll()
      .where('category_id', '=', cat._id)
      .orderBy('position')
      .execute();
    const vendorId = await userId(ctx.handle.db, DEMO.vendor);
    const shelf = { categoryId: cat._id, category: cat.name, subcategoryId: subs[1].id, subcategory: subs[1].name };
    const productId = await makeProduct(ctx.handle.db, { vendorId, shelf, name: 'Carrot', shopPrice: 40 });

    // Same count, "Roots" -> "Root Vegetables" at the same place; "leafy" only changes case.
    const res = await update(cat._id, 'Fresh Vegetables', ['leafy', 'Root Vegetables', 'Gourds']);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: cat._id, name: 'Fresh Vegetables', subcategories: ['leafy', 'Root Vegetables', 'Gourds'] });

    const after = await ctx.handle.db
      .selectFrom('subcategories')
      .selectAll()
      .where('category_id', '=', cat._id)
      .orderBy('position')
      .execute();
    expect(after.map((s) => s.id)).toEqual(subs.map((s) => s.id)); // same rows, renamed
    const product = await ctx.app.inject({ method: 'GET', url: `/api/products/${productId}`, headers: customer });
    expect(product.json()).toMatchObject({ category: 'Fresh Vegetables', subcategory: 'Root Vegetables' });

    // Reorder + add: rows are matched by name.
    const res2 = await update(cat._id, 'Fresh Vegetables', ['Gourds', 'Root Vegetables', 'Leafy', 'Beans']);
    expect(res2.json().subcategories).toEqual(['Gourds', 'Root Vegetables', 'Leafy', 'Beans']);
    const rows2 = await ctx.handle.db.selectFrom('subcategories').select(['id', 'name']).where('category_id', '=', cat._id).execute();
    expect(rows2.find((r) => r.name === 'Root Vegetables')?.id).toBe(subs[1].id);
    expect(rows2).toHaveLength(4);
  });

  it('refuses to drop a subcategory or a category that still has products', async () => {
    const cat = (await create('Snacks', ['Murukku', 'Chips'])).json();
    const sub = await ctx.handle.db
      .selectFrom('subcategories')
      .selectAll()
      .where('category_id', '=', cat._id)
      .where('name', '=', 'Murukku')
      .executeTakeFirstOrThrow();
    const vendorId = await userId(ctx.handle.db, DEMO.vendor);
    await makeProduct(ctx.handle.db, {
      vendorId,
      shelf: { categoryId: cat._id, category: 'Snacks', subcategoryId: sub.id, subcategory: 'Murukku' },
      shopPrice: 30,
    });

    const drop = await update(cat._id, 'Snacks', ['Chips']);
    expect(drop.statusCode).toBe(400);
    expect(drop.json()).toEqual(codedBody(coded('subcategoryInUse', { name: 'Murukku' }), { field: 'subcategories' }));
    expect((await ctx.app.inject({ method: 'GET', url: `/api/categories/${cat._id}`, headers: admin })).json().subcategories).toEqual([
      'Murukku',
      'Chips',
    ]);

    const okDrop = await update(cat._id, 'Snacks', ['Murukku']);
    expect(okDrop.statusCode).toBe(200);
    expect(okDrop.json().subcategories).toEqual(['Murukku']);

    const del = await ctx.app.inject({ method: 'DELETE', url: `/api/categories/${cat._id}`, headers: admin });
    expect(del.statusCode).toBe(400);
    expect(del.json()).toEqual(codedBody('categoryInUse'));

    const empty = (await create('Temporary', ['One'])).json();
    const del2 = await ctx.app.inject({ method: 'DELETE', url: `/api/categories/${empty._id}`, headers: admin });
    expect(del2.statusCode).toBe(200);
    expect(del2.json()).toEqual(codedBody('categoryDeleted'));
    expect((await ctx.app.inject({ method: 'GET', url: `/api/categories/${empty._id}`, headers: admin })).statusCode).toBe(404);
  });

  it('refuses renaming a category onto another name ignoring case', async () => {
    const a = (await create('Oils', ['Gingelly'])).json();
    await create('Ghee', ['Cow Ghee']);
    const res = await update(a._id, 'GHEE', ['Gingelly']);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(codedBody(coded('categoryNameTaken', { name: 'GHEE' }), { field: 'name' }));
  });
});

describe('planSubcategoryChanges', () => {
  const saved = [
    { id: 'a', name: 'Apple', position: 0 },
    { id: 'b', name: 'Berry', position: 1 },
  ];
  it('renames by position when the count is unchanged', () => {
    const plan = planSubcategoryChanges(saved, ['Cherry', 'Apple']);
    expect(plan.keep).toEqual([{ id: 'a', name: 'Apple', position: 1 }]);
    expect(plan.rename).toEqual([{ id: 'b', from: 'Berry', name: 'Cherry', position: 0 }]);
    expect(plan.remove).toEqual([]);
    expect(plan.insert).toEqual([]);
  });
  it('removes and inserts when the count changes', () => {
    const plan = planSubcategoryChanges(saved, ['Cherry']);
    expect(plan.remove.map((r) => r.id)).toEqual(['a', 'b']);
    expect(plan.insert).toEqual([{ name: 'Cherry', position: 0 }]);
  });
});
