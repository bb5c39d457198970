import { cappedDiscountPaise, lineDiscountPaise, lineTotalPaise } from './cart';
import type { PlainCode } from './coded';
import { toPaise, toRupees } from './money';
import { HOME_STATE } from './gst';
import { shopLineUnitDiscountPaise } from './order-rules';
import type { SalePaymentMethod } from './payments';
import type { PaymentPart } from './split-payment';
import type { Address } from './schemas/user';
import { DEFAULT_UNIT, hasAtMost3Decimals, isDecimalUnit, quantityError, toMilli, unitOf } from './units';
import { soldInKey } from './packs';

/** One line of the vendor's counter sale form. */
export interface ShopOrderLine {
  /** Stable key for the UI list. */
  key: string;
  category: string;
  subcategory: string;
  productId: string;
  vendorId: string;
  /** Per-unit selling price (the product's shopPrice), rupees. */
  price: number;
  /** Per-unit discount, rupees. */
  discount: number;
  /** In the product's unit: whole for pieces, up to 3 decimals for kg, l and metre. */
  quantity: number;
  /** The product's unit (core/units). */
  unit: string;
  /** The product's pack the line sells (core/packs.ts): quantity counts whole packs, price and discount are per pack. */
  pack?: string;
  /** The batch the cashier picked (its number), for a product kept in batches (core/batch.ts); none: the nearest expiry. */
  batch?: string | undefined;
}

/** The product fields a line needs. */
export interface ShopOrderProduct {
  _id: string;
  shopPrice: number;
  discount?: number | null;
  vendorId: string;
  unit?: string;
}

/** A walk-in sale's address: the address shape (core/schemas/address.ts) without the area. */
export type ShopAddress = Omit<Address, 'area'>;

/** One line of a shop sale as sent (POST /api/Orders), money in rupees. */
export interface ShopSaleLine {
  vendorId: string;
  productId: string;
  /** The per-unit price on the form (the server prices from the database). */
  price: number;
  quantity: number;
  /** The per-unit counter discount as typed, at most the price: the amount the line is recorded with. */
  unitDiscount?: number;
  /** The line's discount, as clients sent it before `unitDiscount`; sales they queued on a device still carry it. */
  discount?: number;
  /** The pack sold (its name): quantity in whole packs, price per pack (the server reads the pack's own). */
  pack?: string;
}

export interface ShopOrderPayload {
  isShop: true;
  products: ShopSaleLine[];
  /** stateCode: the GST state the goods are sent to (a sale to deliver); left out: Tamil Nadu. */
  shippingAddress: ShopAddress & { stateCode?: string };
  paymentStatus: string;
  /** How a Paid sale was paid, or 'credit': on the customer's account (handed over, unpaid). */
  paymentMethod?: SalePaymentMethod;
  /** A Paid sale paid in parts (core/split-payment.ts), in place of `paymentMethod`. */
  payments?: PaymentPart[];
  /** The till of this device and the final invoice number it gave the sale (core/till.ts). */
  deviceId?: string;
  invoiceNumber?: string;
  /** Handed over at the counter: recorded Paid and Delivered at once (else it stays Pending). */
  handedOver?: boolean;
  /** The shop customer the sale is made to (required for credit). */
  customerId?: string;
  /** The cashier confirmed a credit sale over the customer's credit limit. */
  confirmOverLimit?: boolean;
  /** The total the till charged, rupees (core/pricing.ts: an offline sale keeps it within a bound). */
  tillTotal?: number;
  /** Loyalty points the customer redeems on the bill (core/loyalty.ts; the server checks the balance again). */
  redeemPoints?: number;
  /** A manager's or the owner's PIN, when a cashier's discount, price or credit needs one (core/approvals.ts). */
  approval?: { staffId: string; pin: string };
}

let counter = 0;
const nextKey = () => `line-${Date.now().toString(36)}-${(counter++).toString(36)}`;

export const emptyLine = (key: string = nextKey()): ShopOrderLine => ({
  key,
  category: '',
  subcategory: '',
  productId: '',
  vendorId: '',
  price: 0,
  discount: 0,
  quantity: 1,
  unit: DEFAULT_UNIT,
});

/** Changing category resets subcategory, product, vendor, quantity, price and discount. */
export const withCategory = (line: ShopOrderLine, category: string): ShopOrderLine => ({
  ...emptyLine(line.key),
  category,
});

/** Changing subcategory resets product onward. */
export const withSubcategory = (line: ShopOrderLine, subcategory: string): ShopOrderLine => ({
  ...emptyLine(line.key),
  category: line.category,
  subcategory,
});

/** Choosing a product sets the vendor, price and per-unit discount, and resets quantity. */
export const withProduct = (line: ShopOrderLine, product: ShopOrderProduct | null | undefined): ShopOrderLine =>
  product
    ? {
        ...line,
        productId: product._id,
        vendorId: product.vendorId,
        batch: undefined,
        price: product.shopPrice,
        discount: Math.max(product.discount ?? 0, 0),
        quantity: 1,
        unit: unitOf(product.unit),
      }
    : { ...emptyLine(line.key), category: line.category, subcategory: line.subcategory };

/**
 * Quantity as typed: whole for pieces, up to 3 decimals for kg, l and metre (1.25 kg). Anything else
 * (zero, negative, a fraction of a piece, a fourth decimal) is kept as 0 so validation can reject it.
 */
export const withQuantity = (line: ShopOrderLine, quantity: number | string): ShopOrderLine => {
  const q = typeof quantity === 'string' ? Number(quantity) : quantity;
  // a pack line counts whole packs, whatever the unit
  const ok = Number.isFinite(q) && q > 0 && hasAtMost3Decimals(q) && ((isDecimalUnit(line.unit) && !line.pack) || Number.isInteger(q));
  return { ...line, quantity: ok ? toMilli(q) / 1000 : 0 };
};

/** Per-unit discount as typed, never negative. */
export const withDiscount = (line: ShopOrderLine, discount: number | string): ShopOrderLine => {
  const d = typeof discount === 'string' ? Number(discount) : discount;
  return { ...line, discount: Number.isFinite(d) && d > 0 ? d : 0 };
};

/**
 * A line of a shop sale as the server records it, in paise, at the price on the form: its per-unit
 * discount (shopLineUnitDiscountPaise), its total by the one line rule (lineTotalPaise: price less
 * discount, times the quantity, rounded half-up to the paisa once) and its discount (gross less total).
 */
export function shopSaleLinePaise(line: ShopSaleLine) {
  const pricePaise = toPaise(line.price);
  const unitDiscountPaise = shopLineUnitDiscountPaise(line, pricePaise);
  return {
    pricePaise,
    unitDiscountPaise,
    totalPaise: lineTotalPaise(pricePaise, unitDiscountPaise, line.quantity),
    discountPaise: lineDiscountPaise(pricePaise, unitDiscountPaise, line.quantity),
  };
}

/**
 * The total of a shop sale as sent (POST /api/Orders lines), in rupees: what the server will charge.
 * Every shop-sale total on screen comes from here, queued or on the form.
 */
export const shopSaleTotal = (products: ShopOrderPayload['products']): number =>
  toRupees(products.reduce((sum, l) => sum + shopSaleLinePaise(l).totalPaise, 0));

/**
 * A sent line with its counter discount per unit (`unitDiscount`), for editing a queued sale: a line
 * queued by an older client (a line `discount`) gets the per-unit amount the server would record, so
 * a new quantity keeps the discount per unit.
 */
export function toPerUnitDiscount(line: ShopSaleLine): ShopSaleLine {
  const { discount: _forTheLine, ...rest } = line;
  return { ...rest, unitDiscount: toRupees(shopSaleLinePaise(line).unitDiscountPaise) };
}

/** Order total of the form: the sale total of its lines that have a product. */
export const shopOrderTotal = (lines: ShopOrderLine[]): number => shopSaleTotal(toSaleLines(lines.filter((l) => l.productId)));

/** Line total = max(shopPrice − discount, 0) × quantity, in rupees. */
export const shopLineTotal = (line: ShopOrderLine): number => shopOrderTotal([line]);

/** Keys of lines whose product, sold in the same pack (or both in the base unit), is on an earlier line ("Duplicate product selected"). */
export function duplicateLineKeys(lines: ShopOrderLine[]): Set<string> {
  const seen = new Set<string>();
  const dup = new Set<string>();
  for (const l of lines) {
    if (!l.productId) continue;
    const k = soldInKey(l);
    if (seen.has(k)) dup.add(l.key);
    else seen.add(k);
  }
  return dup;
}

export const isAddressComplete = (a: ShopAddress) =>
  [a.address, a.city, a.pincode, a.phoneNumber].every((v) => typeof v === 'string' && v.trim() !== '');

/** Submit validation, in the spec's order: the message's code, or null when the order can be sent. */
export function validateShopOrder(
  lines: ShopOrderLine[],
  address: ShopAddress,
): Extract<PlainCode, 'incompleteShipping' | 'duplicateProducts' | 'invalidShopLines'> | null {
  if (!isAddressComplete(address)) return 'incompleteShipping';
  if (duplicateLineKeys(lines).size > 0) return 'duplicateProducts';
  if (lines.length === 0 || lines.some((l) => !l.productId || quantityError(l.quantity, l.pack ? DEFAULT_UNIT : l.unit) !== undefined)) {
    return 'invalidShopLines';
  }
  return null;
}

/** The lines of a sale as sent: the per-unit discount as typed (to the paisa), at most the price. */
const toSaleLines = (lines: ShopOrderLine[]): ShopOrderPayload['products'] =>
  lines.map((l) => ({
    vendorId: l.vendorId,
    productId: l.productId,
    price: l.price,
    quantity: l.quantity,
    unitDiscount: toRupees(cappedDiscountPaise(toPaise(l.price), toPaise(l.discount || 0))),
    ...(l.pack ? { pack: l.pack } : {}),
    ...(l.batch ? { batch: l.batch } : {}),
  }));

const shipping = (address: ShopAddress): ShopAddress => ({
  address: address.address.trim(),
  city: address.city.trim(),
  pincode: address.pincode.trim(),
  phoneNumber: address.phoneNumber.trim(),
});

/** The POST /api/Orders body of a shop sale. */
export function toShopOrderPayload(
  lines: ShopOrderLine[],
  address: ShopAddress,
  paymentStatus: string,
  paymentMethod?: SalePaymentMethod,
  handedOver = false,
  customer: { customerId?: string; confirmOverLimit?: boolean; stateCode?: string; payments?: PaymentPart[] } = {},
): ShopOrderPayload {
  const { customerId, confirmOverLimit, stateCode, payments } = customer;
  // goods sent to another state: the place of supply is there (IGST); handed over, it is the shop's state
  const sentTo = (leaves: boolean) =>
    !leaves && stateCode && stateCode !== HOME_STATE.code ? { ...shipping(address), stateCode } : shipping(address);
  // a credit sale: unpaid until the customer's payments settle it; handed over now, or delivered later
  // (it joins the customer's balance then)
  if (paymentMethod === 'credit' && customerId && !payments) {
    return {
      isShop: true,
      products: toSaleLines(lines),
      shippingAddress: sentTo(handedOver),
      paymentStatus: 'Pending',
      paymentMethod: 'credit',
      handedOver,
      customerId,
      ...(confirmOverLimit ? { confirmOverLimit: true } : {}),
    };
  }
  const handed = handedOver && paymentStatus === 'Paid';
  return {
    isShop: true,
    products: toSaleLines(lines),
    shippingAddress: sentTo(handed),
    paymentStatus,
    // paid in parts: the parts stand in for the method
    ...(paymentStatus === 'Paid' && payments ? { payments } : paymentStatus === 'Paid' && paymentMethod ? { paymentMethod } : {}),
    ...(handed ? { handedOver: true } : {}),
    ...(customerId ? { customerId } : {}),
    ...(payments && customerId && confirmOverLimit ? { confirmOverLimit: true } : {}),
  };
}

/** The address a fresh form starts with: the user's first saved address, else blanks. */
export const initialShopAddress = (saved?: Array<Partial<ShopAddress>> | null): ShopAddress => {
  const a = saved?.[0];
  return {
    address: a?.address ?? '',
    city: a?.city ?? '',
    pincode: a?.pincode ?? '',
    phoneNumber: a?.phoneNumber ?? '',
  };
};

/**
 * The address to deliver a sale to, from the shop customer's saved one-line address ("12 Gandhi St,
 * T Nagar, Chennai 600017") and phone: a six-digit pincode in it is the pincode, the part before it
 * after the last comma the city, the rest the street. What the saved address does not tell keeps the
 * form's value for the city (a local shop's customers mostly live in its town) and is left blank for
 * the pincode, for the cashier to fill; the cashier may edit any of it.
 */
export function customerShipAddress(c: { address: string; phone: string }, current: ShopAddress): ShopAddress {
  const saved = c.address.replace(/\s+/g, ' ').trim();
  if (!saved) return { ...current, phoneNumber: c.phone || current.phoneNumber };
  const pin = /(?:^|\D)(\d{6})(?!\d)/.exec(saved);
  const withoutPin = pin ? `${saved.slice(0, pin.index)}${saved.slice(pin.index + pin[0].length)}` : saved;
  const parts = withoutPin
    .split(',')
    .map((p) => p.replace(/^[\s\-–]+|[\s\-–]+$/g, ''))
    .filter(Boolean);
  const city = pin && parts.length > 1 ? parts.pop()! : '';
  return {
    address: parts.join(', ') || saved,
    city: city || current.city,
    pincode: pin ? pin[1] : '',
    phoneNumber: c.phone || current.phoneNumber,
  };
}
