import { z } from 'zod';
import { DEBIT_NOTE_REASON_MAX } from '../debit-note';
import { PURCHASE_LINES_MAX } from '../purchase';
import { hasAtMost3Decimals, MAX_QUANTITY, UNITS } from '../units';
import { actTimeSchema, blankToUndefined, byDto, idSchema } from './common';
import { ewayBillQuery } from './eway-einvoice';
import { supplierDto } from './purchase';

/** A returned quantity in the product's unit: above 0, at most 3 decimals (whole pieces: the server checks the unit). */
const returnQuantity = z
  .number({ error: 'quantityPositive' })
  .gt(0, { error: 'quantityPositive' })
  .max(MAX_QUANTITY, { error: 'quantityTooLarge' })
  .refine(hasAtMost3Decimals, { error: 'quantityDecimals' });

/**
 * POST /api/purchases/:id/returns: goods sent back to the supplier of a bill, at most what was received
 * less what was returned before. `_id` is the client-made debit note id, so a replayed return (the
 * outbox, a double tap) makes one note; `at` is when it was recorded on the device (the note's date).
 */
export const createDebitNoteSchema = z.object({
  _id: idSchema.optional(),
  lines: z
    .array(z.object({ productId: idSchema, quantity: returnQuantity }), { error: 'debitNoteLinesRequired' })
    .min(1, { error: 'debitNoteLinesRequired' })
    .max(PURCHASE_LINES_MAX, { error: 'tooManyItems' }),
  reason: z.preprocess(blankToUndefined, z.string({ error: 'tooLong' }).trim().max(DEBIT_NOTE_REASON_MAX, { error: 'tooLong' }).optional()),
  at: actTimeSchema,
});
export type CreateDebitNoteInput = z.infer<typeof createDebitNoteSchema>;

const taxFields = { taxable: z.number(), cgst: z.number(), sgst: z.number(), igst: z.number(), total: z.number() };

/** One returned line (money in rupees). */
export const debitNoteLineDto = z.object({
  /** null once the product is deleted (the name stays). */
  productId: z.string().nullable(),
  name: z.string(),
  unit: z.enum(UNITS),
  quantity: z.number(),
  /** Rupees per unit before GST, as on the bill. */
  unitCost: z.number(),
  gstRate: z.number(),
  ...taxFields,
});

/** A debit note as the API returns it, with what the print needs (money in rupees). */
export const debitNoteDto = z.object({
  _id: z.string(),
  vendorId: z.string(),
  /** The shop: its name, GSTIN and address as the note prints them. */
  shop: z.object({ name: z.string(), gstin: z.string(), address: z.string() }),
  purchaseId: z.string(),
  supplier: supplierDto,
  billNumber: z.string(),
  billDate: z.string(),
  /** Its number in the shop's debit note series (HEAD-DN/YY/NNNNNN). */
  number: z.string(),
  /** The India-time day of the return (YYYY-MM-DD): its input GST is reversed in that month. */
  noteDate: z.string(),
  interState: z.boolean(),
  reason: z.string(),
  lines: z.array(debitNoteLineDto),
  ...taxFields,
  createdAt: z.string(),
  by: byDto.nullable(),
  /** The e-way bill number the portal gave for the returned goods, entered back (docs/eway-bill.md); null: none. */
  ewayBill: z.object({ number: z.string(), at: z.string() }).nullable(),
});
export type DebitNoteDto = z.infer<typeof debitNoteDto>;

/**
 * GET /api/debit-notes/:id/eway-bill: Part B as for a sale (transMode, transDistance, vehicleNo), and
 * toPincode: the supplier's 6-digit pincode where the goods go back (the shop keeps no supplier address).
 */
export const debitNoteEwayQuery = ewayBillQuery.extend({
  toPincode: z.preprocess(
    (v) => (typeof v === 'string' ? blankToUndefined(v.trim()) : v),
    z
      .string({ error: 'ewayBillSupplierPincode' })
      .regex(/^[1-9]\d{5}$/, { error: 'ewayBillSupplierPincode' })
      .optional(),
  ),
});
export type DebitNoteEwayQuery = z.infer<typeof debitNoteEwayQuery>;
