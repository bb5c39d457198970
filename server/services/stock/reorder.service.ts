import { baseQuantitySql } from '../sales/order-queries';
import { sql } from 'kysely';
import { SALES_WINDOW_DAYS, suggestedQuantity } from '../../../core/reorder';
import type { ReorderResponse } from '../../../core/schemas/reorder';
import { toRupees } from '../../../core/money';
import { unitOf } from '../../../core/units';
import type { Db } from '../../db';
import { sellerScope } from '../../security/access';
import type { AuthUser } from '../accounts/auth.service';

/**
 * The reorder list (GET /api/stock/reorder): active products due for reordering (core/reorder.ts:
 * stock at or below a reorder level above 0, or none left) with what they sold in the last 30 days
 * and the suggested quantity. Sales are the lines of orders not voided, counter sales and delivery
 * orders alike, as the day's close counts them (a deleted order is gone from the table). Every due product
 * is listed, however many: the answer has no pages, and a shop of 20,000 products may have them all due.
 */
export class ReorderService {
  constructor(private readonly db: Db) {}

  async list(actor: AuthUser, vendorId?: string): Promise<ReorderResponse> {
    // a vendor always sees its own products; an admin every vendor's, or the one it names
    const vendor = sellerScope(actor) ?? vendorId;
    const since = new Date(Date.now() - SALES_WINDOW_DAYS * 86_400_000);
    // the window's lines, from the lines' own copy of their order's shop and time (migration 059): one range of
    // order_lines_shop_sold holds them with the product and quantity, instead of the lines of every order probed
    const sales = this.db
      .selectFrom('order_lines as l')
      .select(['l.product_id', 'l.quantity', 'l.pack_factor'])
      .where('l.order_created_at', '>=', since)
      .$if(!!vendor, (q) => q.where('l.order_vendor_id', '=', vendor!))
      // less the lines of voided sales: the few voided orders of the same shop and days, from the orders' index
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('orders as o')
              .select(sql`1`.as('one'))
              .whereRef('o.id', '=', 'l.order_id')
              .where('o.voided_at', 'is not', null)
              .where('o.created_at', '>=', since)
              .$if(!!vendor, (q) => q.where('o.vendor_id', '=', vendor!)),
          ),
        ),
      )
      .as('w');
    // the due products with their sales: joined before they are summed, so only the due products' lines are
    // added up (a few hundred of a shop's 35,000), not every product sold in the 30 days
    const due = this.db
      .selectFrom('products as p')
      .leftJoin(sales, 'w.product_id', 'p.id')
      .select(['p.id', 'p.name', 'p.tamil', 'p.unit', 'p.count_in_stock', 'p.reorder_level', 'p.cost_price_paise', 'p.vendor_id'])
      // sold in the base unit, the unit stock is in: a pack line counts packs × factor (null: none sold)
      .select(sql<string | null>`sum(${baseQuantitySql('w.quantity', 'w.pack_factor')})`.as('sold'))
      .where('p.is_active', '=', true)
      // the rule of core/reorder.ts isReorderDue, in SQL
      .where(sql<boolean>`(p.count_in_stock <= 0 or (p.reorder_level > 0 and p.count_in_stock <= p.reorder_level))`)
      .$if(!!vendor, (q) => q.where('p.vendor_id', '=', vendor!))
      .groupBy('p.id')
      .as('d');
    const rows = await this.db
      .selectFrom(due)
      // each product's last supplier: the supplier of its latest bill (bill date, then entered) not cancelled,
      // read beside the product by purchase_lines_product, so the list needs no second query however long it is
      .leftJoinLateral(
        (eb) =>
          eb
            .selectFrom('purchase_lines as pl')
            .innerJoin('purchases as pu', 'pu.id', 'pl.purchase_id')
            .innerJoin('suppliers as su', 'su.id', 'pu.supplier_id')
            .select(['su.id as supplier_id', 'su.name as supplier_name'])
            .whereRef('pl.product_id', '=', 'd.id')
            .where('pu.cancelled_at', 'is', null)
            .orderBy('pu.bill_date', 'desc')
            .orderBy('pu.created_at', 'desc')
            .limit(1)
            .as('ls'),
        (j) => j.onTrue(),
      )
      .selectAll('d')
      .select(['ls.supplier_id', 'ls.supplier_name'])
      .orderBy('d.name')
      .orderBy('d.id')
      .execute();
    const shop = vendor
      ? await this.db.selectFrom('users').select(['name', 'shop_name']).where('id', '=', vendor).executeTakeFirst()
      : undefined;
    return {
      shopName: shop ? shop.shop_name || shop.name : '',
      products: rows.map((r) => {
        const stock = Number(r.count_in_stock);
        const sold30 = Number(r.sold ?? 0);
        const unit = unitOf(r.unit);
        return {
          _id: r.id,
          name: r.name,
          Tamil: r.tamil,
          unit,
          countInStock: stock,
          reOrderLevel: r.reorder_level,
          sold30,
          suggested: suggestedQuantity({ stock, reorderLevel: r.reorder_level, sold30, unit }),
          costPrice: r.cost_price_paise === null ? null : toRupees(Number(r.cost_price_paise)),
          vendorId: r.vendor_id,
          lastSupplier: r.supplier_id ? { _id: r.supplier_id, name: r.supplier_name! } : null,
        };
      }),
    };
  }
}
