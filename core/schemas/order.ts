import { einvoiceDto, ewayBillDto } from './eway-einvoice';
import { z } from 'zod';
import { approvalSchema } from './approval';
import { isGstStateCode } from '../gstin';
import { ORDER_STATUSES, PAYMENT_STATUSES } from '../order-statuses';
import { ORDER_PAYMENT_METHODS, REFUND_METHODS, SALE_PAYMENT_METHODS } from '../payments';
import { SPLIT_MAX_PARTS } from '../split-payment';
import { VOID_REASON_MAX, VOID_REASON_MIN } from '../sale-void';
import { hasAtMost3Decimals, MAX_QUANTITY, UNITS } from '../units';
import { addressSchemaOf, storedAddressSchema } from './address';
import { dayShiftDto } from './shift';
import { orderPaymentDto } from './payment';
import {
  actTimeSchema,
  byDto,
  codedMessage,
  dateTimeSchema,
  daySchema,
  idSchema,
  messageResponse,
  optionalQueryString,
  pageNumber,
  pageSize,
  rupees,
  staffIdQuery,
} from './common';
import { redeemPointsSchema } from './loyalty';

/** A line quantity: above 0, at most 3 decimals; whether decimals are allowed depends on the product's unit (the server checks). */
const quantity = z
  .number({ error: 'invalidShopLines' })
  .gt(0, { error: 'invalidShopLines' })
  .max(MAX_QUANTITY, { error: 'invalidShopLines' })
  .refine(hasAtMost3Decimals, { error: 'quantityDecimals' });

export const shippingAddressSchema = addressSchemaOf('shippingAllFields', { phoneNumber: true, area: true });

export const customerOrderSchema = z.object({
  isShop: z.literal(false).optional(),
  products: z
    .array(
      z.object({
        productId: idSchema,
        quantity,
        price: rupees,
        discount: rupees.optional().default(0),
        vendorId: z.string().max(100).optional(),
      }),
      { error: 'cartEmpty' },
    )
    .min(1, { error: 'cartEmpty' })
    .max(100),
  totalAmount: rupees.optional(),
  totalDiscount: rupees.optional(),
  totalDeliveryDiscount: rupees.optional(),
  shippingAddress: shippingAddressSchema,
  paymentMethod: z.string().max(50).optional(),
});
export type CustomerOrderInput = z.infer<typeof customerOrderSchema>;

const shopAddressField = z
  .string({ error: 'incompleteShipping' })
  .trim()
  .min(1, { error: 'incompleteShipping' })
  .max(300, { error: 'tooLong' });
/** A walk-in sale's address (the counter's form): address, city, pincode and contact number, each required. */
export const shopAddressSchema = z.object({
  address: shopAddressField,
  city: shopAddressField,
  pincode: shopAddressField,
  phoneNumber: shopAddressField,
  area: z.string().trim().max(100).optional().default(''),
  /** The GST state the goods are sent to (2 digits); left out: Tamil Nadu. Sets the place of supply of a sale to deliver. */
  stateCode: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.string({ error: 'stateCodeInvalid' }).refine(isGstStateCode, { error: 'stateCodeInvalid' }).optional(),
  ),
});
/** A split sale's part in rupees: above 0, whole paise. */
const splitPartAmount = z
  .number({ error: 'splitPartNotPositive' })
  .gt(0, { error: 'splitPartNotPositive' })
  .max(10_000_000, { error: 'splitPartNotPositive' })
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, { error: 'splitPartNotPositive' });

export const shopOrderSchema = z.object({
  isShop: z.literal(true),
  /** Client-made id (the outbox's idempotency key) and the sale time at the counter. */
  _id: idSchema.optional(),
  createdAt: dateTimeSchema.optional(),
  /** The same sale time under the name every act's time has (core/act-time.ts); `createdAt` wins when both are sent. */
  at: actTimeSchema,
  products: z
    .array(
      z.object({
        productId: idSchema,
        vendorId: z.string().max(100).optional(),
        price: rupees.optional(),
        quantity,
        /** The counter discount per unit, as the cashier typed it; recorded as it is, up to the shop price. */
        unitDiscount: rupees.optional(),
        /** The batch the cashier picked (its number), for a product kept in batches; else earliest expiry first. */
        batch: z.string().trim().min(1).max(40).optional(),
        /** The product's pack sold (its name, core/packs.ts): `quantity` then counts whole packs and prices are per pack. */
        pack: z.string().trim().min(1).max(40).optional(),
        /**
         * The counter discount for the whole line (per unit times quantity), as clients sent it before
         * `unitDiscount` (their sales may still be queued on a device); read only without `unitDiscount`.
         */
        discount: rupees.optional().default(0),
      }),
      { error: 'invalidShopLines' },
    )
    .min(1, { error: 'invalidShopLines' })
    .max(100),
  shippingAddress: shopAddressSchema,
  paymentStatus: z.enum(PAYMENT_STATUSES, { error: 'paymentStatusInvalid' }).optional().default('Paid'),
  /**
   * How a Paid sale was paid; a Paid sale without it is cash. Ignored for a Pending sale, except
   * 'credit': the customer's account (khata), handed over and unpaid until customer payments settle it.
   */
  paymentMethod: z.enum(SALE_PAYMENT_METHODS, { error: 'paymentMethodInvalid' }).optional(),
  /**
   * A sale paid in parts, in place of `paymentMethod` (core/split-payment.ts): two parts or more, one per
   * method, each above 0, credit only with `customerId`, adding up to the total the server works out to the
   * paisa. The sale is paid at the counter (`paymentStatus` is not read): Paid, or Pending while its UPI part
   * waits for the shop's payment provider. A credit part goes on the customer's account.
   */
  payments: z
    .array(z.object({ method: z.enum(SALE_PAYMENT_METHODS, { error: 'paymentMethodInvalid' }), amount: splitPartAmount }), {
      error: 'splitTooFewParts',
    })
    .max(SPLIT_MAX_PARTS, { error: 'splitMethodTwice' })
    .optional(),
  /** The shop customer the sale is made to (required for credit); their details go on the bill. */
  customerId: idSchema.optional(),
  /**
   * Loyalty points the customer (`customerId`, present at the counter) redeems on this bill (core/loyalty.ts): at most
   * their balance and the bill's total; taken off the lines in proportion to their totals, so GST is on what is paid.
   */
  redeemPoints: redeemPointsSchema.optional(),
  /**
   * The total the till charged (rupees), sent with every counter sale (core/pricing.ts). Where the server's total
   * differs, a sale recorded offline keeps it within a bound (else the server's stands, listed for the owner); an
   * online sale is priced by the server (server/services/sales/sale-pricing.ts keepTillTotal).
   */
  tillTotal: rupees.optional(),
  /** The cashier confirmed a credit sale that takes the customer over their credit limit. */
  confirmOverLimit: z.boolean({ error: 'mustBeTrueOrFalse' }).optional(),
  /** A manager's or the owner's PIN: a cashier's discount over the shop's limit, or credit over the customer's, needs one. */
  approval: approvalSchema.optional(),
  /** The till (POST /api/devices) that numbered the sale, and the number it gave it (core/till.ts): both or neither. */
  deviceId: idSchema.optional(),
  invoiceNumber: z.string({ error: 'tillNumberSeries' }).trim().max(40, { error: 'tillNumberSeries' }).optional(),
  /**
   * Handed over at the counter: the sale is recorded Paid and Delivered at once, so Pending Orders
   * keeps only what is still to deliver. Left out or false ("to deliver later"): it stays Pending.
   */
  handedOver: z.boolean({ error: 'mustBeTrueOrFalse' }).optional().default(false),
});
export type ShopOrderInput = z.infer<typeof shopOrderSchema>;

/** POST /api/Orders: a shop (walk-in) sale when isShop is true, otherwise a customer checkout. */
export const createOrderSchema = z.discriminatedUnion('isShop', [shopOrderSchema, customerOrderSchema]);

export const statusUpdateSchema = z.object({ status: z.enum(ORDER_STATUSES, { error: 'statusInvalid' }) });
/** Mark Delivered; `cashCollected` records that the rider took the order's total in cash (the order becomes Paid). */
export const markDeliveredSchema = z.object({
  orderId: idSchema,
  cashCollected: z.boolean({ error: 'mustBeTrueOrFalse' }).optional(),
  /** When the rider tapped Mark Delivered (offline: sent later): the delivered time and the invoice date. */
  at: actTimeSchema,
});
/** POST /api/Orders/:id/void: why a counter sale is voided (core/sale-void). */
export const voidSaleSchema = z.object({
  reason: z
    .string({ error: 'voidReasonLength' })
    .trim()
    .min(VOID_REASON_MIN, { error: 'voidReasonLength' })
    .max(VOID_REASON_MAX, { error: 'voidReasonLength' }),
  /** When the void was confirmed on the device: the voided time. */
  at: actTimeSchema,
  /** A manager's or the owner's PIN: a cashier's void needs one (core/approvals.ts). */
  approval: approvalSchema.optional(),
});
export const pendingByAreaSchema = z.object({
  area: z.string({ error: 'areaRequired' }).trim().min(1, { error: 'areaRequired' }).max(100, { error: 'tooLong' }),
});
/**
 * POST /api/Orders/pending-by-area/cards: what an area's card shows, and no more (the app's list; the spec's
 * route above answers whole orders). A card's lines and the rest of the order come from POST /api/Orders/details.
 */
export const areaOrderCard = z.object({
  _id: z.string(),
  orderNumber: z.number(),
  invoiceNumber: z.string().nullable(),
  status: z.enum(ORDER_STATUSES),
  createdAt: z.string(),
  /** The customer's name and email; null name: a walk-in sale (no customer account). */
  customerName: z.string().nullable(),
  customerEmail: z.string(),
  /** The delivery address on one line (core/order-address), '' when the order has none. */
  address: z.string(),
  /** The phone to call: the delivery address's, else the customer's ('' when none). */
  phone: z.string(),
  shopName: z.string(),
  /** What the customer pays (rupees) and whether it is paid: Mark Delivered asks about cash from them. */
  totalPayable: z.number(),
  paymentStatus: z.string(),
  /** How many lines the order has (the lines themselves come with its details). */
  lines: z.number().int().nonnegative(),
});
export type AreaOrderCard = z.infer<typeof areaOrderCard>;
export const areaCardsResponse = z.array(areaOrderCard);

/** Most orders POST /api/Orders/details answers at once (an area's list is capped at 500 too). */
export const ORDER_DETAILS_MAX = 500;
/** POST /api/Orders/details: whole orders by id, for a rider's device to keep (ids it cannot find are left out). */
export const orderDetailsSchema = z.object({ ids: z.array(idSchema).min(1).max(ORDER_DETAILS_MAX) });

/** GET /api/Orders/area-counts: every delivery area (as GET /users/misc/areas names them) with its pending orders' count. */
export const areaCountsResponse = z.object({
  areas: z.array(z.object({ area: z.string(), pending: z.number().int().nonnegative() })),
});
export type AreaCounts = z.infer<typeof areaCountsResponse>;

const dateQuery = z.preprocess((v) => (v === '' ? undefined : v), daySchema.optional());

/** The Customer filter's value for walk-in (shop) sales, which have no customer account. */
export const WALK_IN_CUSTOMER = 'walk-in';

export const vendorOrdersQuery = z.object({
  page: pageNumber(1),
  limit: pageSize(10, 100),
  customer: optionalQueryString(100),
  /** A piece of the customer's name or phone: the app customer's, the shop customer's, or the delivery phone. */
  search: optionalQueryString(100),
  product: optionalQueryString(100),
  /** An order's reference as typed (core/order-ref): "25", "#25", or a piece of an invoice number. */
  ref: optionalQueryString(60),
  startDate: dateQuery,
  endDate: dateQuery,
  /** The person who made the sale or order (a staff member's or the owner's account id). */
  staffId: staffIdQuery,
});
export type VendorOrdersQuery = z.infer<typeof vendorOrdersQuery>;

export const gstr1Query = z.object({
  startDate: daySchema,
  endDate: daySchema,
  vendorId: idSchema.optional(),
});

/** Who a party of an order is, as the API shows it. */
export const orderPartyDto = z.object({ _id: z.string(), name: z.string(), email: z.string(), phone: z.string() });
export type OrderPartyDto = z.infer<typeof orderPartyDto>;

export const orderLineDto = z.object({
  /** The product as it is now (name and image are the sale-time snapshot); _id null once the product is deleted. */
  productId: z.object({ _id: z.string().nullable(), name: z.string(), image: z.string(), images: z.array(z.string()) }),
  name: z.string(),
  /** The product's Tamil name at sale time ('' when it had none): the Tamil interface shows it. */
  nameTa: z.string(),
  image: z.string(),
  quantity: z.number(),
  /** Unit selling price and unit discount at sale time, rupees. */
  price: z.number(),
  discount: z.number(),
  lineTotal: z.number(),
  /** The product's unit at sale time (core/units); quantity is in it, or in packs of `packFactor` of it. */
  unit: z.enum(UNITS),
  /** The pack sold (quantity and price are per pack) and how many `unit` it holds; left out: sold in the unit. */
  packName: z.string().optional(),
  packFactor: z.number().optional(),
  /** The line's share of the order's delivery discount; lineTotal minus it is what GST was computed on. */
  deliveryDiscount: z.number(),
  gstRate: z.number(),
  hsnCode: z.string(),
  taxable: z.number(),
  cgst: z.number(),
  sgst: z.number(),
  igst: z.number(),
  /** The line's share of the loyalty points redeemed on the bill, already off lineTotal; left out: none. */
  pointsDiscount: z.number().optional(),
  /** The price list that set the price (core/pricing.ts); left out: the selling price. */
  priceListName: z.string().optional(),
  /** The scheme the line took part in and its share of the scheme's discount, already off lineTotal; left out: none. */
  schemeName: z.string().optional(),
  schemeDiscount: z.number().optional(),
  /** A product kept in batches: the batches the line took, their expiry day (YYYY-MM-DD) and how much, in the unit; left out: none. */
  batches: z.array(z.object({ number: z.string(), expiry: z.string().nullable(), quantity: z.number() })).optional(),
});
export type OrderLineDto = z.infer<typeof orderLineDto>;

/** An order as every /api/Orders call returns it (money in rupees). */
export const orderDto = z.object({
  _id: z.string(),
  orderNumber: z.number(),
  /**
   * The vendor's invoice number (PREFIX/26/000123, before MS/2026-27/000123; orders made before the series: their order
   * number). Null while a pending unpaid order has none: it is numbered when delivered (core/invoice).
   */
  invoiceNumber: z.string().nullable(),
  /** When the invoice was issued: the sale time, or the delivery time for an order numbered then; null without a number. */
  invoiceDate: z.string().nullable(),
  customerId: orderPartyDto.nullable(),
  /**
   * Who the order is for, as every list and page names it: the app customer who ordered, else the shop
   * customer the sale was made to (as saved now); null for a walk-in sale ("Walk-in customer").
   */
  customer: z.object({ name: z.string(), phone: z.string() }).nullable(),
  /** The seller; its GSTIN, address (first saved one) and UPI ID ('' when none) go on the printed bill. */
  vendorId: z.object({
    _id: z.string(),
    name: z.string(),
    shopName: z.string(),
    gstNumber: z.string(),
    address: z.string(),
    upiId: z.string(),
  }),
  createdBy: z.string().nullable(),
  status: z.enum(ORDER_STATUSES),
  products: z.array(orderLineDto),
  productDetails: z.array(z.string()),
  /** Items price: sum of line totals, net of per-unit discounts. */
  totalAmount: z.number(),
  totalDiscount: z.number(),
  totalDeliveryDiscount: z.number(),
  /** totalAmount - totalDeliveryDiscount. */
  totalPayable: z.number(),
  /** Loyalty points redeemed on the bill (their value is off the lines' totals) and earned by it; left out: none. */
  pointsRedeemed: z.number().optional(),
  pointsEarned: z.number().optional(),
  shippingAddress: storedAddressSchema.partial(),
  area: z.string(),
  paymentStatus: z.string(),
  /**
   * How a Paid order was paid, 'credit' for a sale on the customer's account, 'split' for a sale paid in
   * parts (`payments`); null while unpaid or when not recorded.
   */
  paymentMethod: z.enum(ORDER_PAYMENT_METHODS).nullable(),
  /**
   * A split sale's parts (rupees), cash, UPI, card, credit in that order; null for any other sale (its
   * `paymentMethod` says how it was paid).
   */
  payments: z.array(z.object({ method: z.enum(SALE_PAYMENT_METHODS), amount: z.number() })).nullable(),
  /** The shop's own customer the sale was made to (GET /api/customers/:id); null: none named. */
  shopCustomerId: z.string().nullable(),
  /** The buyer printed on the bill, as at sale time; with a GSTIN the bill is a tax invoice. Null: none. */
  buyer: z.object({ name: z.string(), phone: z.string(), gstin: z.string(), address: z.string(), stateCode: z.string() }).nullable(),
  /** The GST state code of the place of supply ('33' Tamil Nadu unless goods were sent to another state). */
  placeOfSupply: z.string(),
  /** The language the bill opens in (core/bill-language.ts): the customer's, English for a buyer from another state; null: the reader's. */
  billLanguage: z.enum(['en', 'ta']).nullable(),
  isShop: z.boolean(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
  /**
   * When the server received the sale (receivedAt) or the delivery (deliveredReceivedAt), present only
   * when it came a minute or more after its recorded time (core/act-time.ts sentLater): recorded offline.
   */
  receivedAt: z.string().optional(),
  deliveredReceivedAt: z.string().optional(),
  /** When a counter sale was voided (core/sale-void) and why; null for a sale that stands. */
  voidedAt: z.string().nullable(),
  voidReason: z.string().nullable(),
  /** Who made the sale or order (a shop's staff member by the name the shop knows them by); null for an old row. */
  by: byDto.nullable(),
  /** Who voided it. */
  voidedBy: byDto.nullable(),
  /** How its UPI payment was confirmed: by the shop's payment provider or by a person (core/schemas/payment.ts); null: none recorded. */
  payment: orderPaymentDto.nullable(),
  /** The e-way bill number entered back (core/eway-bill.ts); null: none. */
  ewayBill: ewayBillDto,
  /** The e-invoice's IRN and signed QR entered back (core/einvoice.ts); null: none. */
  einvoice: einvoiceDto,
});
export type OrderDto = z.infer<typeof orderDto>;

/** POST /api/Orders: the orders made (one per vendor; one for a shop sale). */
export const createOrderResponse = z.object({ orders: z.array(orderDto), order: orderDto.optional() });
/** GET /api/Orders/vendor: one page of the vendor's orders. */
export const vendorOrdersPage = z.object({
  orders: z.array(orderDto),
  totalPages: z.number(),
  page: z.number(),
  total: z.number(),
  /** What every order the filters match comes to (all pages), in rupees: the period's total. */
  periodTotal: z.number(),
});
export type VendorOrdersPage = z.infer<typeof vendorOrdersPage>;
/** Mark Delivered and status changes answer the order as it is now. */
export const orderChangedResponse = messageResponse.extend({ order: orderDto });

/** GET /api/Orders/vendor/customers: who bought from the vendor (the Customer filter). */
export const orderCustomersResponse = z.array(orderPartyDto);
/** GET /api/Orders/vendor/:id/distinct-products: what the vendor sold (the Product filter). */
export const orderProductsResponse = z.array(z.object({ productId: z.string(), name: z.string() }));

const gstAmounts = { taxable: z.number(), igst: z.number(), cgst: z.number(), sgst: z.number() };
const gstr1Invoice = z.object({
  number: z.string(),
  /** dd-mm-yyyy, as the portal writes dates. */
  date: z.string(),
  value: z.number(),
  placeOfSupply: z.string(),
  supplyType: z.string(),
  buyerGstin: z.string(),
  buyerName: z.string(),
  items: z.array(z.object({ rate: z.number(), ...gstAmounts })),
});
const gstr1Note = gstr1Invoice.extend({ invoiceNumber: z.string(), invoiceDate: z.string() });
const gstr1Hsn = z.object({
  hsn: z.string(),
  description: z.string(),
  uqc: z.string(),
  rate: z.number(),
  quantity: z.number(),
  totalValue: z.number(),
  ...gstAmounts,
});
/** GET /api/Orders/gstr1/report: the GSTR-1 summary of a vendor for a period, with its CSV and portal JSON. */
export const gstr1ReportResponse = z.object({
  vendor: z.object({ _id: z.string(), name: z.string(), gstNumber: z.string(), shopName: z.string() }),
  period: z.object({ startDate: z.string(), endDate: z.string(), fp: z.string(), timezone: z.string() }),
  b2cs: z.array(z.object({ supplyType: z.string(), placeOfSupply: z.string(), rate: z.number(), ...gstAmounts })),
  /** Table 8: nil-rated supplies, to registered (B2B) or unregistered buyers, intra- or inter-state. */
  nil: z.array(z.object({ supplyType: z.string(), registered: z.boolean(), nilRated: z.number() })),
  /** Table 4: invoices to buyers with a GSTIN, their taxable lines per rate. */
  b2b: z.array(gstr1Invoice),
  /** Table 5: inter-state invoices to unregistered buyers above the B2CL limit. */
  b2cl: z.array(gstr1Invoice),
  /** Table 9B: credit notes against B2B invoices (CDNR) and against B2CL invoices (CDNUR). */
  cdnr: z.array(gstr1Note),
  cdnur: z.array(gstr1Note),
  /** Table 12, net of the credit notes: both tabs together, then the B2B and B2C tabs. */
  hsn: z.array(gstr1Hsn),
  hsnB2b: z.array(gstr1Hsn),
  hsnB2c: z.array(gstr1Hsn),
  /** Document summary (table 13): one row per invoice series used in the period. */
  docs: z.array(
    z.object({ series: z.string(), from: z.string(), to: z.string(), count: z.number(), cancelled: z.number(), netIssued: z.number() }),
  ),
  /** Table 13's credit notes: one row per credit note series used in the period. */
  creditNoteDocs: z.array(
    z.object({ series: z.string(), from: z.string(), to: z.string(), count: z.number(), cancelled: z.number(), netIssued: z.number() }),
  ),
  totals: z.object({
    ...gstAmounts,
    tax: z.number(),
    totalValue: z.number(),
    sales: z.number(),
    /** The total quantity when all lines share one UQC, else null (different units are never added). */
    quantity: z.number().nullable(),
    /** The total quantity per UQC. */
    quantities: z.array(z.object({ uqc: z.string(), quantity: z.number() })),
    invoices: z.number(),
    creditNotes: z.number(),
    /** What the credit notes of the period refunded, tax included. */
    creditNotesValue: z.number(),
  }),
  warnings: z.array(codedMessage),
  portalJson: z.record(z.string(), z.unknown()),
  csv: z.string(),
});
export type Gstr1Report = z.infer<typeof gstr1ReportResponse>;

/** GET /api/Orders/vendor/day-summary: one India-time day of a vendor (admin names the vendor). */
export const daySummaryQuery = z.object({
  date: daySchema,
  vendorId: idSchema.optional(),
  /** One person's sales, payments and returns only: the owner's id or a staff member's `_id`. */
  staffId: staffIdQuery,
});

/** Refunds by method: money back (cash, UPI, card) or off the customer's balance (credit). */
const refundTotals = z.object({ cash: z.number(), upi: z.number(), card: z.number(), credit: z.number() });
const paymentTotals = z.object({ cash: z.number(), upi: z.number(), card: z.number(), credit: z.number(), unpaid: z.number() });
/** The day's close (money in rupees): sales, gross, discounts and net, by payment, tax by rate, the invoice numbers used. */
export const daySummaryResponse = z.object({
  vendor: z.object({ _id: z.string(), name: z.string(), shopName: z.string() }),
  /** The person whose sales, payments and returns these are (`staffId`); null: everyone's. */
  staff: byDto.nullable(),
  date: z.string(),
  timezone: z.string(),
  sales: z.number(),
  gross: z.number(),
  lineDiscounts: z.number(),
  deliveryDiscounts: z.number(),
  discounts: z.number(),
  net: z.number(),
  /** The day's sales by how they were paid; a split sale's parts each in their own method (paymentCounts: parts). */
  payments: paymentTotals,
  paymentCounts: paymentTotals,
  /**
   * payments.upi by who confirmed it: the shop's payment provider (its webhook, or its payments read back),
   * or by hand (a person signed for it, or the cashier took it at a shop without a provider).
   */
  upiConfirmed: z.object({ provider: z.number(), byHand: z.number() }),
  taxByRate: z.array(z.object({ rate: z.number(), charged: z.number(), tax: z.number(), ...gstAmounts })),
  firstInvoice: z.string(),
  lastInvoice: z.string(),
  cancelledInvoices: z.number(),
  /**
   * Each invoice series used that day (the vendor's and each till's, core/till.ts) with its first and last
   * number; firstInvoice and lastInvoice above are the vendor's own series' when it has any that day.
   */
  invoiceSeries: z.array(
    z.object({ series: z.string(), from: z.string(), to: z.string(), count: z.number(), cancelled: z.number(), netIssued: z.number() }),
  ),
  /** The day's voided counter sales: not in the sales above; each with its cancelled invoice number. */
  voids: z.object({
    count: z.number(),
    amount: z.number(),
    orders: z.array(z.object({ _id: z.string(), invoiceNumber: z.string().nullable(), amount: z.number(), reason: z.string() })),
  }),
  /** The day's returns (credit notes issued that day) by refund method, and the day's net after them. */
  refunds: z.object({
    count: z.number(),
    amount: z.number(),
    byMethod: refundTotals,
    counts: refundTotals,
    netAfterRefunds: z.number(),
    notes: z.array(
      z.object({
        _id: z.string(),
        number: z.string(),
        orderId: z.string(),
        invoiceNumber: z.string().nullable(),
        refundMethod: z.enum(REFUND_METHODS),
        amount: z.number(),
      }),
    ),
  }),
  /** Money customers paid that day towards their credit (khata) dues, by method. */
  creditCollected: z.object({ cash: z.number(), upi: z.number(), card: z.number(), total: z.number(), count: z.number() }),
  /**
   * Credit given that day: the credit sales whose goods left that day (handed over, or delivered), as the
   * customers' ledgers date them (docs/khata.md). payments.credit is the day's sales made on the account.
   */
  creditGiven: z.object({
    amount: z.number(),
    count: z.number(),
    /** Each such sale with the customer it went to, oldest first. */
    orders: z.array(
      z.object({ _id: z.string(), invoiceNumber: z.string().nullable(), customer: z.string(), phone: z.string(), amount: z.number() }),
    ),
  }),
  /**
   * Cash on delivery taken by riders (core/rider-cash.ts): collected on the shop's orders they delivered
   * that day, handed over to the shop that day, and held by riders at the day's end (from every day).
   */
  cod: z.object({ collected: z.number(), handedOver: z.number(), withRiders: z.number() }),
  /** The tills' shifts opened that day, each with what its drawer should hold, what was counted and the difference (core/shift.ts). */
  shifts: z.array(dayShiftDto),
});
export type DaySummary = z.infer<typeof daySummaryResponse>;
