import { einvoiceDto } from './eway-einvoice';
import { z } from 'zod';
import { approvalSchema } from './approval';
import { REFUND_METHODS } from '../payments';
import { hasAtMost3Decimals, MAX_QUANTITY, UNITS } from '../units';
import { actTimeSchema, blankToUndefined, byDto, daySchema, idSchema } from './common';
import { orderDto } from './order';

/** At most this many lines in one return (an order holds at most 100). */
const RETURN_LINES_MAX = 100;

/** A returned quantity in the line's unit: above 0, at most 3 decimals (whole pieces: the server checks the unit). */
const returnQuantity = z
  .number({ error: 'quantityPositive' })
  .gt(0, { error: 'quantityPositive' })
  .max(MAX_QUANTITY, { error: 'quantityTooLarge' })
  .refine(hasAtMost3Decimals, { error: 'quantityDecimals' });

/**
 * POST /api/Orders/:id/returns: goods back from the customer of a delivered sale. `restock` puts
 * them back in stock; false records them as damaged. `_id` is the client-made credit note id, so a
 * replayed return (the outbox, a double tap) makes one note.
 */
export const createReturnSchema = z.object({
  _id: idSchema.optional(),
  lines: z
    .array(
      z.object({
        productId: idSchema,
        quantity: returnQuantity,
        /** The sale line's pack (a product sold in bags and loose on one bill): that line; absent: the base-unit line, else the product's first. */
        pack: z.string().trim().min(1).max(40).optional(),
      }),
      { error: 'returnLinesRequired' },
    )
    .min(1, { error: 'returnLinesRequired' })
    .max(RETURN_LINES_MAX, { error: 'tooManyItems' }),
  refundMethod: z.enum(REFUND_METHODS, { error: 'refundMethodInvalid' }),
  restock: z.boolean({ error: 'mustBeTrueOrFalse' }),
  /** When the return was recorded on the device (offline: sent later): the credit note's date and its series' year. */
  at: actTimeSchema,
  /** A manager's or the owner's PIN: a cashier's return over the shop's amount needs one (core/approvals.ts). */
  approval: approvalSchema.optional(),
});
export type CreateReturnInput = z.infer<typeof createReturnSchema>;

/** GET /api/credit-notes: notes dated from..to (India-time days, both included). */
export const creditNoteRangeQuery = z.object({
  from: z.preprocess(blankToUndefined, daySchema.optional()),
  to: z.preprocess(blankToUndefined, daySchema.optional()),
});

const tax = { taxable: z.number(), cgst: z.number(), sgst: z.number(), igst: z.number() };

/** One returned line of a credit note (money in rupees). */
export const creditNoteLineDto = z.object({
  /** null once the product is deleted. */
  productId: z.string().nullable(),
  name: z.string(),
  nameTa: z.string(),
  quantity: z.number(),
  unit: z.enum(UNITS),
  /** The unit price charged at sale time, after its per-unit discount. */
  price: z.number(),
  /** What the line refunds, tax included. */
  amount: z.number(),
  gstRate: z.number(),
  hsnCode: z.string(),
  ...tax,
});

/** A credit note (a return against a delivered sale) as the API shows it and the page prints it. */
export const creditNoteDto = z.object({
  _id: z.string(),
  number: z.string(),
  /** When the note was issued. */
  date: z.string(),
  orderId: z.string(),
  orderNumber: z.number(),
  /** The original invoice the note is against. */
  invoiceNumber: z.string().nullable(),
  invoiceDate: z.string().nullable(),
  vendorId: orderDto.shape.vendorId,
  buyer: orderDto.shape.buyer,
  shopCustomerId: z.string().nullable(),
  placeOfSupply: z.string(),
  lines: z.array(creditNoteLineDto),
  /** The GST reversed per rate. */
  taxByRate: z.array(z.object({ rate: z.number(), amount: z.number(), ...tax })),
  totals: z.object({ amount: z.number(), ...tax }),
  /** The method chosen for the refund (a split sale's return: the part refunded first). */
  refundMethod: z.enum(REFUND_METHODS),
  /**
   * A split sale's return: the refund in parts (rupees), cash, UPI, card, credit in that order; null for any other
   * note, refunded whole by `refundMethod`.
   */
  refunds: z.array(z.object({ method: z.enum(REFUND_METHODS), amount: z.number() })).nullable(),
  restock: z.boolean(),
  createdBy: z.string().nullable(),
  /** Who made the return; null for an old row. */
  by: byDto.nullable(),
  /** The note's e-invoice (CRN) entered back (core/einvoice.ts); null: none. */
  einvoice: einvoiceDto,
});
export type CreditNoteDto = z.infer<typeof creditNoteDto>;

/** A line of the order as a return sees it: sold, returned before, what is left; money in rupees. */
export const returnableLineDto = z.object({
  productId: z.string().nullable(),
  name: z.string(),
  nameTa: z.string(),
  unit: z.enum(UNITS),
  sold: z.number(),
  returned: z.number(),
  returnable: z.number(),
  /** The line's charged amount (total less its delivery discount) and what earlier notes refunded. */
  charged: z.number(),
  refunded: z.number(),
  gstRate: z.number(),
  /** The pack the line was sold in (quantities are in it); left out: the base unit. */
  packName: z.string().optional(),
});
export type ReturnableLineDto = z.infer<typeof returnableLineDto>;

/** GET /api/Orders/:id/returns: the order's lines with what is left to return, and its credit notes. */
export const orderReturnsResponse = z.object({
  lines: z.array(returnableLineDto),
  creditNotes: z.array(creditNoteDto),
});
export type OrderReturns = z.infer<typeof orderReturnsResponse>;
