import { sql } from 'kysely';
import { CODE } from '../../../core/message-codes';
import { istDayEnd, istDayStart } from '../../../core/dates';
import { toPaise, toRupees } from '../../../core/money';
import type { PriceListDto, PriceListInput, SchemeDto, SchemeInput, TillDifferenceDto } from '../../../core/schemas/pricing';
import type { Db } from '../../db';
import { fieldError, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { sellerScope } from '../../security/access';
import type { AuthUser } from '../accounts/auth-user';
import { priceListRows, schemeRows } from './pricing-queries';

/** What the price list routes may answer besides their schemas' codes. */
export const PRICE_LIST_CODES = ['priceListNotFound', 'priceRuleProductUnknown', 'priceRuleCategoryUnknown'] as const;
/** What the scheme routes may answer besides their schemas' codes. */
export const SCHEME_CODES = ['schemeNotFound', 'schemeProductUnknown', 'priceRuleCategoryUnknown', 'schemeEnded'] as const;

/** The scheme's terms as kept in `details` (the API's words, rupees and sold units). */
function detailsOf(input: SchemeInput): Record<string, unknown> {
  if (input.kind === 'buyXgetY') return { buy: input.buy, get: input.get };
  if (input.kind === 'combo') return { items: input.items, price: input.price };
  return { categoryId: input.categoryId, percentOff: input.percentOff };
}

/**
 * A shop's price lists and schemes (core/pricing.ts prices with them), and the offline sales whose till
 * total differed from the server's. The owner and managers keep them; the cashier reads them for the
 * counter (route policy). Every row is the caller's shop's; another shop's id answers 404.
 */
export class PricingService {
  constructor(private readonly db: Db) {}

  private shop(user: AuthUser): string {
    return sellerScope(user)!;
  }

  /** Products and categories named must be the shop's products and known categories (400 otherwise). */
  private async checkRefs(
    db: Db,
    shopId: string,
    productIds: readonly string[],
    categoryIds: readonly string[],
    codes: { product: 'priceRuleProductUnknown' | 'schemeProductUnknown'; field: string },
  ) {
    const pids = [...new Set(productIds)];
    if (pids.length) {
      const found = await db.selectFrom('products').select('id').where('id', 'in', pids).where('vendor_id', '=', shopId).execute();
      if (found.length < pids.length) throw fieldError(codes.field, CODE[codes.product]);
    }
    const cids = [...new Set(categoryIds)];
    if (cids.length) {
      const found = await db.selectFrom('categories').select('id').where('id', 'in', cids).execute();
      if (found.length < cids.length) throw fieldError(codes.field, CODE.priceRuleCategoryUnknown);
    }
  }

  private async writeRules(db: Db, listId: string, input: PriceListInput) {
    await db.deleteFrom('price_list_rules').where('price_list_id', '=', listId).execute();
    if (!input.rules.length) return;
    await db
      .insertInto('price_list_rules')
      .values(
        input.rules.map((r, position) => ({
          id: newId(),
          price_list_id: listId,
          position,
          product_id: r.productId ?? null,
          category_id: r.categoryId ?? null,
          price_paise: r.price === undefined ? null : toPaise(r.price),
          percent_off: r.percentOff ?? null,
          min_quantity: r.minQuantity ?? null,
        })),
      )
      .execute();
  }

  private checkListRefs(db: Db, shopId: string, input: PriceListInput) {
    return this.checkRefs(
      db,
      shopId,
      input.rules.flatMap((r) => (r.productId ? [r.productId] : [])),
      input.rules.flatMap((r) => (r.categoryId ? [r.categoryId] : [])),
      { product: 'priceRuleProductUnknown', field: 'rules' },
    );
  }

  /** GET /api/price-lists */
  lists(user: AuthUser): Promise<PriceListDto[]> {
    return priceListRows(this.db, this.shop(user));
  }

  /** GET /api/price-lists/:id */
  async list(user: AuthUser, id: string): Promise<PriceListDto> {
    const [dto] = await priceListRows(this.db, this.shop(user), [id]);
    if (!dto) throw notFound(CODE.priceListNotFound);
    return dto;
  }

  /** POST /api/price-lists */
  async createList(user: AuthUser, input: PriceListInput): Promise<PriceListDto> {
    const shopId = this.shop(user);
    const id = newId();
    await this.db.transaction().execute(async (trx) => {
      await this.checkListRefs(trx, shopId, input);
      await trx.insertInto('price_lists').values({ id, vendor_id: shopId, name: input.name, deleted_at: null }).execute();
      await this.writeRules(trx, id, input);
    });
    return this.list(user, id);
  }

  /** PUT /api/price-lists/:id: the name and the whole set of rules replaced. */
  async updateList(user: AuthUser, id: string, input: PriceListInput): Promise<PriceListDto> {
    const shopId = this.shop(user);
    await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('price_lists')
        .select('id')
        .where('id', '=', id)
        .where('vendor_id', '=', shopId)
        .where('deleted_at', 'is', null)
        .forUpdate()
        .executeTakeFirst();
      if (!row) throw notFound(CODE.priceListNotFound);
      await this.checkListRefs(trx, shopId, input);
      await trx.updateTable('price_lists').set({ name: input.name }).where('id', '=', id).execute();
      await this.writeRules(trx, id, input);
    });
    return this.list(user, id);
  }

  /** DELETE /api/price-lists/:id: removed; its customers go back to selling prices; sales keep its name. */
  async deleteList(user: AuthUser, id: string): Promise<void> {
    const shopId = this.shop(user);
    await this.db.transaction().execute(async (trx) => {
      const done = await trx
        .updateTable('price_lists')
        .set({ deleted_at: new Date() })
        .where('id', '=', id)
        .where('vendor_id', '=', shopId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) === 0) throw notFound(CODE.priceListNotFound);
      await trx.updateTable('shop_customers').set({ price_list_id: null }).where('price_list_id', '=', id).execute();
    });
  }

  /** Whether a price list is the shop's (a customer may be given only such a one). */
  async isShopList(db: Db, shopId: string, id: string): Promise<boolean> {
    const row = await db
      .selectFrom('price_lists')
      .select('id')
      .where('id', '=', id)
      .where('vendor_id', '=', shopId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return !!row;
  }

  private checkSchemeRefs(db: Db, shopId: string, input: SchemeInput) {
    const products =
      input.kind === 'buyXgetY'
        ? [input.buy.productId, input.get.productId]
        : input.kind === 'combo'
          ? input.items.map((i) => i.productId)
          : [];
    const categories = input.kind === 'categoryPercent' ? [input.categoryId] : [];
    return this.checkRefs(db, shopId, products, categories, { product: 'schemeProductUnknown', field: 'kind' });
  }

  /** GET /api/schemes: every scheme of the shop, newest first (ended ones say when). */
  schemes(user: AuthUser): Promise<SchemeDto[]> {
    return schemeRows(this.db, this.shop(user));
  }

  private async scheme(shopId: string, id: string): Promise<SchemeDto> {
    const [dto] = await schemeRows(this.db, shopId, { ids: [id] });
    if (!dto) throw notFound(CODE.schemeNotFound);
    return dto;
  }

  /** POST /api/schemes */
  async createScheme(user: AuthUser, input: SchemeInput): Promise<SchemeDto> {
    const shopId = this.shop(user);
    const id = newId();
    await this.db.transaction().execute(async (trx) => {
      await this.checkSchemeRefs(trx, shopId, input);
      await trx
        .insertInto('schemes')
        .values({
          id,
          vendor_id: shopId,
          kind: input.kind,
          name: input.name,
          from_day: input.from,
          to_day: input.to,
          details: JSON.stringify(detailsOf(input)),
          ended_at: null,
        })
        .execute();
    });
    return this.scheme(shopId, id);
  }

  /** PUT /api/schemes/:id: the same body; an ended scheme is not changed (409). */
  async updateScheme(user: AuthUser, id: string, input: SchemeInput): Promise<SchemeDto> {
    const shopId = this.shop(user);
    await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('schemes')
        .select(['id', 'ended_at'])
        .where('id', '=', id)
        .where('vendor_id', '=', shopId)
        .forUpdate()
        .executeTakeFirst();
      if (!row) throw notFound(CODE.schemeNotFound);
      if (row.ended_at) throw fieldError('kind', CODE.schemeEnded);
      await this.checkSchemeRefs(trx, shopId, input);
      await trx
        .updateTable('schemes')
        .set({ kind: input.kind, name: input.name, from_day: input.from, to_day: input.to, details: JSON.stringify(detailsOf(input)) })
        .where('id', '=', id)
        .execute();
    });
    return this.scheme(shopId, id);
  }

  /** DELETE /api/schemes/:id: ends it now (kept for the bills that name it); ending it again changes nothing. */
  async endScheme(user: AuthUser, id: string): Promise<SchemeDto> {
    const shopId = this.shop(user);
    const done = await this.db
      .updateTable('schemes')
      .set({ ended_at: sql<Date>`coalesce(ended_at, now())` })
      .where('id', '=', id)
      .where('vendor_id', '=', shopId)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) throw notFound(CODE.schemeNotFound);
    return this.scheme(shopId, id);
  }

  /** GET /api/sales/till-differences: the shop's offline sales whose till's total differed from the server's, newest first. */
  async tillDifferences(user: AuthUser, from?: string, to?: string): Promise<TillDifferenceDto[]> {
    let q = this.db
      .selectFrom('orders as o')
      .leftJoin('invoices as i', 'i.order_id', 'o.id')
      .select([
        'o.id',
        'o.created_at',
        'o.till_total_paise',
        'o.server_total_paise',
        sql<string>`o.items_paise - o.delivery_discount_paise`.as('total_paise'),
        'i.number as invoice_number',
      ])
      .where('o.vendor_id', '=', this.shop(user))
      .where('o.till_total_paise', 'is not', null)
      .where(sql<boolean>`o.till_total_paise <> o.server_total_paise`);
    if (from) q = q.where('o.created_at', '>=', istDayStart(from));
    if (to) q = q.where('o.created_at', '<', istDayEnd(to));
    const rows = await q.orderBy('o.created_at', 'desc').limit(500).execute();
    return rows.map((r) => {
      const till = Number(r.till_total_paise);
      const server = Number(r.server_total_paise);
      return {
        orderId: r.id,
        invoiceNumber: r.invoice_number ?? null,
        createdAt: new Date(r.created_at).toISOString(),
        tillTotal: toRupees(till),
        serverTotal: toRupees(server),
        difference: toRupees(till - server),
        kept: Number(r.total_paise) === till ? ('till' as const) : ('server' as const),
      };
    });
  }
}
