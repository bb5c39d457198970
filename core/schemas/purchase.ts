import { z } from 'zod';
import { normalizeGstin } from '../gstin';
import { purchaseBatchInput } from './batch';
import { TEN_DIGIT_PHONE } from '../phone';
import {
  BILL_NUMBER_MAX,
  CANCEL_REASON_MAX,
  CANCEL_REASON_MIN,
  isGstSlab,
  PURCHASE_LINES_MAX,
  SUPPLIER_NAME_MAX,
  supplierGstinCode,
} from '../purchase';
import { istDayOf } from '../sale-void';
import { PAYMENT_STATES } from '../supplier-payables';
import { hasAtMost3Decimals, MAX_QUANTITY, UNITS } from '../units';
import { blankToUndefined, byDto, daySchema, idSchema } from './common';

export const supplierInput = z.object({
  name: z
    .string({ error: 'supplierNameRequired' })
    .trim()
    .min(1, { error: 'supplierNameRequired' })
    .max(SUPPLIER_NAME_MAX, { error: 'tooLong' }),
  phone: z.preprocess(
    blankToUndefined,
    z.string({ error: 'invalidPhone' }).trim().regex(TEN_DIGIT_PHONE, { error: 'invalidPhone' }).optional(),
  ),
  gstin: z.preprocess(
    (v) => (typeof v === 'string' ? blankToUndefined(normalizeGstin(v)) : blankToUndefined(v)),
    z
      .string({ error: 'gstinFormat' })
      .superRefine((v, ctx) => {
        const code = supplierGstinCode(v);
        if (code) ctx.addIssue({ code: 'custom', message: code });
      })
      .optional(),
  ),
});

/** A bill line: quantity in the product's unit (whole or up to 3 decimals: the server checks the unit), unit cost in rupees before GST. */
export const purchaseLineInput = z.object({
  productId: idSchema,
  quantity: z
    .number({ error: 'quantityPositive' })
    .gt(0, { error: 'quantityPositive' })
    .max(MAX_QUANTITY, { error: 'quantityTooLarge' })
    .refine(hasAtMost3Decimals, { error: 'quantityDecimals' }),
  unitCost: z
    .number({ error: 'unitCostInvalid' })
    .min(0, { error: 'unitCostInvalid' })
    .max(10_000_000, { error: 'unitCostInvalid' })
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, { error: 'unitCostInvalid' }),
  gstRate: z.number({ error: 'gstRateSlab' }).refine(isGstSlab, { error: 'gstRateSlab' }),
  /** The batch received (required for a product kept in batches: core/schemas/batch.ts). */
  batch: purchaseBatchInput.optional(),
  /** The product's pack bought (its name, core/packs.ts): `quantity` then counts whole packs and `unitCost` is per pack. */
  pack: z.string().trim().min(1).max(40).optional(),
});

/** POST /api/purchases: goods received on a supplier's bill. The bill date is an India-time day, not after today. */
export const createPurchaseSchema = z.object({
  supplier: supplierInput,
  billNumber: z
    .string({ error: 'billNumberRequired' })
    .trim()
    .min(1, { error: 'billNumberRequired' })
    .max(BILL_NUMBER_MAX, { error: 'tooLong' }),
  billDate: daySchema.refine((d) => d <= istDayOf(new Date()), { error: 'billDateFuture' }),
  lines: z
    .array(purchaseLineInput, { error: 'purchaseLinesRequired' })
    .min(1, { error: 'purchaseLinesRequired' })
    .max(PURCHASE_LINES_MAX, { error: 'tooManyItems' }),
  /** A receipt of this purchase order (the shop's, of the same supplier): its lines count against the order. */
  purchaseOrderId: idSchema.optional(),
});
export type CreatePurchaseInput = z.infer<typeof createPurchaseSchema>;

/** POST /api/purchases/:id/cancel */
export const cancelPurchaseSchema = z.object({
  reason: z
    .string({ error: 'cancelReasonLength' })
    .trim()
    .min(CANCEL_REASON_MIN, { error: 'cancelReasonLength' })
    .max(CANCEL_REASON_MAX, { error: 'cancelReasonLength' }),
});

/** GET /api/purchases and /api/purchases/input-gst: bill dates from..to (India-time days, both included). */
export const purchaseRangeQuery = z.object({
  from: z.preprocess(blankToUndefined, daySchema.optional()),
  to: z.preprocess(blankToUndefined, daySchema.optional()),
});

export const supplierDto = z.object({ _id: z.string(), name: z.string(), phone: z.string(), gstin: z.string() });
export type SupplierDto = z.infer<typeof supplierDto>;

const taxFields = { taxable: z.number(), cgst: z.number(), sgst: z.number(), igst: z.number(), total: z.number() };

export const purchaseLineDto = z.object({
  /** null once the product is deleted (the name stays). */
  productId: z.string().nullable(),
  name: z.string(),
  unit: z.enum(UNITS),
  quantity: z.number(),
  /** Rupees per unit, before GST. */
  unitCost: z.number(),
  gstRate: z.number(),
  ...taxFields,
  /** What debit notes sent back of it so far (the product's unit): received less this may still be returned. */
  returned: z.number(),
  /** The pack bought (quantity and unitCost are per pack) and how many `unit` it holds; left out: bought in the unit. */
  packName: z.string().optional(),
  packFactor: z.number().optional(),
});

/** A debit note of the bill as the bill lists it (core/schemas/debit-note.ts has the whole note). */
export const debitNoteRefDto = z.object({ _id: z.string(), number: z.string(), noteDate: z.string(), total: z.number() });
export type DebitNoteRefDto = z.infer<typeof debitNoteRefDto>;

/** A purchase as the API returns it (money in rupees). */
export const purchaseDto = z.object({
  _id: z.string(),
  vendorId: z.string(),
  supplier: supplierDto,
  billNumber: z.string(),
  billDate: z.string(),
  /** IGST (a supplier of another state) rather than CGST + SGST. */
  interState: z.boolean(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  /** Who entered the bill; null for an old row. */
  by: byDto.nullable(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  lines: z.array(purchaseLineDto),
  ...taxFields,
  /** What payments to the supplier settled on it (rupees; server/services/suppliers). */
  paid: z.number(),
  /** What its debit notes took off it (rupees): what is owed on it is total less paid less this. */
  returned: z.number(),
  paymentState: z.enum(PAYMENT_STATES),
  /** Its debit notes (goods returned to the supplier), oldest first. */
  debitNotes: z.array(debitNoteRefDto),
});
export type PurchaseDto = z.infer<typeof purchaseDto>;

/** A list row: the purchase without its lines. */
export const purchaseSummaryDto = purchaseDto.omit({ lines: true, debitNotes: true }).extend({ lineCount: z.number() });
export type PurchaseSummaryDto = z.infer<typeof purchaseSummaryDto>;

export const cancelPurchaseResponse = z.object({ message: z.string(), code: z.string(), purchase: purchaseDto });
export type CancelPurchaseResponse = z.infer<typeof cancelPurchaseResponse>;

/** Input GST for the accountant: per rate, what was bought (not cancelled) in the period. */
export const inputGstRow = z.object({ rate: z.number(), ...taxFields });
export const inputGstResponse = z.object({ rows: z.array(inputGstRow), totals: z.object(taxFields) });
export type InputGstResponse = z.infer<typeof inputGstResponse>;
