import { z } from 'zod';
import { AGEING_BUCKETS, CREDIT_DAYS_MAX, CUSTOMER_ADDRESS_MAX, CUSTOMER_NAME_MAX, CUSTOMER_NOTE_MAX } from '../customer';
import { buyerGstinProblem, gstinProblemCode, isGstStateCode, normalizeGstin } from '../gstin';
import { PAYMENT_METHODS } from '../payments';
import { TEN_DIGIT_PHONE } from '../phone';
import { actTimeSchema, blankToUndefined, byDto, dateTimeSchema, daySchema, idSchema, optionalQueryString } from './common';

/** Rupees with at most 2 decimals, 0 up to ₹1 crore. */
const amount = z
  .number({ error: 'invalidNumeric' })
  .min(0, { error: 'invalidNumeric' })
  .max(10_000_000, { error: 'invalidNumeric' })
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, { error: 'invalidNumeric' });

const gstin = z.preprocess(
  (v) => (typeof v === 'string' ? blankToUndefined(normalizeGstin(v)) : blankToUndefined(v)),
  z
    .string({ error: 'gstinFormat' })
    .superRefine((v, ctx) => {
      const problem = buyerGstinProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: gstinProblemCode(problem) });
    })
    .optional(),
);

const customerFields = {
  name: z
    .string({ error: 'customerNameRequired' })
    .trim()
    .min(1, { error: 'customerNameRequired' })
    .max(CUSTOMER_NAME_MAX, { error: 'tooLong' }),
  phone: z.string({ error: 'invalidPhone' }).trim().regex(TEN_DIGIT_PHONE, { error: 'invalidPhone' }),
  gstin,
  address: z.preprocess(blankToUndefined, z.string().trim().max(CUSTOMER_ADDRESS_MAX, { error: 'tooLong' }).optional()),
  /** The buyer's GST state; with a GSTIN it is the GSTIN's first two digits (another one is refused). */
  stateCode: z.preprocess(
    blankToUndefined,
    z.string({ error: 'stateCodeInvalid' }).refine(isGstStateCode, { error: 'stateCodeInvalid' }).optional(),
  ),
  /** Rupees; left out: no limit. */
  creditLimit: z.preprocess(blankToUndefined, amount.optional()),
  creditDays: z.preprocess(
    blankToUndefined,
    z
      .number({ error: 'creditDaysInvalid' })
      .int({ error: 'creditDaysInvalid' })
      .min(0, { error: 'creditDaysInvalid' })
      .max(CREDIT_DAYS_MAX, { error: 'creditDaysInvalid' })
      .optional(),
  ),
  /** Rupees owed from before the app (the paper khata). */
  openingBalance: z.preprocess(blankToUndefined, amount.optional()),
  /** The language reminders are written in; Tamil unless chosen. */
  language: z.enum(['en', 'ta'], { error: 'languageInvalid' }).optional(),
  /** The shop's price list the counter prices the customer by (core/pricing.ts); left out or blank: selling prices. */
  priceListId: z.preprocess(blankToUndefined, idSchema.optional()),
};

/** POST /api/customers; `_id` is a client-made id (a customer added offline at the counter replays once). */
export const createCustomerSchema = z.object({
  ...customerFields,
  _id: idSchema.optional(),
  /** When it was added at the counter (offline: sent later): its payments may not be dated before it. */
  at: actTimeSchema,
  /** An admin names the shop; a vendor's own id is used whatever is sent. */
  vendorId: idSchema.optional(),
});
export type CreateCustomerInput = z.infer<typeof createCustomerSchema>;

/** PUT /api/customers/:id: the same fields, all of them (a form sends the whole customer). */
export const updateCustomerSchema = z.object(customerFields);
export type UpdateCustomerInput = z.infer<typeof updateCustomerSchema>;

export const customerSearchQuery = z.object({
  query: optionalQueryString(100),
  vendorId: z.preprocess(blankToUndefined, idSchema.optional()),
});

export const customerPaymentSchema = z.object({
  amount: amount.refine((v) => v > 0, { error: 'paymentAmountPositive' }),
  method: z.enum(PAYMENT_METHODS, { error: 'paymentMethodInvalid' }),
  note: z.preprocess(blankToUndefined, z.string().trim().max(CUSTOMER_NOTE_MAX, { error: 'tooLong' }).optional()),
  /** Client-made id: a payment recorded offline replays once. */
  _id: idSchema.optional(),
  /** When it was paid, by the counter's clock (offline: sent later), within core/act-time.ts's limits; `at` is the same. */
  paidAt: dateTimeSchema.optional(),
  at: actTimeSchema,
});
export type CustomerPaymentInput = z.infer<typeof customerPaymentSchema>;

export const ledgerQuery = z.object({
  from: z.preprocess(blankToUndefined, daySchema.optional()),
  to: z.preprocess(blankToUndefined, daySchema.optional()),
});

export const duesQuery = z.object({ vendorId: z.preprocess(blankToUndefined, idSchema.optional()) });

/** A customer as the API answers (money in rupees). The linked app account is never shown. */
export const customerDto = z.object({
  _id: z.string(),
  vendorId: z.string(),
  name: z.string(),
  phone: z.string(),
  gstin: z.string(),
  address: z.string(),
  stateCode: z.string(),
  creditLimit: z.number().nullable(),
  creditDays: z.number().nullable(),
  openingBalance: z.number(),
  language: z.enum(['en', 'ta']),
  /** The price list the counter prices the customer by; null: selling prices. */
  priceListId: z.string().nullable(),
  /** What the customer owes now (negative: an advance). */
  balance: z.number(),
  createdAt: z.string(),
  /** Loyalty points now (GET /api/customers, the list the counter keeps); left out elsewhere. */
  points: z.number().optional(),
});
export type CustomerDto = z.infer<typeof customerDto>;

export const customerPaymentResponse = z.object({
  _id: z.string(),
  amount: z.number(),
  method: z.enum(PAYMENT_METHODS),
  paidAt: z.string(),
  balance: z.number(),
  /** Who took the payment; null for an old row. */
  by: byDto.nullable(),
});
export type CustomerPaymentResponse = z.infer<typeof customerPaymentResponse>;

export const ledgerEntryDto = z.object({
  kind: z.enum(['opening', 'sale', 'payment', 'refund']),
  at: z.string(),
  /** The sale's or the credit note's number, the payment's method. */
  ref: z.string(),
  /** The order or credit note id; null for the opening balance and payments. */
  refId: z.string().nullable(),
  /** + for a due, − for a settlement. */
  amount: z.number(),
  balance: z.number(),
  note: z.string(),
  /** Who made the sale, took the payment or gave the refund; null for the opening balance and old rows. */
  by: byDto.nullable(),
});
/** The shop's name and UPI ID, for reminders (no UPI ID: '', the reminder says to pay at the shop). */
const shopDto = z.object({ name: z.string(), upiId: z.string() });
export const ledgerResponse = z.object({
  customer: customerDto,
  shop: shopDto,
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** The balance before `from` (the opening balance when no `from`). */
  openingBalance: z.number(),
  entries: z.array(ledgerEntryDto),
  closingBalance: z.number(),
});
export type LedgerResponse = z.infer<typeof ledgerResponse>;

const ageing = z.object(
  Object.fromEntries(AGEING_BUCKETS.map((b) => [b, z.number()])) as Record<(typeof AGEING_BUCKETS)[number], z.ZodNumber>,
);
export const duesRow = z.object({
  customer: customerDto,
  ageing,
  oldestDueDate: z.string().nullable(),
  overdueDays: z.number(),
});
export const duesResponse = z.object({ rows: z.array(duesRow), total: z.number(), shop: shopDto });
export type DuesResponse = z.infer<typeof duesResponse>;
export type DuesRow = z.infer<typeof duesRow>;
