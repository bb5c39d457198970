import { CompiledQuery, sql } from 'kysely';
import { type Db, preparedStatement } from '../../db';
import { PRODUCT_COLUMNS, type ProductRow } from './product-dto';
import { VersionedCache } from '../search/search-cache';

/** What a product row is completed with: names of what it refers to, and owners hidden from customers. */
interface Names {
  categories: Map<string, string>;
  subcategories: Map<string, string>;
  gsts: Map<string, { name: string; rate: string; hsn_code: string }>;
  owners: Map<string, { name: string; shop_name: string | null; vendor_active: boolean }>;
  unlisted: Set<string>;
  /** The areas (lower-cased) of each vendor that chose some (migration 012); others deliver everywhere. */
  areas: Map<string, Set<string>>;
}

type Owner = Names['owners'] extends Map<string, infer O> ? O : never;

/** An area as compared: trimmed, lower case (checkout matches the area list the same way). */
export const areaKey = (area: string) => area.trim().toLowerCase();

/**
 * Product rows of catalogue pages, read fresh by primary key from the products table alone (stock
 * changes with every checkout), completed in memory with the category, subcategory, GST and vendor
 * names, the unlisted owners (migration 006) and the vendors' delivery areas (012), which are cached
 * by catalogue version: every change to them moves it (migrations 003, 006, 012). Planning the five-table join of productQuery took longer
 * than running it; one table by id plans in a fraction of that.
 */
export class CatalogRows {
  private readonly names = new VersionedCache<Names>(1, 300_000);
  /**
   * The rows-by-id statement, compiled once (building it per request cost more than running it) and
   * prepared on each connection (server/db).
   */
  private readonly byIdSql: string;

  constructor(private readonly db: Db) {
    this.byIdSql = this.rowsById([]).compile().sql;
    preparedStatement(this.byIdSql);
  }

  private rowsById(ids: string[]) {
    return this.db
      .selectFrom('products as p')
      .select([...PRODUCT_COLUMNS])
      .where('p.id', '=', sql<string>`ANY(${ids}::uuid[])`);
  }

  /**
   * The vendors that chose their delivery areas and not this one, sorted (an area nobody named
   * excludes every vendor that chose some).
   */
  async excludedVendors(area: string, version: bigint): Promise<string[]> {
    const { areas } = await this.names.get(version, 'names', () => this.loadNames());
    const key = areaKey(area);
    return [...areas].flatMap(([vendor, served]) => (served.has(key) ? [] : [vendor])).sort();
  }

  /**
   * The rows of these ids in the same order; missing ones (and hidden ones when visibleOnly) left out.
   * With an area, products of shops that do not deliver there count as hidden.
   */
  async byIds(ids: string[], version: bigint, visibleOnly: boolean, area?: string): Promise<Array<ProductRow & { visible: boolean }>> {
    if (!ids.length) return [];
    type Row = Awaited<ReturnType<ReturnType<CatalogRows['rowsById']>['execute']>>[number];
    const [{ rows: found }, names] = await Promise.all([
      this.db.executeQuery<Row>(CompiledQuery.raw(this.byIdSql, [ids])),
      this.names.get(version, 'names', () => this.loadNames()),
    ]);
    const missing = [...new Set(found.map((r) => r.vendor_id).filter((v) => !names.owners.has(v)))];
    const others = missing.length ? await this.owners(missing) : new Map<string, Owner>();
    const byId = new Map(found.map((r) => [r.id, r]));
    return ids.flatMap((id) => {
      const r = byId.get(id);
      if (!r) return [];
      const owner = names.owners.get(r.vendor_id) ?? others.get(r.vendor_id);
      const gst = r.gst_id ? names.gsts.get(r.gst_id) : undefined;
      const served = area === undefined || !names.areas.has(r.vendor_id) || names.areas.get(r.vendor_id)!.has(areaKey(area));
      const visible = r.is_active && !names.unlisted.has(r.vendor_id) && served;
      if (visibleOnly && !visible) return [];
      return [
        {
          ...r,
          category_name: names.categories.get(r.category_id) ?? '',
          subcategory_name: names.subcategories.get(r.subcategory_id) ?? '',
          gst_name: gst?.name ?? null,
          gst_rate: gst?.rate ?? null,
          gst_hsn_code: gst?.hsn_code ?? null,
          vendor_name: owner?.name ?? '',
          vendor_shop_name: owner?.shop_name ?? null,
          vendor_active: owner?.vendor_active ?? false,
          visible,
        },
      ];
    });
  }

  private async loadNames(): Promise<Names> {
    const [categories, subcategories, gsts, owners, unlisted, vendorAreas] = await Promise.all([
      this.db.selectFrom('categories').select(['id', 'name']).execute(),
      this.db.selectFrom('subcategories').select(['id', 'name']).execute(),
      this.db.selectFrom('gsts').select(['id', 'name', 'rate', 'hsn_code']).execute(),
      this.db.selectFrom('users').select(['id', 'name', 'shop_name', 'vendor_active']).where('role', 'in', ['vendor', 'admin']).execute(),
      this.db.selectFrom('unlisted_sellers').select('user_id').execute(),
      this.db.selectFrom('vendor_areas').select(['vendor_id', 'area']).execute(),
    ]);
    const areas = new Map<string, Set<string>>();
    for (const { vendor_id, area } of vendorAreas) {
      const set = areas.get(vendor_id) ?? new Set<string>();
      set.add(areaKey(area));
      areas.set(vendor_id, set);
    }
    return {
      categories: new Map(categories.map((c) => [c.id, c.name])),
      subcategories: new Map(subcategories.map((s) => [s.id, s.name])),
      gsts: new Map(gsts.map((g) => [g.id, { name: g.name, rate: String(g.rate), hsn_code: g.hsn_code }])),
      owners: new Map(owners.map((o) => [o.id, { name: o.name, shop_name: o.shop_name, vendor_active: o.vendor_active }])),
      unlisted: new Set(unlisted.map((u) => u.user_id)),
      areas,
    };
  }

  /** Owners outside the cached vendors and admins (a demoted vendor's products, seen by an admin). */
  private async owners(ids: string[]): Promise<Map<string, Owner>> {
    const rows = await this.db.selectFrom('users').select(['id', 'name', 'shop_name', 'vendor_active']).where('id', 'in', ids).execute();
    return new Map(rows.map((o) => [o.id, { name: o.name, shop_name: o.shop_name, vendor_active: o.vendor_active }]));
  }
}
