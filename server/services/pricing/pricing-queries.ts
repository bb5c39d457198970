import { sql } from 'kysely';
import { toRupees } from '../../../core/money';
import type { PriceListDto, SchemeDto } from '../../../core/schemas/pricing';
import { priceListOfDto, schemeOfDto } from '../../../core/pricing-dto';
import type { PriceList, Scheme } from '../../../core/pricing';
import type { Db } from '../../db';

/** A shop's price lists (not deleted), with their rules in order; `ids` narrows to those. */
export async function priceListRows(db: Db, vendorId: string, ids?: readonly string[]): Promise<PriceListDto[]> {
  let q = db
    .selectFrom('price_lists')
    .select(['id', 'name', 'created_at'])
    .where('vendor_id', '=', vendorId)
    .where('deleted_at', 'is', null);
  if (ids) {
    if (!ids.length) return [];
    q = q.where('id', 'in', ids);
  }
  const lists = await q.orderBy('name').orderBy('id').execute();
  if (!lists.length) return [];
  const rules = await db
    .selectFrom('price_list_rules')
    .select(['price_list_id', 'product_id', 'category_id', 'price_paise', 'percent_off', 'min_quantity'])
    .where(
      'price_list_id',
      'in',
      lists.map((l) => l.id),
    )
    .orderBy('position')
    .execute();
  return lists.map((l) => ({
    _id: l.id,
    name: l.name,
    createdAt: new Date(l.created_at).toISOString(),
    rules: rules
      .filter((r) => r.price_list_id === l.id)
      .map((r) => ({
        productId: r.product_id,
        categoryId: r.category_id,
        price: r.price_paise === null ? null : toRupees(Number(r.price_paise)),
        percentOff: r.percent_off === null ? null : Number(r.percent_off),
        minQuantity: r.min_quantity === null ? null : Number(r.min_quantity),
      })),
  }));
}

/** A shop's schemes, newest first: all, or those whose days reach `fromDay` or later. */
export async function schemeRows(db: Db, vendorId: string, opts: { ids?: readonly string[]; fromDay?: string } = {}): Promise<SchemeDto[]> {
  let q = db
    .selectFrom('schemes')
    .select([
      'id',
      'kind',
      'name',
      'details',
      'ended_at',
      sql<string>`to_char(from_day, 'YYYY-MM-DD')`.as('from'),
      sql<string>`to_char(to_day, 'YYYY-MM-DD')`.as('to'),
    ])
    .where('vendor_id', '=', vendorId);
  if (opts.ids) {
    if (!opts.ids.length) return [];
    q = q.where('id', 'in', opts.ids);
  }
  if (opts.fromDay) q = q.where('to_day', '>=', opts.fromDay);
  const rows = await q.orderBy('created_at', 'desc').orderBy('id').execute();
  return rows.map((r) => {
    const details = (typeof r.details === 'string' ? JSON.parse(r.details) : r.details) as Record<string, unknown>;
    const common = { _id: r.id, name: r.name, from: r.from, to: r.to, endedAt: r.ended_at ? new Date(r.ended_at).toISOString() : null };
    return { ...details, ...common, kind: r.kind } as SchemeDto;
  });
}

/**
 * What prices a counter sale (core/pricing.ts): the shop customer's price list (none: null) and the
 * shop's schemes that may run on the sale's day (the engine checks the day and the end).
 */
export async function salePricing(
  db: Db,
  vendorId: string,
  priceListId: string | null | undefined,
  saleDay: string,
): Promise<{ priceList: PriceList | null; schemes: Scheme[] }> {
  let priceList: PriceList | null = null;
  if (priceListId) {
    // a deleted list no longer prices anyone
    const [dto] = await priceListRows(db, vendorId, [priceListId]);
    if (dto) priceList = priceListOfDto(dto);
  }
  const schemes = (await schemeRows(db, vendorId, { fromDay: saleDay })).filter((s) => s.from <= saleDay).map(schemeOfDto);
  return { priceList, schemes };
}
