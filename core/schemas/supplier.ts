import { z } from 'zod';
import { AGEING_BUCKETS, CREDIT_DAYS_MAX } from '../customer';
import { SUPPLIER_PAYMENT_METHODS, SUPPLIER_PAYMENT_NOTE_MAX } from '../supplier-payables';
import { actTimeSchema, blankToUndefined, byDto, idSchema } from './common';

/** PUT /api/suppliers/:id: how many days after a bill's date it falls due. */
export const updateSupplierSchema = z.object({
  creditDays: z
    .number({ error: 'creditDaysInvalid' })
    .int({ error: 'creditDaysInvalid' })
    .min(0, { error: 'creditDaysInvalid' })
    .max(CREDIT_DAYS_MAX, { error: 'creditDaysInvalid' }),
});
export type UpdateSupplierInput = z.infer<typeof updateSupplierSchema>;

/** POST /api/suppliers/:id/payments: rupees paid to the supplier, settling its oldest bills first. */
export const supplierPaymentSchema = z.object({
  amount: z
    .number({ error: 'paymentAmountPositive' })
    .gt(0, { error: 'paymentAmountPositive' })
    .max(10_000_000, { error: 'invalidNumeric' })
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, { error: 'invalidNumeric' }),
  method: z.enum(SUPPLIER_PAYMENT_METHODS, { error: 'supplierPaymentMethodInvalid' }),
  note: z.preprocess(blankToUndefined, z.string().trim().max(SUPPLIER_PAYMENT_NOTE_MAX, { error: 'tooLong' }).optional()),
  /** Client-made id: a payment recorded offline is stored once. */
  _id: idSchema.optional(),
  /** When it was paid, by the device's clock (offline: sent later), within core/act-time.ts's limits. */
  at: actTimeSchema,
});
export type SupplierPaymentInput = z.infer<typeof supplierPaymentSchema>;

/** A supplier with its credit days and what the shop owes it (rupees). */
export const supplierAccountDto = z.object({
  _id: z.string(),
  vendorId: z.string(),
  name: z.string(),
  phone: z.string(),
  gstin: z.string(),
  creditDays: z.number(),
  balance: z.number(),
});
export type SupplierAccountDto = z.infer<typeof supplierAccountDto>;

/** A bill's share of a payment. */
export const allocationDto = z.object({ purchaseId: z.string(), billNumber: z.string(), amount: z.number() });

export const supplierPaymentDto = z.object({
  _id: z.string(),
  supplierId: z.string(),
  amount: z.number(),
  method: z.enum(SUPPLIER_PAYMENT_METHODS),
  note: z.string(),
  paidAt: z.string(),
  by: byDto.nullable(),
  /** The bills it settled, oldest first. */
  allocations: z.array(allocationDto),
  /** What is still owed to the supplier after it. */
  balance: z.number(),
});
export type SupplierPaymentDto = z.infer<typeof supplierPaymentDto>;

/** A supplier's ledger: bills (+), debit notes (−, goods returned) and payments (−) in date order, the balance after each. */
export const supplierLedgerEntry = z.object({
  kind: z.enum(['bill', 'debitNote', 'payment']),
  at: z.string(),
  /** Its India-time day (a bill's: its bill date). */
  day: z.string(),
  /** The purchase's, the debit note's or the payment's id. */
  refId: z.string(),
  /** The bill number, the debit note's number, or the payment method. */
  ref: z.string(),
  amount: z.number(),
  balance: z.number(),
});
export const supplierLedgerResponse = z.object({
  supplier: supplierAccountDto,
  entries: z.array(supplierLedgerEntry),
  balance: z.number(),
});
export type SupplierLedgerResponse = z.infer<typeof supplierLedgerResponse>;

/** An open bill: what is left to pay on it and when it falls due. */
export const openBillDto = z.object({
  purchaseId: z.string(),
  billNumber: z.string(),
  billDate: z.string(),
  total: z.number(),
  paid: z.number(),
  open: z.number(),
  dueDate: z.string(),
  overdue: z.boolean(),
  ageDays: z.number(),
});
export const bucketsDto = z.object(
  Object.fromEntries(AGEING_BUCKETS.map((b) => [b, z.number()])) as Record<(typeof AGEING_BUCKETS)[number], z.ZodNumber>,
);
export const supplierPayableDto = supplierAccountDto.extend({
  buckets: bucketsDto,
  overdue: z.number(),
  bills: z.array(openBillDto),
});
export const payablesResponse = z.object({ suppliers: z.array(supplierPayableDto), totals: bucketsDto, total: z.number() });
export type PayablesResponse = z.infer<typeof payablesResponse>;
