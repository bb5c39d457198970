import { CODE } from '../../../core/message-codes';
import { istDayEnd, istDayStart } from '../../../core/dates';
import { containsPattern, escapeLike } from '../../../core/like';
import { parseOrderRefSearch } from '../../../core/order-ref';
import { type ExpressionBuilder, sql } from 'kysely';
import { coded } from '../../../core/coded';
import { canDeleteOrder, DELETABLE_STATUSES, statusChangeError } from '../../../core/order-rules';
import { idSchema } from '../../../core/schemas/common';
import type { OrderStatus } from '../../../core/order-statuses';
import { type AreaOrderCard, type OrderDto, type VendorOrdersQuery, WALK_IN_CUSTOMER } from '../../../core/schemas/order';
import { addressLine } from '../../../core/order-address';
import { goesOnAccount } from '../../../core/customer';
import { toRupees } from '../../../core/money';
import type { Db } from '../../db';
import type { Database } from '../../db/types';
import { badRequest, conflict, fieldError, HttpError, note, notFound } from '../../lib/errors';
import { orderScope, ownedBy, sellerScope } from '../../security/access';
import type { AuthUser } from '../accounts/auth.service';
import { cancelInvoice, numberAtSupply } from './invoices';
import { ORDER_CUSTOMER_COLUMNS, ordersJoined } from './order-queries';
import { AreaCardsCache } from '../delivery/area-cards-cache';
import { type JsonAnswer, jsonAnswer } from '../../lib/json-answer';
import { SharedBuilds } from '../../lib/shared-builds';
import { loadOrders } from './order-dto';
import { returnStock } from '../stock/stock-return';
import { reverseSalePoints } from '../khata/loyalty-ledger';
import { sentActTime } from '../../lib/act-time';

/** Lists that are not paged are capped; a vendor's pending list or an area's stays far below this. */
const LIST_CAP = 500;
/** Whole-order area lists built at once per process (each up to LIST_CAP orders, about 1 MB of JSON). */
const AREA_ORDERS_BUILDS = 2;
const isId = (v: string) => idSchema.safeParse(v).success;

/**
 * Orders (alias o) whose customer's name or phone holds `text`: the app customer who ordered or the
 * shop customer the sale was made to (each as saved now), or the phone the order is to be delivered
 * to. Phone digits match whatever the spaces or dashes typed. The customers the text matches are found
 * first (by the trigram indexes of migration 055; a name's piece matches a few hundred on a year's data;
 * of shop customers, `vendorId`'s own only) and their orders then read by customer: a shop's orders are
 * not each tested in turn.
 */
async function customerMatches(db: Db, text: string, vendorId: string | undefined) {
  const name = containsPattern(text);
  const digits = /^[\d\s+-]+$/.test(text) ? text.replace(/\D/g, '') : '';
  const phone = digits ? `%${digits}%` : null;
  const [app, shop] = await Promise.all([
    db
      .selectFrom('users as cu')
      .select('cu.id')
      .where((w) => w.or([w(sql<string>`lower(cu.name)`, 'like', name), ...(phone ? [w('cu.phone', 'like', phone)] : [])]))
      .execute(),
    db
      .selectFrom('shop_customers as sc')
      .select('sc.id')
      .where((w) => w.or([w(sql<string>`lower(sc.name)`, 'like', name), ...(phone ? [w('sc.phone', 'like', phone)] : [])]))
      // a shop's orders are of its own customers only
      .$if(!!vendorId, (b) => b.where('sc.vendor_id', '=', vendorId!))
      .execute(),
  ]);
  // as arrays (= ANY), so PostgreSQL reads each list by its index and ORs the bitmaps
  const ids = (rows: Array<{ id: string }>) => sql<string[]>`${rows.map((r) => r.id)}::uuid[]`;
  return (eb: ExpressionBuilder<Database & { o: Database['orders'] }, 'o'>) =>
    eb.or([
      ...(app.length ? [eb('o.customer_id', '=', eb.fn.any(ids(app)))] : []),
      ...(shop.length ? [eb('o.shop_customer_id', '=', eb.fn.any(ids(shop)))] : []),
      ...(phone ? [eb(sql<string>`o.shipping_address->>'phoneNumber'`, 'like', phone)] : []),
    ]);
}

/**
 * The order ids of the lines whose name holds `text` (any case), of one shop (`vendorId`) or of all. The
 * shop's distinct line names are matched first (order_line_names by trigram, migration 060: a few thousand a
 * shop), then the shop's lines of those names read from (order_vendor_id, name, order_id) alone: a year's
 * lines are not each tested.
 */
async function lineNameOrders(db: Db, text: string, vendorId: string | undefined) {
  let names = db
    .selectFrom('order_line_names as n')
    .select('n.name')
    .where(sql<string>`lower(n.name)`, 'like', containsPattern(text));
  if (vendorId) names = names.where('n.vendor_id', '=', vendorId);
  const found = [...new Set((await names.execute()).map((r) => r.name))];
  // the names as an array, not a subquery: the plan then knows how many lines to expect
  const lines = db
    .selectFrom('order_lines as l')
    .select('l.order_id')
    .where('l.name', '=', sql<string>`any(${found}::text[])`);
  return vendorId ? lines.where('l.order_vendor_id', '=', vendorId) : lines;
}

/**
 * The invoice numbers a typed reference can be part of, as the starts of numbers, when the text holds a "/"
 * with a letter before it ("nk/26/0001", "t1/26/"): a number is its series' head (letters, digits, "-"),
 * "/", the year and "/", the sequence, so such text begins within the head and the numbers it is part of are
 * those that start with a head of the shop ending so, followed by the rest of the text. The shop's heads are
 * read from its series (a few: the shop's own and its tills'), skipping through the invoices' primary key.
 * Null for any other text (it is matched anywhere in the number).
 */
async function invoiceStarts(db: Db, text: string, vendorId: string | undefined): Promise<string[] | null> {
  const cut = text.indexOf('/');
  const typedHead = text.slice(0, cut);
  if (!vendorId || cut < 0 || !/[a-z]/.test(typedHead)) return null;
  const { rows } = await sql<{ series: string }>`
    WITH RECURSIVE s(series) AS (
      SELECT min(series) FROM invoices WHERE vendor_id = ${vendorId}
      UNION ALL
      SELECT (SELECT min(i.series) FROM invoices i WHERE i.vendor_id = ${vendorId} AND i.series > s.series) FROM s WHERE s.series IS NOT NULL
    )
    SELECT series FROM s WHERE series IS NOT NULL`.execute(db);
  const heads = new Set(rows.filter((r) => r.series.includes('/')).map((r) => r.series.slice(0, r.series.indexOf('/')).toLowerCase()));
  return [...heads].filter((h) => h.endsWith(typedHead)).map((h) => h + text.slice(cut));
}

/**
 * Orders as vendors, admins and delivery staff handle them. A vendor sees and acts on its own
 * orders only (others answer 404 "Order not found."); an admin on any; delivery staff read the
 * pending orders of an area and mark orders delivered.
 */
export class VendorOrdersService {
  private readonly areaCards = new AreaCardsCache();
  private readonly areaOrders = new SharedBuilds<JsonAnswer>(AREA_ORDERS_BUILDS);

  constructor(private readonly db: Db) {}

  private scoped(user: AuthUser) {
    const own = sellerScope(user);
    return own ? this.db.selectFrom('orders as o').where('o.vendor_id', '=', own) : this.db.selectFrom('orders as o');
  }

  /** Pending orders, newest first: the vendor's own, or all for an admin. */
  async pending(user: AuthUser): Promise<OrderDto[]> {
    const rows = await this.scoped(user)
      .select('o.id')
      .where('o.status', '=', 'Pending')
      .orderBy('o.created_at', 'desc')
      .orderBy('o.order_number', 'desc')
      .limit(LIST_CAP)
      .execute();
    return loadOrders(
      this.db,
      rows.map((r) => r.id),
    );
  }

  /**
   * One page of the vendor's orders (admin: all), newest first, with what all the matching orders
   * come to. `customer` is a customer id, `walk-in` (counter sales to no named customer), or else a
   * piece of the customer's name or phone, as `search` is; `product` a product id, or else a piece of a
   * line's name; `ref` the order's reference (core/order-ref); startDate/endDate are inclusive India-time days.
   */
  async list(user: AuthUser, q: VendorOrdersQuery) {
    if (q.startDate && q.endDate && q.startDate > q.endDate) throw fieldError('startDate', CODE.startAfterEnd);
    let base = this.scoped(user);
    if (q.customer) {
      const customer = q.customer;
      if (customer === WALK_IN_CUSTOMER) base = base.where('o.is_shop', '=', true).where('o.shop_customer_id', 'is', null);
      else if (isId(customer)) base = base.where('o.customer_id', '=', customer);
      else base = base.where(await customerMatches(this.db, customer, sellerScope(user)));
    }
    if (q.search) base = base.where(await customerMatches(this.db, q.search, sellerScope(user)));
    if (q.staffId) base = base.where('o.created_by', '=', q.staffId);
    let byLineName = false;
    if (q.product) {
      const product = q.product;
      byLineName = !isId(product);
      const lines = byLineName
        ? await lineNameOrders(this.db, product, sellerScope(user))
        : this.db.selectFrom('order_lines as l').select('l.order_id').where('l.product_id', '=', product);
      base = base.where('o.id', 'in', lines);
    }
    if (q.ref) {
      // the one reference customers, riders and vendors see: order number, invoice sequence or a piece of the invoice number
      const ref = parseOrderRefSearch(q.ref);
      const num = ref.number;
      const own = sellerScope(user);
      if (ref.text) {
        const starts = num === null ? await invoiceStarts(this.db, ref.text, own) : null;
        let invoices = this.db
          .selectFrom('invoices as i')
          .select('i.order_id')
          .where((w) =>
            num !== null
              ? w('i.seq', '=', num)
              : starts
                ? // each start a range of invoices_vendor_number (migration 060)
                  w.or(starts.map((start) => w(sql<string>`lower(i.number)`, 'like', `${escapeLike(start)}%`)))
                : w(sql<string>`lower(i.number)`, 'like', containsPattern(ref.text)),
          );
        if (own) invoices = invoices.where('i.vendor_id', '=', own);
        // the order numbered so joins the invoices' orders as one list of ids, not as an OR tested on every order
        const ids =
          num !== null
            ? invoices.unionAll(this.db.selectFrom('orders as n').select('n.id as order_id').where('n.order_number', '=', num))
            : invoices;
        base = base.where('o.id', 'in', ids);
      }
    }
    if (q.startDate) base = base.where('o.created_at', '>=', istDayStart(q.startDate));
    if (q.endDate) base = base.where('o.created_at', '<', istDayEnd(q.endDate));

    const skip = (q.page - 1) * q.limit;
    if (byLineName && skip > 0) return this.laterPageOfMatches(base, q.limit, q.page);
    const counted = base
      .select((eb) => [
        eb.fn.countAll<string>().as('total'),
        // a voided counter sale is listed but no longer counts in what the period comes to
        sql<string>`coalesce(sum(o.items_paise - o.delivery_discount_paise) filter (where o.voided_at is null), 0)`.as('paise'),
      ])
      .execute();
    const newestFirst = async (skip: number) =>
      (
        await base.select('o.id').orderBy('o.created_at', 'desc').orderBy('o.order_number', 'desc').limit(q.limit).offset(skip).execute()
      ).map((r) => r.id);
    // the first page is read and loaded beside the count (on a second connection); a later one needs the count first
    const [[{ total, paise }], firstPage] = await Promise.all([
      counted,
      skip === 0 ? newestFirst(0).then((ids) => loadOrders(this.db, ids)) : null,
    ]);
    const count = Number(total);
    const pageOf = (orders: OrderDto[]) => ({
      orders,
      totalPages: Math.ceil(count / q.limit),
      page: q.page,
      total: count,
      periodTotal: toRupees(Number(paise)),
    });
    if (firstPage) return pageOf(firstPage);
    let ids: string[] = [];
    if (skip < count && skip * 2 < count) ids = await newestFirst(skip);
    else if (skip < count) {
      // past the middle the page is read from the oldest end, reversed: an OFFSET walks every order before
      // the page, so the last page of a year would walk all of them
      const from = count - skip - q.limit;
      const rows = await base
        .select('o.id')
        .orderBy('o.created_at', 'asc')
        .orderBy('o.order_number', 'asc')
        .limit(q.limit + Math.min(from, 0))
        .offset(Math.max(from, 0))
        .execute();
      ids = rows.map((r) => r.id).reverse();
    }
    return pageOf(await loadOrders(this.db, ids));
  }

  /**
   * A later page of orders matched by a line's name: those orders come from a hash of the shop's matching
   * lines, not in the list's order, so counting them and then reading a page would match them twice and sort
   * them for the page. Here they are matched once (materialized), then counted, summed and cut to the page.
   */
  private async laterPageOfMatches(base: ReturnType<VendorOrdersService['scoped']>, limit: number, page: number) {
    const { rows } = await sql<{ total: string; paise: string; ids: string[] | null }>`
      WITH m AS MATERIALIZED (${base.select(['o.id', 'o.created_at', 'o.order_number', 'o.items_paise', 'o.delivery_discount_paise', 'o.voided_at'])})
      SELECT (SELECT count(*) FROM m) AS total,
        (SELECT coalesce(sum(items_paise - delivery_discount_paise) FILTER (WHERE voided_at IS NULL), 0) FROM m) AS paise,
        (SELECT array_agg(id ORDER BY created_at DESC, order_number DESC) FROM (
          SELECT id, created_at, order_number FROM m ORDER BY created_at DESC, order_number DESC LIMIT ${limit} OFFSET ${(page - 1) * limit}
        ) p) AS ids`.execute(this.db);
    const count = Number(rows[0].total);
    return {
      orders: await loadOrders(this.db, rows[0].ids ?? []),
      totalPages: Math.ceil(count / limit),
      page,
      total: count,
      periodTotal: toRupees(Number(rows[0].paise)),
    };
  }

  /** Customers who ordered from this vendor (admin: from anyone), by name. */
  async customers(user: AuthUser) {
    const rows = await this.scoped(user)
      .innerJoin('users as cu', 'cu.id', 'o.customer_id')
      .select(['cu.id', 'cu.name', 'cu.email', 'cu.phone'])
      .distinct()
      .orderBy('cu.name')
      .orderBy('cu.id')
      .limit(2000)
      .execute();
    return rows.map((r) => ({ _id: r.id, name: r.name, email: r.email ?? '', phone: r.phone }));
  }

  /** Distinct products in a vendor's orders; a vendor may only ask about itself. */
  async distinctProducts(user: AuthUser, vendorId: string) {
    if (!isId(vendorId) || !ownedBy(user, vendorId)) throw notFound(CODE.vendorNotFound);
    const rows = await this.db
      .selectFrom('order_lines as l')
      .innerJoin('orders as o', 'o.id', 'l.order_id')
      .leftJoin('products as p', 'p.id', 'l.product_id')
      .select(['l.product_id', (eb) => eb.fn.coalesce('p.name', eb.fn.max('l.name')).as('name')])
      .where('o.vendor_id', '=', vendorId)
      .where('l.product_id', 'is not', null)
      .groupBy(['l.product_id', 'p.name'])
      .orderBy('name')
      .limit(2000)
      .execute();
    return rows.map((r) => ({ productId: r.product_id as string, name: r.name }));
  }

  /** Locks an order the user may act on; 404 for missing and not-yours alike. */
  private async lockOwned(trx: Db, user: AuthUser, id: string) {
    if (!isId(id)) throw notFound(CODE.orderNotFound);
    let q = trx
      .selectFrom('orders')
      .select(['id', 'vendor_id', 'status', 'payment_status', 'payment_method', 'shop_customer_id', 'created_at', 'delivered_by'])
      .where('id', '=', id);
    // a customer reaches only their own orders (the delete route is the one that lets them in)
    const { customerId, vendorId } = orderScope(user);
    if (vendorId) q = q.where('vendor_id', '=', vendorId);
    if (customerId) q = q.where('customer_id', '=', customerId);
    const row = await q.forUpdate().executeTakeFirst();
    if (!row) throw notFound(CODE.orderNotFound);
    return row;
  }

  private async one(id: string): Promise<OrderDto> {
    const [order] = await loadOrders(this.db, [id]);
    if (!order) throw notFound(CODE.orderNotFound);
    return order;
  }

  /**
   * Moves an order to `to` if ORDER_TRANSITIONS allows it from its current status (the same status
   * is a success without change). The UPDATE is conditional on the status read (WHERE status =
   * from), so a concurrent change can never slip past the rule. `cashCollected`: the order's total
   * was paid in cash on delivery, so an unpaid order becomes Paid (cash), also when already delivered,
   * unless it is already on a shop customer's account (that money is a payment on their account).
   * An unpaid order of a shop customer delivered without the cash goes on their account as a credit
   * sale (core/customer goesOnAccount), dated by its delivery; the credit limit is not checked then
   * (the goods have left: docs/khata.md).
   * Who delivers it is kept, and cash collected at the door (at the delivery, or ticked later by the one
   * who delivered it) is kept as the order's cash on delivery: a rider holds it until the shop records
   * its hand-over (server/services/delivery/rider-cash.service.ts).
   * Delivered is the time of supply: an order without an invoice number takes the next one, dated
   * then, last in the transaction (a refused or rolled back delivery takes none). "Then" is `sentAt`
   * when the device sent the time of the tap (core/act-time.ts: offline, it arrives later), else now;
   * the time it was received is kept beside it.
   */
  private async transition(user: AuthUser, id: string, to: OrderStatus, cashCollected = false, sentAt?: string) {
    await this.db.transaction().execute(async (trx) => {
      const row = await this.lockOwned(trx, user, id);
      const receivedAt = new Date();
      const tapped = sentActTime(sentAt, 'at', { now: receivedAt, notBefore: row.created_at });
      const refused = statusChangeError(row.status, to);
      if (refused) throw new HttpError(400, refused);
      const unpaid = row.payment_status !== 'Paid';
      if (cashCollected && unpaid && row.status === 'Delivered' && row.payment_method === 'credit') {
        throw conflict(coded(CODE.creditSaleOnAccount), { field: 'cashCollected' });
      }
      // a sale paid in parts keeps its parts: unpaid, it waits for its UPI part, not for cash at the door
      const split = row.payment_method === 'split';
      if (cashCollected && unpaid && split) throw conflict(coded(CODE.splitSaleCashCollected), { field: 'cashCollected' });
      if (cashCollected && unpaid) {
        const atDoor = row.status !== 'Delivered' || row.delivered_by === user.id;
        await trx
          .updateTable('orders')
          .set({
            payment_status: 'Paid',
            payment_method: 'cash',
            ...(atDoor ? { cod_collected_paise: sql<number>`items_paise - delivery_discount_paise` } : {}),
          })
          .where('id', '=', row.id)
          .execute();
      }
      if (row.status === to) return;
      const at = tapped ?? receivedAt;
      // a split sale's credit part joins the account as it is (core/payments.ts), the sale never becomes credit
      const onAccount =
        to === 'Delivered' &&
        !split &&
        goesOnAccount({ shopCustomerId: row.shop_customer_id, paymentStatus: row.payment_status, paidNow: cashCollected });
      const moved = await trx
        .updateTable('orders')
        .set({
          status: to,
          delivered_at: to === 'Delivered' ? at : null,
          delivered_received_at: to === 'Delivered' && tapped ? receivedAt : null,
          delivered_by: to === 'Delivered' ? user.id : null,
          ...(onAccount ? { payment_method: 'credit' as const } : {}),
        })
        .where('id', '=', row.id)
        .where('status', '=', row.status)
        .returning('id')
        .executeTakeFirst();
      if (!moved) throw new HttpError(400, coded(CODE.statusNotAllowed, { from: row.status, to }));
      if (to === 'Delivered') await numberAtSupply(trx, { id: row.id, vendorId: row.vendor_id }, at);
    });
  }

  /** Pending → Delivered; already delivered is a success without change. With cashCollected the order is Paid in cash. */
  async markDelivered(user: AuthUser, orderId: string, cashCollected = false, at?: string) {
    await this.transition(user, orderId, 'Delivered', cashCollected, at);
    return { ...note(CODE.orderMarkedDelivered), order: await this.one(orderId) };
  }

  /** The status call: only the changes ORDER_TRANSITIONS allows (a delivered order stays delivered). */
  async setStatus(user: AuthUser, id: string, status: OrderStatus) {
    await this.transition(user, id, status);
    return { ...note(CODE.orderStatusUpdated), order: await this.one(id) };
  }

  /**
   * Deletes a pending order and puts its stock back, in one transaction. The DELETE is conditional
   * on a deletable status, and stock goes back only for an order that this call deleted.
   */
  async remove(user: AuthUser, id: string) {
    await this.db.transaction().execute(async (trx) => {
      const row = await this.lockOwned(trx, user, id);
      if (!canDeleteOrder(row.status)) throw badRequest(CODE.onlyPendingDeletable);
      // who deletes, for the orders trigger: a customer is not notified of its own deletion (migration 021)
      await sql`select set_config('nk.actor', ${user.id}, true)`.execute(trx);
      // a number is never reused: a paid order's stays in the series as cancelled; an order not yet
      // numbered (it would have been at delivery) leaves no trace in the series
      await cancelInvoice(trx, row.id);
      // stock goes back first; a refused delete below rolls it back with the transaction
      await returnStock(trx, row.id, 'order_deleted', user.id);
      // its loyalty points are moved back (the rows stay on the customer's statement)
      await reverseSalePoints(trx, row.id, new Date(), user.id);
      const deleted = await trx
        .deleteFrom('orders')
        .where('id', '=', row.id)
        .where('status', 'in', [...DELETABLE_STATUSES])
        .returning('id')
        .executeTakeFirst();
      if (!deleted) throw badRequest(CODE.onlyPendingDeletable);
    });
    return note(CODE.orderDeleted);
  }

  /** Pending orders of one area (case-insensitive), oldest first, for delivery rounds. */
  async pendingByArea(area: string): Promise<OrderDto[]> {
    const rows = await this.db
      .selectFrom('orders')
      .select('id')
      .where('status', '=', 'Pending')
      .where(sql<string>`lower(area)`, '=', area.trim().toLowerCase())
      .orderBy('created_at')
      .orderBy('order_number')
      .limit(LIST_CAP)
      .execute();
    return loadOrders(
      this.db,
      rows.map((r) => r.id),
    );
  }

  /**
   * pendingByArea's answer, serialized (and compressed on demand) once per build. Builds are limited
   * and the waiting one of an area is shared (server/lib/shared-builds.ts): many riders asking for the
   * same area at once cost a few builds, not one each, and each still sees every write committed
   * before it asked. Not cached past its build: whole orders show more than the area's version
   * (migration 025) follows.
   */
  async pendingByAreaAnswer(area: string): Promise<JsonAnswer> {
    const key = area.trim().toLowerCase();
    return this.areaOrders.run(key, async () => jsonAnswer(await this.pendingByArea(key)));
  }

  /**
   * The cards of an area's pending orders (pendingByArea's orders, in its order), in one query of the
   * columns a card shows: the customer and the shop by join, the line count by a grouped subquery.
   */
  async pendingCardsByArea(area: string): Promise<AreaOrderCard[]> {
    const rows = await ordersJoined(this.db)
      .select([
        'o.id',
        'o.order_number',
        'o.status',
        'o.created_at',
        'o.items_paise',
        'o.delivery_discount_paise',
        'o.payment_status',
        'o.area',
        sql<string | null>`o.shipping_address->>'address'`.as('a_address'),
        sql<string | null>`o.shipping_address->>'area'`.as('a_area'),
        sql<string | null>`o.shipping_address->>'city'`.as('a_city'),
        sql<string | null>`o.shipping_address->>'pincode'`.as('a_pincode'),
        sql<string | null>`o.shipping_address->>'phoneNumber'`.as('a_phone'),
        ...ORDER_CUSTOMER_COLUMNS,
        've.shop_name',
        'inv.number as invoice_number',
        (eb) =>
          eb
            .selectFrom('order_lines as l')
            .select((c) => c.fn.countAll<string>().as('n'))
            .whereRef('l.order_id', '=', 'o.id')
            .as('lines'),
      ])
      .where('o.status', '=', 'Pending')
      .where(sql<string>`lower(o.area)`, '=', area.trim().toLowerCase())
      .orderBy('o.created_at')
      .orderBy('o.order_number')
      .limit(LIST_CAP)
      .execute();
    return rows.map((r) => ({
      _id: r.id,
      orderNumber: r.order_number,
      invoiceNumber: r.invoice_number ?? null,
      status: r.status,
      createdAt: new Date(r.created_at).toISOString(),
      // a counter sale to deliver to a shop customer is named like an app customer's order
      customerName: r.customer_name ?? r.shop_customer_name ?? null,
      customerEmail: r.customer_email ?? '',
      address: addressLine({ address: r.a_address ?? '', area: r.a_area ?? '', city: r.a_city ?? '', pincode: r.a_pincode ?? '' }, r.area),
      phone: r.a_phone || r.customer_phone || r.shop_customer_phone || '',
      shopName: r.shop_name ?? '',
      totalPayable: toRupees(r.items_paise - r.delivery_discount_paise),
      paymentStatus: r.payment_status,
      lines: Number(r.lines ?? 0),
    }));
  }

  /**
   * pendingCardsByArea's answer, serialized (and compressed on demand) once per version of the area's
   * list (migration 025): the version is read first, the list only when it moved.
   */
  async pendingCardsAnswer(area: string): Promise<JsonAnswer> {
    const key = area.trim().toLowerCase();
    const rows = await this.db.selectFrom('area_list_versions').select(['area', 'version']).where('area', 'in', [key, '*']).execute();
    const of = (k: string) => rows.find((r) => r.area === k)?.version ?? 0;
    return this.areaCards.get(key, `${of(key)}.${of('*')}`, () => this.pendingCardsByArea(area));
  }

  /** Whole orders by id, in the order asked (delivery staff and admins read any order, as GET /api/Orders/:id lets them). */
  async details(ids: readonly string[]): Promise<OrderDto[]> {
    return loadOrders(this.db, ids);
  }

  /**
   * Every area of the areas table with the number of its pending orders (matched ignoring case, as
   * pendingByArea matches them), by name: one query, so the rider's area picker shows where the work is.
   */
  async pendingCountsByArea(): Promise<{ areas: Array<{ area: string; pending: number }> }> {
    const rows = await this.db
      .selectFrom('areas as a')
      .leftJoin('orders as o', (j) => j.on(sql<string>`lower(o.area)`, '=', sql<string>`lower(a.name)`).on('o.status', '=', 'Pending'))
      .select(['a.name as area', (eb) => eb.fn.count<string>('o.id').as('pending')])
      .groupBy('a.name')
      .orderBy('a.name')
      .execute();
    return { areas: rows.map((r) => ({ area: r.area, pending: Number(r.pending) })) };
  }
}
