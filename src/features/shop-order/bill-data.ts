import type { BillLanguage } from '../../../core/bill-language';
import { addTax, HOME_STATE, lineTax, type LineTax, noTax } from '../../../core/gst';
import { toPaise, toRupees } from '../../../core/money';
import { orderRef } from '../../../core/order-ref';
import { isPaymentMethod, type PaymentMethod, type SalePaymentMethod } from '../../../core/payments';
import { type Buyer, isInterState } from '../../../core/place-of-supply';
import type { OrderDto } from '../../../core/schemas/order';
import type { UserDto } from '../../../core/schemas/user';
import { shopSaleLinePaise } from '../../../core/shop-order';
import { linePricingNote } from '../../../core/pricing';
import type { PaymentPart } from '../../../core/split-payment';
import { unitOf, type Unit } from '../../../core/units';
import { salePoints } from './queued-points';
import { saleRef } from './sale-ref';
import { displayLineOf, type QueuedShopSale } from './shop-sale';

/** One line of a bill, money in paise. */
export interface BillLine extends LineTax {
  name: string;
  /** The product's Tamil name at the sale ('' when none): the Tamil bill shows it. */
  nameTa: string;
  hsn: string;
  quantity: number;
  unit: Unit;
  /** The pack sold (quantity, rate and discount are per pack) and its factor in `unit` when known (core/packs.ts). */
  pack?: string;
  packFactor?: number;
  /** Unit selling price and unit discount. */
  ratePaise: number;
  discountPaise: number;
  amountPaise: number;
  gstRate: number;
  /** The price list and scheme that priced the line ("Wholesale · Buy 2 get 1: −₹40.00", core/pricing.ts); none: left out. */
  note?: string;
  /** The batches the line took and their expiry days (a medicine's are printed on its bill); none: left out. */
  batches?: Array<{ number: string; expiry: string | null }>;
}

/** Everything the printed bill shows: from the server's order, or from a sale still on this device (provisional). */
export interface BillData {
  orderId: string;
  provisional: boolean;
  /**
   * The server's invoice number; null while the sale waits in the outbox (provisional), or while a
   * pending unpaid order waits for its delivery, when it is numbered.
   */
  invoiceNumber: string | null;
  /** The server's order number; null while the sale waits in the outbox. */
  orderNumber: number | null;
  /** The invoice's date (an order numbered at delivery: then), else the sale time. */
  date: string;
  shop: { name: string; address: string; gstin: string; upiId: string };
  customer: { name: string; phone: string; address: string } | null;
  /** The buyer named on the bill at the sale (a shop customer); with a GSTIN, a registered buyer. */
  buyer: Buyer | null;
  /** The GST state code of the place of supply ('33' unless the goods went to another state). */
  placeOfSupply: string;
  lines: BillLine[];
  itemsPaise: number;
  savedPaise: number;
  roundOffPaise: number;
  totalPaise: number;
  paid: boolean;
  paymentMethod: PaymentMethod | null;
  /** A sale paid in parts (core/split-payment.ts): each part's method and amount; null for one method. */
  payments: Array<{ method: SalePaymentMethod; amountPaise: number }> | null;
  delivered: boolean;
  /** A voided sale (core/sale-void): the bill says VOID, its invoice number cancelled; null while it stands. */
  voided: { at: string; reason: string } | null;
  /** The e-way bill number entered back (core/eway-bill.ts); null: none. */
  ewayBillNo?: string | null;
  /** The e-invoice's IRN, acknowledgement and signed QR entered back (core/einvoice.ts); null: none. */
  einvoice?: { irn: string; ackNo: string; signedQr: string } | null;
  /** The language the bill opens in (core/bill-language.ts: the customer's); null: the interface language. */
  language: BillLanguage | null;
  /** The first name of the person who made a counter sale ("Arun"); null for a customer's order or when not known. */
  cashier: string | null;
  /** Loyalty points redeemed (their value already off the lines' amounts) and earned; absent: none. */
  points?: { redeemed: number; valuePaise: number; earned: number } | null;
}

/** GST per rate, summed from the lines. */
export interface RateTax extends LineTax {
  rate: number;
}

export function taxByRate(lines: BillLine[]): RateTax[] {
  const by = new Map<number, RateTax>();
  for (const l of lines) {
    const r = by.get(l.gstRate) ?? { rate: l.gstRate, ...noTax() };
    addTax(r, l);
    by.set(l.gstRate, r);
  }
  return [...by.values()].sort((a, b) => a.rate - b.rate);
}

/** GST per HSN code and rate, summed from the lines: the tax summary of an A4 invoice. */
export interface HsnTax extends RateTax {
  hsn: string;
}

export function taxByHsn(lines: BillLine[]): HsnTax[] {
  const by = new Map<string, HsnTax>();
  for (const l of lines) {
    const k = `${l.hsn}|${l.gstRate}`;
    const r = by.get(k) ?? { hsn: l.hsn, rate: l.gstRate, ...noTax() };
    addTax(r, l);
    by.set(k, r);
  }
  return [...by.values()].sort((a, b) => a.hsn.localeCompare(b.hsn) || a.rate - b.rate);
}

/** Goods sent to another state carry IGST at the full rate in place of CGST + SGST. */
export const isInterStateBill = (b: BillData): boolean => isInterState(b.placeOfSupply) || b.lines.some((l) => l.igstPaise > 0);

/**
 * A UPI QR code to pay with: an unpaid bill of a shop with a UPI ID (a voided sale is owed nothing). An unpaid UPI sale
 * waits for the payment provider's word on its own QR: the shop's fixed QR would take a second payment nothing matches.
 */
export const showsUpiQr = (b: BillData): boolean => !b.paid && !b.voided && b.paymentMethod !== 'upi' && !!b.shop.upiId && b.totalPaise > 0;

/** The reference a bill names its sale by: the order's (core/order-ref) once the server has it, else the end of the sale's id. */
export const billRef = (b: BillData): string =>
  b.orderNumber !== null ? orderRef({ orderNumber: b.orderNumber, invoiceNumber: b.invoiceNumber }) : saleRef(b.orderId);

/**
 * A registered shop charging GST issues a tax invoice (to a business buyer with its GSTIN, CGST rule 46);
 * otherwise (no GSTIN, or only exempt goods, CGST rule 49) a bill of supply.
 */
export const isTaxInvoice = (b: BillData): boolean => b.shop.gstin.trim() !== '' && b.lines.some((l) => l.gstRate > 0);

const oneLine = (a: { address?: string; city?: string; pincode?: string } | undefined) =>
  [a?.address, a?.city, a?.pincode]
    .map((v) => (v ?? '').trim())
    .filter(Boolean)
    .join(', ');

/** The first word of a person's name: what a bill calls its cashier by ("Arun" of "Arun Kumar"); null for none. */
export const firstName = (name: string | null | undefined): string | null => name?.trim().split(/\s+/)[0] || null;

/** The parts of a sale paid in parts, in paise; null for a sale paid one way (one part or none). */
const billParts = (parts: readonly PaymentPart[] | null | undefined): BillData['payments'] =>
  parts && parts.length > 1 ? parts.map((p) => ({ method: p.method, amountPaise: toPaise(p.amount) })) : null;

/** The bill of an order the server has. */
export function billFromOrder(o: OrderDto): BillData {
  const lines: BillLine[] = o.products.map((l) => ({
    name: l.name || l.productId?.name || '',
    nameTa: l.nameTa ?? '',
    hsn: l.hsnCode,
    quantity: l.quantity,
    unit: unitOf(l.unit),
    ...(l.packName ? { pack: l.packName, packFactor: l.packFactor } : {}),
    ...(linePricingNote(l) ? { note: linePricingNote(l) } : {}),
    ...(l.batches?.length ? { batches: l.batches.map((b) => ({ number: b.number, expiry: b.expiry })) } : {}),
    ratePaise: toPaise(l.price),
    discountPaise: toPaise(l.discount),
    // before the loyalty points redeemed: the bill takes them off the items in one row (its tax is on what was paid)
    amountPaise: toPaise(l.lineTotal) + toPaise(l.pointsDiscount ?? 0),
    gstRate: l.gstRate,
    taxablePaise: toPaise(l.taxable),
    cgstPaise: toPaise(l.cgst),
    sgstPaise: toPaise(l.sgst),
    igstPaise: toPaise(l.igst),
  }));
  const a = o.shippingAddress;
  return {
    orderId: o._id,
    provisional: false,
    invoiceNumber: o.invoiceNumber ?? null,
    orderNumber: o.orderNumber ?? null,
    // a copy saved before invoice dates were sent has none: its sale time
    date: o.invoiceDate ?? o.createdAt,
    shop: {
      name: o.vendorId.shopName || o.vendorId.name,
      address: o.vendorId.address,
      gstin: o.vendorId.gstNumber,
      upiId: o.vendorId.upiId,
    },
    customer: o.isShop ? null : { name: o.customerId?.name ?? '', phone: a.phoneNumber ?? '', address: oneLine(a) },
    buyer: o.buyer?.name ? o.buyer : null,
    placeOfSupply: o.placeOfSupply || HOME_STATE.code,
    lines,
    itemsPaise: toPaise(o.totalAmount) + o.products.reduce((s, l) => s + toPaise(l.pointsDiscount ?? 0), 0),
    savedPaise: toPaise(o.totalDiscount),
    roundOffPaise: toPaise(o.totalDeliveryDiscount),
    totalPaise: toPaise(o.totalPayable),
    paid: o.paymentStatus === 'Paid',
    paymentMethod: o.paymentStatus === 'Paid' && isPaymentMethod(o.paymentMethod) ? o.paymentMethod : null,
    // a copy saved before orders carried their parts has none
    payments: billParts(o.payments),
    delivered: o.status === 'Delivered',
    ewayBillNo: o.ewayBill?.number ?? null,
    einvoice: o.einvoice ? { irn: o.einvoice.irn, ackNo: o.einvoice.ackNo, signedQr: o.einvoice.signedQr } : null,
    voided: o.voidedAt ? { at: o.voidedAt, reason: o.voidReason ?? '' } : null,
    // a copy saved on the device before orders carried it has none
    language: o.billLanguage ?? null,
    // only a sale the shop made at its counter names its cashier; an older saved copy may have no `by`
    cashier: o.isShop ? firstName(o.by?.name) : null,
    points:
      o.pointsRedeemed || o.pointsEarned
        ? {
            redeemed: o.pointsRedeemed ?? 0,
            valuePaise: o.products.reduce((s, l) => s + toPaise(l.pointsDiscount ?? 0), 0),
            earned: o.pointsEarned ?? 0,
          }
        : null,
  };
}

/**
 * The provisional bill of a sale still in the outbox: lines and totals as the server will compute them
 * (core rules), GST from the rate and HSN the device knew, the shop from the signed-in account.
 */
export function billFromQueuedSale(
  item: QueuedShopSale,
  seller: Pick<UserDto, 'name' | 'gstNumber' | 'addresses' | 'vendorDetails'> & { upiId?: string },
): BillData {
  const body = item.body;
  let saved = 0;
  const priced = body.products.map((l) => {
    const shown = displayLineOf(item.display?.lines, l);
    const sent = shopSaleLinePaise(l);
    // as the till priced it (price list, scheme: core/pricing.ts) while the quantity is the one it priced
    const p = shown?.pricing && shown.pricing.quantity === l.quantity ? shown.pricing : undefined;
    const line = p ? { ...sent, pricePaise: p.unitPricePaise, unitDiscountPaise: p.unitDiscountPaise, totalPaise: p.totalPaise } : sent;
    return { l, shown, p, line };
  });
  // a sale to a customer: the points redeemed come off the lines (GST on what is paid) and the rest earns, as on the server
  const rates = body.customerId ? item.display?.loyalty : undefined;
  const points = rates
    ? salePoints(
        priced.map((x) => x.line.totalPaise),
        body.redeemPoints ?? 0,
        rates,
      )
    : null;
  const lines: BillLine[] = priced.map(({ l, shown, p, line }, i) => {
    saved += line.discountPaise + (p?.schemeDiscountPaise ?? 0);
    const rate = shown?.gstRate ?? 0;
    const tax = lineTax(line.totalPaise - (points?.sharesPaise[i] ?? 0), rate);
    const note = p ? linePricingNote({ ...p, schemeDiscount: toRupees(p.schemeDiscountPaise) }) : '';
    return {
      name: shown?.name ?? '',
      nameTa: shown?.nameTa ?? '',
      hsn: shown?.hsnCode ?? '',
      quantity: l.quantity,
      unit: unitOf(shown?.unit),
      ...(l.pack ? { pack: l.pack, packFactor: shown?.packFactor } : {}),
      ratePaise: line.pricePaise,
      discountPaise: line.unitDiscountPaise,
      amountPaise: line.totalPaise,
      gstRate: rate,
      ...(note ? { note } : {}),
      ...tax,
    };
  });
  const items = lines.reduce((s, l) => s + l.amountPaise, 0);
  const paid = body.paymentStatus === 'Paid';
  return {
    orderId: item.id,
    // a sale numbered at this device's till has its final number already (core/till.ts)
    provisional: !body.invoiceNumber,
    invoiceNumber: body.invoiceNumber ?? null,
    orderNumber: null,
    date: body.createdAt,
    shop: {
      name: seller.vendorDetails?.shopName || seller.name,
      address: oneLine(seller.addresses?.[0]),
      gstin: seller.gstNumber ?? '',
      upiId: seller.upiId ?? '',
    },
    customer: null,
    // a sale waiting in the outbox is taxed as at the counter; its buyer is printed once the server has it
    buyer: null,
    placeOfSupply: HOME_STATE.code,
    lines,
    itemsPaise: items,
    savedPaise: saved,
    roundOffPaise: 0,
    totalPaise: items - (points?.valuePaise ?? 0),
    paid,
    paymentMethod: paid && !body.payments && body.paymentMethod !== 'credit' ? (body.paymentMethod ?? 'cash') : null,
    payments: billParts(body.payments),
    delivered: body.handedOver === true,
    voided: null,
    // its customer is named on the bill once the server has the sale
    language: null,
    // and its cashier, as the server records them
    cashier: null,
    points:
      points && (points.redeemed || points.earned)
        ? { redeemed: points.redeemed, valuePaise: points.valuePaise, earned: points.earned }
        : null,
  };
}
