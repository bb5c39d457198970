import { type KyselyPlugin, type PluginTransformQueryArgs, type RootOperationNode, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductSearchQuery } from '../../core/schemas/product';
import { productSearchQuery } from '../../core/schemas/product';
import { generateProducts } from '../../server/db/seed-generate';
import { CatalogService } from '../../server/services/catalog/catalog.service';
import { catalogVersion } from '../../server/services/search/search-cache';
import { createTestApp, type TestContext } from './helpers';

/**
 * Broad words (server/services/search/broad-words.ts): a one-word search the vocabulary proves has more
 * matches than the count cap finds its page by walking the order's index instead of counting and
 * ranking the matches. The answers must be the ones the ranked path gives, page for page, in every
 * order and area, and a word whose matches are mostly hidden must not be taken for broad.
 */

let ctx: TestContext;
/** The SQL the walking service sent (raw statements' text). */
const sent: string[] = [];

const recorder: KyselyPlugin = {
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    if (node.kind === 'RawNode') sent.push(node.sqlFragments.join('?'));
    return node;
  },
  transformResult: async ({ result }) => result,
};

const walks = () => sent.filter((s) => /^\s*SELECT p\.id FROM \(/.test(s)).length;

async function both(q: Partial<ProductSearchQuery> & Record<string, unknown>) {
  const query = productSearchQuery.parse(Object.fromEntries(Object.entries(q).map(([k, v]) => [k, String(v)])));
  const version = await catalogVersion(ctx.handle.db);
  // fresh services: nothing cached, the vocabulary read at this version
  const walking = new CatalogService(ctx.handle.db.withPlugin(recorder), { searchIndex: false });
  const ranked = new CatalogService(ctx.handle.db, { broadWords: false });
  const [a, b] = [await walking.search(query, version), await ranked.search(query, version)];
  const view = (x: typeof a) => ({ ids: x.products.map((p) => p._id), total: x.total, pages: x.pages, capped: x.totalCapped });
  return { walked: view(a), ranked: view(b) };
}

beforeAll(async () => {
  ctx = await createTestApp();
  // every generated description says "packed by ... sold in Tamil Nadu": both words are in all of them
  await generateProducts(ctx.handle.db, 1300, { seed: 11 });
}, 120_000);
afterAll(async () => ctx?.close());

describe('a broad word', () => {
  it('answers as the ranked path does, in every order, page and area, and walks instead of ranking', async () => {
    const before = walks();
    for (const keyword of ['pack', 'packed', 'sold'])
      for (const sort of [undefined, 'lowToHigh', 'highToLow', 'newest', 'rating'] as const)
        for (const pageNumber of [1, 2, 7])
          for (const area of [undefined, 'Adyar']) {
            const { walked, ranked } = await both({
              keyword,
              pageNumber,
              pageSize: 10,
              ...(sort ? { sort } : {}),
              ...(area ? { area } : {}),
            });
            const label = JSON.stringify({ keyword, sort, pageNumber, area });
            expect(walked, label).toEqual(ranked);
            expect(ranked.ids.length, label).toBe(10);
            if (!area) expect(ranked.capped, label).toBe(true);
          }
    // most of them were walked (the rating order has no index, and a walk may fall short)
    expect(walks() - before).toBeGreaterThanOrEqual(30);
  });

  it('is not taken for broad when most of its matches are hidden: the count stays exact', async () => {
    // hide all but 400 of the generated products: "packed" then matches fewer than the cap
    await sql`UPDATE products SET is_active = false
              WHERE id IN (SELECT id FROM products WHERE search_words @@ 'packed'::tsquery ORDER BY id OFFSET 400)`.execute(ctx.handle.db);
    const before = walks();
    for (const sort of [undefined, 'lowToHigh'] as const) {
      const { walked, ranked } = await both({ keyword: 'packed', pageNumber: 2, pageSize: 10, ...(sort ? { sort } : {}) });
      expect(walked).toEqual(ranked);
      expect(ranked.capped).toBe(false);
      expect(ranked.total).toBeGreaterThanOrEqual(400);
      expect(ranked.total).toBeLessThan(1000);
    }
    expect(walks()).toBe(before);
  });

  it('with a price range goes the ranked way (the vocabulary cannot prove a count within a range)', async () => {
    await sql`UPDATE products SET is_active = true`.execute(ctx.handle.db);
    const before = walks();
    const { walked, ranked } = await both({ keyword: 'pack', pageNumber: 1, pageSize: 10, minPrice: 20, maxPrice: 200 });
    expect(walked).toEqual(ranked);
    expect(walks()).toBe(before);
  });
});
