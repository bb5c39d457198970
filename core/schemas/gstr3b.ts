import { z } from 'zod';
import { codedMessage, idSchema } from './common';

/** GET /api/reports/gstr3b?month=YYYY-MM[&vendorId][&format=csv]: a shop's GSTR-3B for one month (India time). */
export const gstr3bQuery = z.object({
  month: z.string({ error: 'monthInvalid' }).regex(/^(20\d\d|2100)-(0[1-9]|1[0-2])$/, { error: 'monthInvalid' }),
  vendorId: idSchema.optional(),
  format: z.enum(['json', 'csv'], { error: 'optionInvalid' }).default('json'),
});

const supply = z.object({ taxable: z.number(), igst: z.number(), cgst: z.number(), sgst: z.number() });
const heads = z.object({ igst: z.number(), cgst: z.number(), sgst: z.number() });
const tax = z.object({ iamt: z.number(), camt: z.number(), samt: z.number(), csamt: z.number() });
const supplyJson = tax.extend({ txval: z.number() });

/** GSTN's GSTR-3B JSON (rupees, 2 decimals), as the portal takes it. */
export const gstr3bPortalJson = z.object({
  gstin: z.string(),
  ret_period: z.string(),
  sup_details: z.object({
    osup_det: supplyJson,
    osup_zero: z.object({ txval: z.number(), iamt: z.number(), csamt: z.number() }),
    osup_nil_exmp: z.object({ txval: z.number() }),
    isup_rev: supplyJson,
    osup_nongst: z.object({ txval: z.number() }),
  }),
  inter_sup: z.object({
    unreg_details: z.array(z.object({ pos: z.string(), txval: z.number(), iamt: z.number() })),
    comp_details: z.array(z.object({ pos: z.string(), txval: z.number(), iamt: z.number() })),
    uin_details: z.array(z.object({ pos: z.string(), txval: z.number(), iamt: z.number() })),
  }),
  itc_elg: z.object({
    itc_avl: z.array(tax.extend({ ty: z.enum(['IMPG', 'IMPS', 'ISRC', 'ISD', 'OTH']) })),
    itc_rev: z.array(tax.extend({ ty: z.enum(['RUL', 'OTH']) })),
    itc_net: tax,
    itc_inelg: z.array(tax.extend({ ty: z.enum(['RUL', 'OTH']) })),
  }),
  inward_sup: z.object({
    isup_details: z.array(z.object({ ty: z.enum(['GST', 'NONGST']), inter: z.number(), intra: z.number() })),
  }),
});

/** The report as the page shows it (rupees), with the portal's JSON. */
export const gstr3bReport = z.object({
  vendor: z.object({ _id: z.string(), name: z.string(), gstNumber: z.string(), shopName: z.string() }),
  period: z.object({ month: z.string(), startDate: z.string(), endDate: z.string(), retPeriod: z.string(), timezone: z.string() }),
  /** Table 3.1 */
  outward: z.object({
    taxable: supply,
    zeroRated: supply,
    nilExempt: z.number(),
    reverseCharge: supply,
    nonGst: z.number(),
  }),
  /** Table 3.2: inter-state taxable supplies to unregistered persons, per place of supply. */
  interState: z.array(z.object({ placeOfSupply: z.string(), taxable: z.number(), igst: z.number() })),
  /** Table 4: 4(A)(5) from purchases and expenses, 4(B)(2) reversed by debit notes, 4(C) net. */
  itc: z.object({ purchases: heads, expenses: heads, available: heads, reversed: heads, net: heads }),
  /** Table 5: nil-rated goods bought from registered suppliers. */
  nilInward: z.object({ inter: z.number(), intra: z.number() }),
  /** Table 6.1: per head, what is payable, what each credit pays of it, and the cash. */
  payable: z.array(z.object({ head: z.enum(['igst', 'cgst', 'sgst']), payable: z.number(), paid: heads, cash: z.number() })),
  creditLeft: heads,
  counts: z.object({ invoices: z.number(), creditNotes: z.number(), purchases: z.number(), expenses: z.number() }),
  warnings: z.array(codedMessage),
  portalJson: gstr3bPortalJson,
});
export type Gstr3bReport = z.infer<typeof gstr3bReport>;

/** The answer: the report, or with format=csv the CSV file (text/csv, UTF-8 with a byte-order mark). */
export const gstr3bResponse = z.union([gstr3bReport, z.string().describe('GSTR-3B as CSV (format=csv)')]);
