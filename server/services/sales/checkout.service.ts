import { CODE } from '../../../core/message-codes';
import { type Expression, sql, type Transaction } from 'kysely';
import { cappedDiscountPaise } from '../../../core/cart';
import { HOME_STATE, lineTax } from '../../../core/gst';
import { coded } from '../../../core/coded';
import { toPaise, toRupees } from '../../../core/money';
import {
  firstDuplicate,
  type PricedOrderLine,
  shopLineUnitDiscountPaise,
  shopSaleTimeError,
  splitByVendor,
  type VendorOrderPlan,
} from '../../../core/order-rules';
import { type OrderPaymentMethod, paysByUpi, type RecordedPart, SALE_PAYMENT_METHODS } from '../../../core/payments';
import { splitProblem } from '../../../core/split-payment';
import { isInterState, placeOfSupply } from '../../../core/place-of-supply';
import { invoicedAtSale } from '../../../core/invoice';
import { type CustomerOrderInput, type OrderDto, type ShopOrderInput } from '../../../core/schemas/order';
import type { Buyer } from '../../../core/place-of-supply';
import type { Language } from '../../../core/schemas/user';
import { shopCustomerForSale } from '../khata/credit-sale';
import { pointsForSale, type SalePoints } from '../khata/loyalty-ledger';
import { keepTillTotal, priceSaleLines } from './sale-pricing';
import { applyPack, linePacks, soldUnitPricePaise } from './pack-lines';
import { goesOnAccount } from '../../../core/customer';
import { soldInKey } from '../../../core/packs';
import { fromMilli, quantityError, quantityText, toMilli, type Unit, unitOf } from '../../../core/units';
import { type Db, preparedStatement } from '../../db';
import type { Database } from '../../db/types';
import { conflict, fieldError, forbidden, HttpError, notFound } from '../../lib/errors';
import { isCustomer, isSeller, sellerScope } from '../../security/access';
import { newId } from '../../lib/ids';
import type { AuthUser } from '../accounts/auth.service';
import type { ApprovalsService } from '../staff/approvals.service';
import { discountOverLimit } from '../../../core/approvals';
import { IdempotencyService } from '../platform/idempotency.service';
import { type NewInvoice, type PreparedInvoice, prepareInvoices, takeInvoiceNumbers, type TillInvoice } from './invoices';
import { checkTillNumber, hasTillNumber } from './till-numbers';
import { saleShift } from '../shifts/till-of-act';
import { type LineBatchRow, lineBatches, loadOrders, type OrderLineRow, type OrderRow, toOrderDto } from './order-dto';
import { ownerListed } from '../catalog/product-dto';
import { stockContextSql } from '../stock/stock-context';
import { checkFreshStock, namedSaleBatches } from '../stock/batches.service';
import { shopsWithProvider, vendorsOfProducts } from '../payments/payment-queries';

const isUniqueViolation = (e: unknown) => (e as { code?: string })?.code === '23505';

interface LineSnapshot extends PricedOrderLine {
  /** The line's quantity in the product's base unit, the unit its stock is kept in (`quantity` is in what was sold). */
  baseQuantity: number;
  unit: Unit;
  name: string;
  /** The product's Tamil name now, kept on the line (never from the client). */
  nameTa: string;
  image: string | null;
  gstRate: number;
  hsnCode: string;
  /** The product's weighted average cost per unit now, kept on the line (migration 043); null: not known. */
  costPaise: number | null;
  /** The product keeps its stock in batches: the answer names the batches the line took (migration 048). */
  tracksBatches: boolean;
  /** The product's category, for the price lists' and schemes' category rules (./sale-pricing.ts). */
  categoryId: string | null;
  /** The line's share of the loyalty points redeemed on the bill, already off its total (server/services/khata/loyalty-ledger.ts). */
  pointsDiscountPaise?: number;
  /** The price list and scheme that priced the line, and its share of an offline sale's till difference (./sale-pricing.ts). */
  priceListName?: string | null;
  schemeName?: string | null;
  tillAdjustmentPaise?: number;
  /** The pack the line was sold in and its factor (./pack-lines.ts); absent: the base unit. */
  packName?: string | null;
  packFactor?: number | null;
}

interface OrderHeader {
  customerId: string | null;
  createdBy: string;
  /** The name the shop knows the person by (the answer's `by`). */
  createdByName: string;
  shippingAddress: Record<string, string>;
  area: string;
  paymentStatus: string;
  paymentMethod: OrderPaymentMethod | null;
  /** A split sale's parts (paymentMethod 'split'), written beside it; the plans are one (one shop). */
  parts?: readonly RecordedPart[];
  isShop: boolean;
  createdAt?: Date;
  /** When the server received a sale that carried its own time (recorded offline: core/act-time.ts). */
  receivedAt?: Date;
  /** A shop sale handed over at the counter: recorded Delivered at the sale time. */
  handedOver?: boolean;
  /** The shop customer, the buyer as printed on the bill and the customer's language (a shop sale to a customer). */
  shopCustomer?: { id: string; buyer: Buyer; language: Language };
  /** The GST state code of the place of supply; another state than the shop's: IGST. Default the shop's. */
  placeOfSupply?: string;
  /** The number the vendor's till gave the sale (checked), instead of the next of the vendor's series. */
  till?: TillInvoice;
  /** The shift open at the till the sale was made at (server/services/shifts/till-of-act.ts). */
  shiftId?: string | null;
  /** The loyalty points redeemed on and earned by a sale to a shop customer (one plan). */
  points?: SalePoints;
  /** An offline sale that kept its till's total: that total and the server's (./sale-pricing.ts keepTillTotal). */
  tillTotals?: { tillTotalPaise: number; serverTotalPaise: number };
}

/**
 * Locks the products of an order in a stable id order (SELECT ... FOR UPDATE) so concurrent
 * checkouts of overlapping carts queue instead of deadlocking.
 */
function lockProducts(trx: Transaction<Database>, ids: string[], vendorId?: string) {
  return lockQuery(trx, ids, vendorId).execute();
}

/**
 * The SELECT ... FOR UPDATE of lockProducts, unrun (the checkout runs it inside its stock statement). With
 * an area, `delivers` says whether the product's shop delivers there (it chose no areas, or this one among
 * them: migration 012).
 */
function lockQuery(trx: Transaction<Database>, ids: string[], vendorId?: string, area?: string | Expression<string>) {
  const delivers =
    area === undefined
      ? sql<boolean>`true`
      : sql<boolean>`(NOT EXISTS (SELECT 1 FROM vendor_areas va WHERE va.vendor_id = p.vendor_id)
          OR EXISTS (SELECT 1 FROM vendor_areas va WHERE va.vendor_id = p.vendor_id AND va.area = ${area}))`;
  let q = trx
    .selectFrom('products as p')
    .leftJoin('gsts as g', 'g.id', 'p.gst_id')
    .select([
      'p.id',
      'p.name',
      'p.tamil',
      'p.images',
      'p.shop_price_paise',
      'p.discount_paise',
      'p.count_in_stock',
      'p.unit',
      'p.vendor_id',
      'p.is_active',
      'p.cost_price_paise',
      'p.tracks_batches',
      'p.category_id',
      'g.rate as gst_rate',
      'g.hsn_code',
      ownerListed.as('owner_listed'),
      delivers.as('delivers'),
    ])
    // one text for every cart size: the checkout's statement is prepared once per connection (lockAndTake)
    .where(sql<boolean>`p.id = ANY(${ids}::uuid[])`);
  if (vendorId) q = q.where('p.vendor_id', '=', vendorId);
  return q.orderBy('p.id').forUpdate('p');
}
type LockedProduct = Awaited<ReturnType<typeof lockProducts>>[number];

/** The products' images now, for the answer's lines (the order DTO shows them). */
const imagesOf = (locked: readonly LockedProduct[]) => new Map(locked.map((p) => [p.id, p.images]));

function snapshot(p: LockedProduct, quantity: number, unitDiscountPaise: number): LineSnapshot {
  const images = Array.isArray(p.images) ? p.images : [];
  return {
    productId: p.id,
    vendorId: p.vendor_id,
    quantity,
    baseQuantity: quantity,
    unit: unitOf(p.unit),
    unitPricePaise: p.shop_price_paise,
    unitDiscountPaise,
    name: p.name,
    nameTa: p.tamil ?? '',
    image: images[0] ?? null,
    gstRate: p.gst_rate == null ? 0 : Number(p.gst_rate),
    hsnCode: p.hsn_code ?? '',
    costPaise: p.cost_price_paise === null ? null : Number(p.cost_price_paise),
    tracksBatches: p.tracks_batches,
    categoryId: p.category_id,
  };
}

/** Refuses a quantity the product's unit does not allow (a fraction of a piece, a fourth decimal). */
function checkQuantities(lines: ReadonlyArray<{ productId: string; quantity: number }>, byId: Map<string, LockedProduct>) {
  lines.forEach((l, i) => {
    const p = byId.get(l.productId);
    const err = p && quantityError(l.quantity, unitOf(p.unit), p.name);
    if (err) throw new HttpError(400, err, { field: `products.${i}.quantity` });
  });
}

/** The columns of the parties an answer names (partiesOf, lockAndTake). */
const PARTY_COLUMNS = [
  'id',
  'name',
  'email',
  'phone',
  'language',
  'shop_name',
  'gst_number',
  'addresses',
  'upi_id',
  'invoice_prefix',
] as const;

/** The parties an answer names: the vendors of the orders and the customer, in one query. */
function partiesOf(trx: Db, vendorIds: readonly string[], customerId: string | null) {
  const ids = [...new Set(customerId ? [...vendorIds, customerId] : vendorIds)];
  return trx.selectFrom('users').select(PARTY_COLUMNS).where('id', 'in', ids).execute();
}
type Party = Awaited<ReturnType<typeof partiesOf>>[number];

/** What insertOrders wrote: the orders (their rows and lines as read back) and the invoices to number. */
interface WrittenOrders {
  orders: { row: Omit<OrderRow, 'invoice_number' | 'invoice_issued_at'>; lines: OrderLineRow[] }[];
  invoices: PreparedInvoice[];
}

/**
 * Writes one order per vendor plan with the sale-time snapshot of every line (all orders in one
 * statement, all lines in another); returns what was written, with the parties the answer names, so
 * the answer is built without reading the orders back, and the invoices of those handed over or
 * paid, prepared (the vendor's series), to be numbered at the end of the transaction
 * (answerInTransaction); the others are numbered when delivered (core/invoice).
 * GST is on what each line was really charged: its total after the line discount and its share of the
 * delivery discount (every shop is in Tamil Nadu: intra-state CGST + SGST).
 */
async function insertOrders(
  trx: Db,
  plans: VendorOrderPlan<LineSnapshot>[],
  ids: string[],
  header: OrderHeader,
  images: ReadonlyMap<string, string[]>,
  /** The vendors' and the customer's rows, when the caller read them already (lockAndTake). */
  known?: Party[],
): Promise<WrittenOrders> {
  const interState = isInterState(header.placeOfSupply ?? HOME_STATE.code);
  const status = header.handedOver ? 'Delivered' : 'Pending';
  const parties =
    known ??
    (await partiesOf(
      trx,
      plans.map((p) => p.vendorId),
      header.customerId,
    ));
  const inserted = await trx
    .insertInto('orders')
    .values(
      plans.map((plan, i) => ({
        id: ids[i],
        customer_id: header.customerId,
        vendor_id: plan.vendorId,
        created_by: header.createdBy,
        status,
        ...(header.handedOver ? { delivered_at: header.createdAt ?? new Date() } : {}),
        items_paise: plan.itemsPaise,
        discount_paise: plan.discountPaise,
        delivery_discount_paise: plan.deliveryDiscountPaise,
        shipping_address: JSON.stringify(header.shippingAddress),
        area: header.area,
        payment_status: header.paymentStatus,
        payment_method: header.paymentMethod,
        is_shop: header.isShop,
        ...(header.shopCustomer ? { shop_customer_id: header.shopCustomer.id, buyer: JSON.stringify(header.shopCustomer.buyer) } : {}),
        ...(header.placeOfSupply ? { place_of_supply: header.placeOfSupply } : {}),
        ...(header.createdAt ? { created_at: header.createdAt } : {}),
        ...(header.receivedAt ? { received_at: header.receivedAt } : {}),
        ...(header.shiftId ? { shift_id: header.shiftId } : {}),
        ...(header.points ? { points_redeemed: header.points.redeemed, points_earned: header.points.earned } : {}),
        ...(header.tillTotals
          ? { till_total_paise: header.tillTotals.tillTotalPaise, server_total_paise: header.tillTotals.serverTotalPaise }
          : {}),
      })),
    )
    .returning([
      'id',
      'order_number',
      'customer_id',
      'vendor_id',
      'created_by',
      'status',
      'items_paise',
      'discount_paise',
      'delivery_discount_paise',
      'shipping_address',
      'area',
      'payment_status',
      'payment_method',
      'is_shop',
      'created_at',
      'delivered_at',
      'received_at',
      'delivered_received_at',
      'voided_at',
      'void_reason',
      'shop_customer_id',
      'buyer',
      'place_of_supply',
      'points_redeemed',
      'points_earned',
    ])
    .execute();
  const lines = plans.map((plan, i) =>
    plan.lines.map((l, position) => {
      const total = plan.lineTotalsPaise[position];
      const delivery = plan.lineDeliveryDiscountsPaise[position];
      const tax = lineTax(total - delivery, l.gstRate, interState);
      return {
        id: newId(),
        order_id: ids[i],
        product_id: l.productId,
        position,
        name: l.name,
        name_ta: l.nameTa,
        image: l.image,
        quantity: quantityText(l.quantity),
        unit: l.unit,
        unit_price_paise: l.unitPricePaise,
        unit_discount_paise: l.unitDiscountPaise,
        line_total_paise: total,
        delivery_discount_paise: delivery,
        gst_rate: l.gstRate,
        hsn_code: l.hsnCode,
        taxable_paise: tax.taxablePaise,
        cgst_paise: tax.cgstPaise,
        sgst_paise: tax.sgstPaise,
        igst_paise: tax.igstPaise,
        // the cost at the time of the sale, from the locked product row: later purchases leave it as it was
        cost_paise: l.costPaise,
        points_discount_paise: l.pointsDiscountPaise ?? 0,
        price_list_name: l.priceListName ?? null,
        scheme_name: l.schemeName ?? null,
        scheme_discount_paise: l.schemeDiscountPaise ?? 0,
        till_adjustment_paise: l.tillAdjustmentPaise ?? 0,
        pack_name: l.packName ?? null,
        pack_factor: l.packFactor == null ? null : quantityText(l.packFactor),
      };
    }),
  );
  await trx.insertInto('order_lines').values(lines.flat()).execute();
  // the batches the lines of products kept in batches took (written by the lines' trigger), for the answer's bill
  const snapshots = plans.flatMap((p) => p.lines);
  const batched = lines.flat().filter((_, k) => snapshots[k].tracksBatches);
  const batchesOf = batched.length
    ? await lineBatches(
        trx,
        batched.map((l) => l.id),
      )
    : new Map<string, LineBatchRow[]>();
  const parts = header.parts ?? [];
  if (parts.length) {
    await trx
      .insertInto('order_payments')
      .values(parts.map((p) => ({ order_id: ids[0], method: p.method, amount_paise: p.amountPaise })))
      .execute();
  }

  const byId = new Map(parties.map((u) => [u.id, u]));
  const customer = header.customerId ? byId.get(header.customerId) : undefined;
  const rows = new Map(inserted.map((o) => [o.id, o]));
  const invoices: NewInvoice[] = [];
  const orders = ids.map((id, i) => {
    const o = rows.get(id)!;
    const vendor: Partial<Party> = byId.get(o.vendor_id) ?? {};
    if (invoicedAtSale({ status, paymentStatus: header.paymentStatus })) {
      invoices.push({ orderId: id, vendorId: o.vendor_id, at: new Date(o.created_at), ...(header.till ? { till: header.till } : {}) });
    }
    return {
      row: {
        ...o,
        customer_name: customer?.name ?? null,
        customer_email: customer?.email ?? null,
        customer_phone: customer?.phone ?? null,
        customer_language: customer?.language ?? null,
        by_name: header.createdByName,
        voided_by: null,
        voided_by_name: null,
        shop_customer_name: header.shopCustomer?.buyer.name ?? null,
        shop_customer_phone: header.shopCustomer?.buyer.phone ?? null,
        shop_customer_language: header.shopCustomer?.language ?? null,
        vendor_name: vendor.name ?? null,
        vendor_shop_name: vendor.shop_name ?? null,
        vendor_gst_number: vendor.gst_number ?? null,
        vendor_addresses: vendor.addresses ?? null,
        vendor_upi_id: vendor.upi_id ?? null,
        payment_confirmed_by: null,
        payment_confirmed_by_name: null,
        provider_payment: null,
        payment_parts: i === 0 && parts.length ? parts.map((p) => ({ method: p.method, amountPaise: p.amountPaise })) : null,
        // a new sale has no e-way bill or e-invoice entered yet
        eway_bill_no: null,
        eway_bill_at: null,
        irn: null,
        irn_ack_no: null,
        irn_ack_at: null,
        signed_qr: null,
      },
      lines: lines[i].map((l) => ({
        ...l,
        gst_rate: String(l.gst_rate),
        product_images: images.get(l.product_id) ?? null,
        batches: batchesOf.get(l.id) ?? null,
      })),
    };
  });
  return { orders, invoices: await prepareInvoices(trx, invoices, parties) };
}

/** The id of each vendor order to write: the client's id for the first one when it sent one. */
const orderIds = (plans: readonly unknown[], firstOrderId?: string) =>
  plans.map((_, i) => (i === 0 && firstOrderId ? firstOrderId : newId()));

/**
 * Takes each vendor order's quantities from its (already locked) products, with the ledger naming
 * the movement by that order: kind 'order' for a checkout, 'sale' for a counter sale. With
 * `keepAboveZero` a product short of stock is not updated and the order is refused (the transaction
 * rolls back what the others took); a counter sale already happened, so it may go below zero.
 */
async function takeStock(
  trx: Db,
  plans: VendorOrderPlan<LineSnapshot>[],
  ids: string[],
  ctx: { kind: 'order' | 'sale'; by: string; keepAboveZero: boolean; batches?: Record<string, string> },
): Promise<void> {
  // batches: an online order needs enough unexpired stock; the ledger's trigger takes earliest expiry first (migration 048)
  const batched = plans.flatMap((p) => p.lines).filter((l) => l.tracksBatches);
  if (ctx.keepAboveZero && batched.length) await checkFreshStock(trx, batched);
  for (const [i, plan] of plans.entries()) {
    // one row per product (a product's pack and loose lines add up): an UPDATE ... FROM moves a row once only
    const lines = baseQuantities(plan.lines);
    // the ledger's context is set in the same statement: its row triggers run at the statement's end, after the CTE
    const { rows: taken } = await sql<{ id: string }>`
      WITH ctx AS MATERIALIZED (${stockContextSql({ kind: ctx.kind, ref: ids[i], by: ctx.by, batches: ctx.batches })})
      UPDATE products p SET count_in_stock = p.count_in_stock - u.q
      FROM ctx, unnest(${lines.map((l) => l.productId)}::uuid[], ${lines.map((l) => quantityText(fromMilli(l.baseMilli)))}::numeric[]) AS u(id, q)
      WHERE p.id = u.id AND (${!ctx.keepAboveZero}::boolean OR p.count_in_stock >= u.q)
      RETURNING p.id`.execute(trx);
    if (taken.length < lines.length) {
      const done = new Set(taken.map((r) => r.id));
      throw conflict(coded(CODE.notEnoughStock, { name: lines.find((l) => !done.has(l.productId))!.name }));
    }
  }
}

/**
 * A checkout's first statement: finds the delivery area (any case), locks the cart's products in id
 * order (lockProducts, with whether each one's shop delivers there) and, when the cart is one shop's,
 * has every product with enough stock and none kept in batches, takes the stock in the same statement,
 * the ledger naming order `ref`. `taken` says how many products' stock was taken: all or none. None:
 * the caller checks the cart and takes the stock per order itself (takeStock); a check that refuses
 * the cart after the stock was taken rolls it back with the transaction. Also answers the parties the
 * orders name (partiesOf: the customer `by` and the products' vendors).
 */
async function lockAndTake(
  trx: Transaction<Database>,
  lines: ReadonlyArray<{ productId: string; quantity: number }>,
  areaName: string,
  ctx: { ref: string; by: string },
): Promise<{ area: string | null; locked: LockedProduct[]; taken: number; parties: Party[] }> {
  const ids = lines.map((l) => l.productId);
  const lock = lockQuery(trx, ids, undefined, sql<string>`(SELECT name FROM a)`).where(sql<boolean>`EXISTS (SELECT 1 FROM a)`);
  const query = sql<LockedProduct & { area: string | null; taken: number; parties: Party[] | null }>`
    WITH a AS MATERIALIZED (SELECT name FROM areas WHERE lower(name) = ${areaName.toLowerCase()} LIMIT 1),
    locked AS MATERIALIZED ${lock},
    u AS (SELECT * FROM unnest(${ids}::uuid[], ${lines.map((l) => quantityText(l.quantity))}::numeric[]) AS u(id, q)),
    ok AS (
      SELECT count(*) = ${ids.length}::int AND count(DISTINCT l.vendor_id) = 1 AND bool_and(l.count_in_stock >= u.q AND NOT l.tracks_batches) AS go
      FROM locked l JOIN u ON u.id = l.id),
    ctx AS MATERIALIZED (${stockContextSql({ kind: 'order', ref: ctx.ref, by: ctx.by })}),
    taken AS (
      UPDATE products p SET count_in_stock = p.count_in_stock - u.q
      FROM ok, ctx, u
      WHERE ok.go AND p.id = u.id AND p.count_in_stock >= u.q
      RETURNING p.id)
    SELECT (SELECT name FROM a) AS area, (SELECT count(*) FROM taken)::int AS taken,
      (SELECT json_agg(x) FROM (SELECT ${sql.join(PARTY_COLUMNS.map((c) => sql.ref(c)))} FROM users
        WHERE id = ANY(array_append(ARRAY(SELECT vendor_id FROM locked), ${ctx.by}::uuid))) x) AS parties,
      l.*
    FROM (SELECT 1) one LEFT JOIN locked l ON true
    ORDER BY l.id`.compile(trx);
  // the same text for every checkout (its values apart): parsed and planned once per connection
  preparedStatement(query.sql);
  const { rows } = await trx.executeQuery(query);
  const taken = rows[0]?.taken ?? 0;
  if (taken > 0 && taken < ids.length) throw new Error('stock taken for some lines of a cart only');
  return { area: rows[0]?.area ?? null, locked: rows.filter((r) => r.id !== null), taken, parties: rows[0]?.parties ?? [] };
}

/** Each product's base quantity over its lines (thousandths), in product id order: the order stock is taken in. */
function baseQuantities(lines: readonly LineSnapshot[]): { productId: string; name: string; baseMilli: number }[] {
  const by = new Map<string, { productId: string; name: string; baseMilli: number }>();
  for (const l of lines) {
    const had = by.get(l.productId);
    if (had) had.baseMilli += toMilli(l.baseQuantity);
    else by.set(l.productId, { productId: l.productId, name: l.name, baseMilli: toMilli(l.baseQuantity) });
  }
  return [...by.values()].sort((a, b) => (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0));
}

/** The first locked product (id order) that has less stock than its line asks for. */
function firstShort(locked: readonly LockedProduct[], lines: ReadonlyArray<{ productId: string; quantity: number }>) {
  const qty = new Map(lines.map((l) => [l.productId, toMilli(l.quantity)]));
  return locked.find((p) => toMilli(Number(p.count_in_stock)) < qty.get(p.id)!);
}

export interface CreatedOrders {
  orders: OrderDto[];
  order?: OrderDto;
  /** False when a shop sale with the same client id was already recorded (a replay). */
  created: boolean;
}

/** The request's Idempotency-Key claim (server/plugins/idempotency.ts), when it sent one. */
export interface IdempotencyClaim {
  userId: string;
  key: string;
  /** Set once the answer is stored in the transaction (server/plugins/idempotency.ts then skips storing it again). */
  stored?: { statusCode: number; body: string };
}

/**
 * Builds the answer from what was written (nothing is read back), numbering first the invoices of those handed over or
 * paid (a pending unpaid order is numbered at delivery and answers invoiceNumber null): the vendor's counter
 * row is locked from there to the commit and every other order of the vendor queues on it, so that
 * comes last, with only the idempotency record after it. When the request holds an Idempotency-Key,
 * the 201 answer is stored under it in the same transaction: a crash after the commit then replays
 * the answer instead of ordering again (the plugin's onSend stores it again only when what it sends differs).
 */
async function answerInTransaction(
  trx: Db,
  written: WrittenOrders,
  idem: IdempotencyClaim | undefined,
  single: boolean,
): Promise<OrderDto[]> {
  const numbers = await takeInvoiceNumbers(trx, written.invoices);
  const dates = new Map(written.invoices.map((inv) => [inv.orderId, inv.at]));
  const orders = written.orders.map(({ row, lines }) =>
    toOrderDto({ ...row, invoice_number: numbers.get(row.id) ?? null, invoice_issued_at: dates.get(row.id) ?? null }, lines),
  );
  if (idem) {
    const body = JSON.stringify(single && orders.length === 1 ? { orders, order: orders[0] } : { orders });
    await new IdempotencyService(trx).complete(idem.userId, idem.key, 201, body);
    idem.stored = { statusCode: 201, body };
  }
  return orders;
}

export class CheckoutService {
  constructor(
    private readonly db: Db,
    private readonly approvals: ApprovalsService,
  ) {}

  /**
   * Customer checkout: prices every line from the database, refuses a cart whose prices changed
   * (409 with the current prices), takes stock atomically and writes one order per vendor.
   */
  async checkout(user: AuthUser, input: CustomerOrderInput, idem?: IdempotencyClaim): Promise<CreatedOrders> {
    if (!isCustomer(user)) throw forbidden(CODE.customersOnly);
    if (firstDuplicate(input.products.map((p) => p.productId))) throw fieldError('products', CODE.duplicateProducts);

    const orders = await this.db.transaction().execute(async (trx) => {
      // the first order's id names the stock taken in the locking statement (a cart of one shop: one order)
      const firstId = newId();
      const { area, locked, taken, parties } = await lockAndTake(trx, input.products, input.shippingAddress.area, {
        ref: firstId,
        by: user.id,
      });
      if (!area) throw fieldError('shippingAddress.area', CODE.chooseDeliveryArea);
      const byId = new Map(locked.map((p) => [p.id, p]));

      const missing = input.products.filter((l) => !byId.has(l.productId)).map((l) => l.productId);
      if (missing.length) throw conflict(coded(CODE.cartProductGone), { unavailable: missing });
      const hidden = locked.find((p) => !p.is_active || !p.owner_listed);
      if (hidden) throw conflict(coded(CODE.productUnavailable, { name: hidden.name }), { unavailable: [hidden.id] });
      // a shop that chose its delivery areas without this one: every such line is named in unavailable
      const elsewhere = locked.filter((p) => !p.delivers);
      if (elsewhere.length) {
        throw conflict(coded(CODE.notDeliveredToArea, { name: elsewhere[0].name, area }), {
          unavailable: elsewhere.map((p) => p.id),
        });
      }
      checkQuantities(input.products, byId);

      const current = input.products.map((l) => {
        const p = byId.get(l.productId)!;
        return { productId: p.id, price: p.shop_price_paise, discount: cappedDiscountPaise(p.shop_price_paise, p.discount_paise) };
      });
      const changed = input.products.some(
        (l, i) => toPaise(l.price) !== current[i].price || toPaise(l.discount ?? 0) !== current[i].discount,
      );
      if (changed) {
        throw conflict(coded(CODE.pricesChanged), {
          prices: current.map((c) => ({ productId: c.productId, price: toRupees(c.price), discount: toRupees(c.discount) })),
        });
      }

      // Stock: the locked rows cannot change under us, so a line short of stock refuses the order
      // before anything is written (the first such product in id order is named).
      const short = firstShort(locked, input.products);
      if (short) throw conflict(coded(CODE.notEnoughStock, { name: short.name }));

      const lines = input.products.map((l) => {
        const p = byId.get(l.productId)!;
        return snapshot(p, l.quantity, cappedDiscountPaise(p.shop_price_paise, p.discount_paise));
      });
      const plans = splitByVendor(lines, true);
      const ids = orderIds(plans, firstId);
      if (!taken) await takeStock(trx, plans, ids, { kind: 'order', by: user.id, keepAboveZero: true });
      const a = input.shippingAddress;
      const written = await insertOrders(
        trx,
        plans,
        ids,
        {
          customerId: user.id,
          createdBy: user.id,
          createdByName: user.name,
          shippingAddress: { address: a.address, city: a.city, pincode: a.pincode, phoneNumber: a.phoneNumber, area },
          area,
          paymentStatus: 'Pending',
          paymentMethod: null,
          isShop: false,
        },
        imagesOf(locked),
        parties,
      );
      return answerInTransaction(trx, written, idem, false);
    });
    return { orders, created: true };
  }

  /** Whether the shop of a counter sale (the seller's; an admin's: the products') has a payment provider confirming UPI. */
  private async upiConfirmedByProvider(user: AuthUser, lines: ReadonlyArray<{ productId: string }>): Promise<boolean> {
    const own = sellerScope(user);
    const productIds = lines.map((l) => l.productId);
    const shops = own ? [own] : await vendorsOfProducts(this.db, productIds);
    return (await shopsWithProvider(this.db, shops)).size > 0;
  }

  /**
   * Walk-in shop sale by a vendor (own products only) or an admin (any product, split per vendor).
   * Priced from the database; the counter discount is the one client amount accepted: per unit as
   * typed, bounded to the shop price, so to the line value (shopLineUnitDiscountPaise). The sale
   * already happened, so stock may go below zero. A sale made at a till (its own till number, the
   * session's till or `tillHeader`) belongs to the shift open there at its time, and none open is 409.
   */
  async shopSale(user: AuthUser, input: ShopOrderInput, idem?: IdempotencyClaim, tillHeader?: string): Promise<CreatedOrders> {
    if (!isSeller(user)) throw forbidden(CODE.staffOnly);
    // a product may be on two lines when they are sold in different packs (2 bags and 12.5 kg loose)
    if (firstDuplicate(input.products.map(soldInKey))) {
      throw fieldError('products', CODE.duplicateProducts);
    }
    // a sale numbered at a till is dated now when it says no time, so its number's year and its date agree
    const tilled = hasTillNumber(input);
    // the sale time the counter recorded (`at` is its other name: core/act-time.ts), kept with when it arrived
    const receivedAt = new Date();
    const saleTime = input.createdAt ?? input.at;
    const createdAt = saleTime ? new Date(saleTime) : tilled ? receivedAt : undefined;
    if (createdAt && saleTime) {
      const err = shopSaleTimeError(createdAt, receivedAt);
      if (err) throw new HttpError(400, err, { field: input.createdAt ? 'createdAt' : 'at' });
    }

    const replay = async (): Promise<CreatedOrders | undefined> => {
      if (!input._id) return undefined;
      const existing = await this.db.selectFrom('orders').select(['id', 'created_by']).where('id', '=', input._id).executeTakeFirst();
      if (!existing) return undefined;
      if (existing.created_by !== user.id) throw conflict(coded(CODE.orderIdTaken), { field: '_id' });
      const orders = await loadOrders(this.db, [existing.id]);
      return { orders, order: orders[0], created: false };
    };

    const again = await replay();
    if (again) return again;

    // A credit sale stays unpaid (Pending) until the customer's payments settle it; it joins their
    // balance when its goods leave: now when handed over, at delivery when delivered later. A named
    // customer's sale handed over unpaid is a credit sale too (goesOnAccount); a walk-in's is refused.
    if (input.paymentMethod === 'credit' && !input.customerId) throw fieldError('customerId', CODE.creditNeedsCustomer);
    if (input.redeemPoints && !input.customerId) throw fieldError('redeemPoints', CODE.loyaltyRedeemNeedsCustomer);
    // A sale paid in parts (core/split-payment.ts) is paid at the counter: its parts are checked against the
    // total once it is priced, below; a credit part goes on the customer's account, the rest is paid now.
    const split = input.payments;
    if (split && input.paymentMethod) throw fieldError('payments', CODE.splitWithPaymentMethod);
    // A UPI sale (or a split sale's UPI part) at a shop whose payment provider confirms UPI payments waits,
    // Pending, for the provider's word or a confirmation by hand, whatever the till sends
    // (docs/decisions/upi-confirmed-by-provider.md).
    const awaitsUpi = paysByUpi(input) && (await this.upiConfirmedByProvider(user, input.products));
    const credit =
      !split &&
      !awaitsUpi &&
      (input.paymentMethod === 'credit' ||
        (input.handedOver && goesOnAccount({ shopCustomerId: input.customerId, paymentStatus: input.paymentStatus || 'Paid' })));
    const paymentStatus = credit || awaitsUpi ? 'Pending' : split ? 'Paid' : input.paymentStatus || 'Paid';
    if (input.handedOver && !credit && !awaitsUpi && paymentStatus !== 'Paid') throw fieldError('paymentStatus', CODE.handedOverUnpaid);
    // a manager's PIN that came with the sale is checked before its transaction (core/approvals.ts)
    const approvedBy = await this.approvals.verify(user, input.approval);
    let orders: OrderDto[];
    try {
      orders = await this.db.transaction().execute(async (trx) => {
        const productIds = input.products.map((p) => p.productId);
        // the customer row is locked first (its payments queue on it too), then the products
        const customer = input.customerId ? await shopCustomerForSale(trx, user, input.customerId) : undefined;
        const locked = await lockProducts(trx, productIds, customer?.vendorId ?? sellerScope(user));
        const byId = new Map(locked.map((p) => [p.id, p]));
        if (input.products.some((l) => !byId.has(l.productId))) throw notFound(CODE.productNotFound);
        checkQuantities(input.products, byId);
        // a line may be sold in one of the product's packs: counted in packs, priced per pack, stock in base units
        const packs = await linePacks(trx, input.products, (id) => byId.get(id)!.name);

        const lines = input.products.map((l, i) => {
          const p = byId.get(l.productId)!;
          const price = soldUnitPricePaise(packs[i], p.shop_price_paise);
          return applyPack(snapshot(p, l.quantity, shopLineUnitDiscountPaise(l, price)), packs[i], p.shop_price_paise);
        });
        // the price per unit, the customer's price list and the shop's schemes at the sale's time (core/pricing.ts)
        await priceSaleLines(trx, lines, { customer, at: createdAt ?? receivedAt });
        const plans = splitByVendor(lines, false);
        const ids = orderIds(plans, input._id);
        // a cashier's discount over the owner's percentage needs a manager's PIN (core/approvals.ts); the
        // shop's limits are read only for a sale that gives a discount
        const shopId = customer?.vendorId ?? sellerScope(user);
        const discounted = lines.filter((l) => l.unitDiscountPaise > 0);
        if (shopId && discounted.length) {
          const limits = await this.approvals.limits(shopId, trx);
          const over = discounted.find((l) => discountOverLimit(l.unitPricePaise, l.unitDiscountPaise, limits));
          if (over) {
            const ask = {
              kind: 'discount' as const,
              ref: ids[0],
              details: { productId: over.productId, unitDiscount: toRupees(over.unitDiscountPaise) },
            };
            await this.approvals.record(trx, user, ask, this.approvals.grant(user, ask, approvedBy));
          }
        }
        // loyalty points: a redemption comes off the lines' totals (GST on what is paid), then what the bill earns
        const points = customer ? await pointsForSale(trx, customer, plans, input.redeemPoints) : undefined;
        // offline parity: an offline sale keeps its till's total (within a bound), spread over its lines
        const tillTotals = keepTillTotal(plans, input.tillTotal, { at: saleTime ? new Date(saleTime) : undefined, receivedAt });
        const totalPaise = plans.reduce((s, p) => s + p.itemsPaise - p.deliveryDiscountPaise, 0);
        // kept and answered in one order of methods (cash, UPI, card, credit), whatever order the till sent
        const parts = split
          ?.map((p): RecordedPart => ({ method: p.method, amountPaise: toPaise(p.amount) }))
          .sort((a, b) => SALE_PAYMENT_METHODS.indexOf(a.method) - SALE_PAYMENT_METHODS.indexOf(b.method));
        if (split) {
          // the parts are one shop's sale: an admin's sale of several shops' products is not split
          if (plans.length > 1) throw fieldError('payments', CODE.splitOneShop);
          const problem = splitProblem(totalPaise, split, { customer: !!customer });
          if (problem) throw fieldError('payments', CODE[problem]);
        }
        // what goes on the customer's account: the whole of a credit sale, or a split sale's credit part
        const onAccountPaise = credit ? totalPaise : (parts?.find((p) => p.method === 'credit')?.amountPaise ?? 0);
        if (customer && onAccountPaise > 0) {
          const salePaise = onAccountPaise;
          try {
            await customer.checkCreditLimit(salePaise, false);
          } catch (e) {
            if (input.confirmOverLimit !== true) throw e;
            // over the limit, confirmed: by whoever may approve it
            const ask = { kind: 'creditOverLimit' as const, ref: ids[0], details: { customerId: customer.id, sale: toRupees(salePaise) } };
            await this.approvals.record(trx, user, ask, this.approvals.grant(user, ask, approvedBy));
          }
        }
        const till = tilled
          ? await checkTillNumber(trx, user, input, {
              status: input.handedOver ? 'Delivered' : 'Pending',
              paymentStatus,
              at: createdAt ?? new Date(),
            })
          : undefined;
        const shiftId = await saleShift(trx, user, { claimed: till?.deviceId, header: tillHeader }, createdAt ?? receivedAt);
        // a line may name the batch the cashier picked (checked: not expired)
        const batches = await namedSaleBatches(trx, input.products);
        await takeStock(trx, plans, ids, { kind: 'sale', by: user.id, keepAboveZero: false, batches });
        const a = input.shippingAddress;
        const written = await insertOrders(
          trx,
          plans,
          ids,
          {
            customerId: null,
            createdBy: user.id,
            createdByName: user.name,
            shippingAddress: {
              address: a.address,
              city: a.city,
              pincode: a.pincode,
              phoneNumber: a.phoneNumber,
              area: a.area ?? '',
              ...(a.stateCode ? { stateCode: a.stateCode } : {}),
            },
            area: a.area ?? '',
            paymentStatus,
            // a Paid sale records how it was paid (cash unless the form says otherwise)
            paymentMethod: split
              ? 'split'
              : credit
                ? 'credit'
                : awaitsUpi
                  ? 'upi'
                  : paymentStatus === 'Paid'
                    ? (input.paymentMethod ?? 'cash')
                    : null,
            ...(parts ? { parts } : {}),
            isShop: true,
            ...(customer ? { shopCustomer: { id: customer.id, buyer: customer.buyer, language: customer.language } } : {}),
            placeOfSupply: placeOfSupply({ handedOver: input.handedOver, shipStateCode: a.stateCode }),
            createdAt,
            ...(saleTime ? { receivedAt } : {}),
            handedOver: input.handedOver,
            till,
            shiftId,
            points,
            tillTotals,
          },
          imagesOf(locked),
        );
        await points?.record(trx, ids[0], createdAt ?? receivedAt, user.id);
        return answerInTransaction(trx, written, idem, true);
      });
    } catch (e) {
      // The same client id sent twice at once: the loser answers like a replay (its till number is the winner's).
      if (isUniqueViolation(e) || (e instanceof HttpError && e.coded.code === CODE.tillNumberUsed)) {
        const r = await replay();
        if (r) return r;
      }
      throw e;
    }
    return { orders, ...(orders.length === 1 ? { order: orders[0] } : {}), created: true };
  }
}
