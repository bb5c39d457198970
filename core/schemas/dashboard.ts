import { z } from 'zod';
import { byDto, daySchema, idSchema, staffIdQuery } from './common';

/**
 * The owner's week and the admin's picture of the marketplace (money in rupees, India-time days).
 * GET /api/reports/vendor/summary and GET /api/reports/admin/summary.
 */

/** At most this many days in one summary (a quarter). */
export const SUMMARY_MAX_DAYS = 92;

const range = { from: daySchema, to: daySchema };

/**
 * Vendor: its own figures (a vendorId of another is 403); admin: names the vendor. `staffId`: one
 * person's sales and returns only (the owner's id or a staff member's `_id`).
 */
export const vendorSummaryQuery = z.object({ ...range, vendorId: idSchema.optional(), staffId: staffIdQuery });
export const adminSummaryQuery = z.object(range);

const paymentSplit = z.object({ cash: z.number(), upi: z.number(), card: z.number(), credit: z.number(), unpaid: z.number() });
const channel = z.object({ count: z.number(), net: z.number() });

export const vendorSummaryResponse = z.object({
  vendor: z.object({ _id: z.string(), name: z.string(), shopName: z.string() }),
  /** The person whose sales and returns these are (`staffId`); null: everyone's. Dues and low stock are the shop's. */
  staff: byDto.nullable(),
  from: z.string(),
  to: z.string(),
  timezone: z.string(),
  /** When the server computed these figures (the web shows it when they are read offline). */
  generatedAt: z.string(),
  /** The range's figures, counted as the day close counts them (voided sales out, credit sales in). */
  totals: z.object({
    sales: z.number(),
    net: z.number(),
    refunds: z.number(),
    netAfterRefunds: z.number(),
    counter: channel,
    delivery: channel,
  }),
  /** Every day of the range, oldest first, zeros included: each day's net equals that day's close. */
  byDay: z.array(
    z.object({ date: z.string(), sales: z.number(), net: z.number(), refunds: z.number(), counter: z.number(), delivery: z.number() }),
  ),
  /** The 24 hours of the range's last day (today, when `to` is today). */
  byHour: z.array(z.object({ hour: z.number(), sales: z.number(), net: z.number() })),
  payments: paymentSplit,
  paymentCounts: paymentSplit,
  /** Best sellers by net value (at most 10). */
  topProducts: z.array(
    z.object({
      productId: z.string().nullable(),
      name: z.string(),
      nameTa: z.string(),
      quantity: z.string(),
      unit: z.string(),
      net: z.number(),
    }),
  ),
  /** Gross margin on the lines whose product has a known cost; the rest are counted, not guessed. */
  margin: z.object({
    revenue: z.number(),
    cost: z.number(),
    margin: z.number(),
    percent: z.number().nullable(),
    linesWithCost: z.number(),
    linesWithoutCost: z.number(),
  }),
  /** Credit (khata) dues outstanding now; null when the shop has never sold on credit. */
  dues: z.object({ outstanding: z.number(), customers: z.number(), overdue: z.number() }).nullable(),
  /** Products at or below their reorder level now (at most 10, the emptiest first). */
  lowStock: z.array(
    z.object({
      productId: z.string(),
      name: z.string(),
      nameTa: z.string(),
      inStock: z.string(),
      reorderLevel: z.string(),
      unit: z.string(),
    }),
  ),
});
export type VendorSummary = z.infer<typeof vendorSummaryResponse>;

export const adminSummaryResponse = z.object({
  from: z.string(),
  to: z.string(),
  timezone: z.string(),
  generatedAt: z.string(),
  totals: z.object({ orders: z.number(), value: z.number() }),
  byVendor: z.array(z.object({ vendorId: z.string(), shopName: z.string(), orders: z.number(), value: z.number() })),
  /** Delivery orders by their area (counter sales have none). */
  byArea: z.array(z.object({ area: z.string(), orders: z.number(), value: z.number() })),
  /** Orders by weekday (0 = Monday ... 6 = Sunday, India time) and hour: 7 rows of 24. */
  heatmap: z.array(z.array(z.number())),
});
export type AdminSummary = z.infer<typeof adminSummaryResponse>;
