import { z } from 'zod';
import { approvalSchema } from './approval';
import { actTimeSchema, byDto, daySchema, idSchema } from './common';

/**
 * A payment provider that confirms UPI payments (docs/decisions/upi-confirmed-by-provider.md): the shop's
 * own account with it, a QR for each bill's exact amount, the provider's word that the money came, and the
 * day's reconciliation. Money in rupees, like every answer.
 */
export const PAYMENT_PROVIDERS = ['razorpay'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** How long a bill's QR takes payments, from when it is made. */
export const UPI_QR_MINUTES = 15;

const secret = (code: 'paymentKeySecretRequired' | 'paymentWebhookSecretRequired') =>
  z.string({ error: code }).trim().min(1, { error: code }).max(200, { error: code });

/** PUT /api/payments/settings: the owner's keys, entered once; the secrets are kept encrypted and never answered. */
export const paymentSettingsInput = z.object({
  provider: z.enum(PAYMENT_PROVIDERS, { error: 'paymentProviderInvalid' }),
  keyId: z
    .string({ error: 'paymentKeyIdRequired' })
    .trim()
    .min(1, { error: 'paymentKeyIdRequired' })
    .max(100, { error: 'paymentKeyIdRequired' }),
  keySecret: secret('paymentKeySecretRequired'),
  webhookSecret: secret('paymentWebhookSecretRequired'),
});
export type PaymentSettingsInput = z.infer<typeof paymentSettingsInput>;

/** ?shopId=: the shop an admin acts for (the owner's own shop otherwise). */
export const paymentSettingsQuery = z.object({
  shopId: z.preprocess((v) => (v === '' ? undefined : v), idSchema.optional()),
});

/** What the settings show: the provider and its key id, never a secret. */
export const paymentSettingsDto = z.object({
  provider: z.enum(PAYMENT_PROVIDERS).nullable(),
  keyId: z.string().nullable(),
  configured: z.boolean(),
});
export type PaymentSettingsDto = z.infer<typeof paymentSettingsDto>;
export const paymentSettingsSaved = paymentSettingsDto.extend({ message: z.string(), code: z.string() });

/**
 * POST /api/Orders/:id/upi-qr: the sale's QR for its exact amount. `upiUri` is the UPI link the QR holds
 * (the provider's `image_content`) when the account gives it, else the provider's QR image address
 * (`imageUrl`, always given). `paid`: the sale is paid already (the provider confirmed it, or a person did by
 * hand); the QR shown is then the one paid, else the last made.
 */
export const upiQrResponse = z.object({
  qrId: z.string(),
  upiUri: z.string(),
  imageUrl: z.string(),
  amount: z.number(),
  closeBy: z.string(),
  paid: z.boolean(),
});
export type UpiQrResponse = z.infer<typeof upiQrResponse>;

/** POST /api/Orders/:id/confirm-payment: why the payment is confirmed by hand, and a manager's PIN for a cashier. */
export const confirmPaymentSchema = z.object({
  reason: z.string({ error: 'upiReasonLength' }).trim().min(3, { error: 'upiReasonLength' }).max(200, { error: 'upiReasonLength' }),
  approval: approvalSchema.optional(),
  /** When it was confirmed on the device (offline: sent later). */
  at: actTimeSchema,
});
export type ConfirmPaymentInput = z.infer<typeof confirmPaymentSchema>;

/**
 * How a sale's UPI payment was confirmed (the order's `payment`): by the provider (its payment id, the UTR
 * and the payer's UPI ID), or by a person who signed for it by name (`confirmedBy`), with the provider's
 * payment added when it comes later. Null: no confirmation recorded (cash, card, a shop's own static QR).
 */
export const orderPaymentDto = z.object({
  provider: z.enum(PAYMENT_PROVIDERS).nullable(),
  paymentId: z.string().nullable(),
  utr: z.string().nullable(),
  payerVpa: z.string().nullable(),
  amount: z.number(),
  confirmedBy: z.union([z.literal('provider'), byDto]),
});
export type OrderPaymentDto = z.infer<typeof orderPaymentDto>;

/** GET /api/payments/reconciliation: one India-time day of the shop (an admin names the shop). */
export const reconciliationQuery = z.object({ date: daySchema, vendorId: idSchema.optional() });

/**
 * How a UPI rupee of the day stands: confirmed by the provider, confirmed by hand (no provider payment
 * yet), mismatched (a payment that matched no sale: another amount, a closed or unknown QR, a sale paid
 * already or voided), or pending (a sale still waiting for its payment).
 */
export const RECONCILIATION_STATUSES = ['provider', 'byHand', 'mismatched', 'pending'] as const;
export const MISMATCH_REASONS = ['amount', 'closedQr', 'unknownQr', 'alreadyPaid', 'voided'] as const;
export type MismatchReason = (typeof MISMATCH_REASONS)[number];

export const reconciliationEntry = z.object({
  /** The sale; null for a payment to a QR of no sale of the shop. */
  orderId: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  /** A sale's total, or a mismatched payment's amount. */
  amount: z.number(),
  status: z.enum(RECONCILIATION_STATUSES),
  paymentId: z.string().nullable(),
  utr: z.string().nullable(),
  payerVpa: z.string().nullable(),
  /** Why a payment is mismatched; null otherwise. */
  mismatch: z.enum(MISMATCH_REASONS).nullable(),
  /** Who confirmed a sale by hand; null otherwise. */
  confirmedBy: byDto.nullable(),
  /** The UTR of the settlement statement's line that matched the sale (POST /api/payments/statements); null otherwise. */
  statementUtr: z.string().nullable(),
  /** The sale's time, or a mismatched payment's. */
  at: z.string(),
});
export type ReconciliationEntry = z.infer<typeof reconciliationEntry>;

export const reconciliationResponse = z.object({
  date: z.string(),
  entries: z.array(reconciliationEntry),
  /** Rupees by status. */
  totals: z.object({ provider: z.number(), byHand: z.number(), mismatched: z.number(), pending: z.number() }),
});
export type ReconciliationResponse = z.infer<typeof reconciliationResponse>;

/** POST /api/payments/webhooks/razorpay: what became of a verified event. */
export const webhookResponse = z.object({ status: z.enum(['matched', 'mismatched', 'duplicate', 'ignored']) });
export type WebhookOutcome = z.infer<typeof webhookResponse>['status'];

/**
 * POST /api/payments/statements: the provider's or bank's settlement statement, a CSV file (multipart `file`)
 * with the columns utr, amount, time and payer (any case, any order; payer may be missing; others ignored).
 */
export const STATEMENT_LIMITS = { bytes: 2 * 1024 * 1024, lines: 5000 } as const;

/**
 * Why a line matched no sale: no UPI sale of its amount within the window (or each was nearer another
 * line), its UTR already known (a provider's payment, or an earlier statement's line of another amount),
 * repeated in the file, or a field that cannot be read.
 */
export const STATEMENT_LINE_REASONS = [
  'statementNoSale',
  'statementUtrKnown',
  'statementUtrRepeated',
  'statementUtrInvalid',
  'statementAmountInvalid',
  'statementTimeInvalid',
] as const;
export type StatementLineReason = (typeof STATEMENT_LINE_REASONS)[number];

export const statementMatched = z.object({
  /** The line's number in the file (the header is line 1). */
  line: z.number(),
  utr: z.string(),
  amount: z.number(),
  time: z.string(),
  payer: z.string().nullable(),
  orderId: z.string(),
  invoiceNumber: z.string().nullable(),
  /** The sale's time. */
  saleAt: z.string(),
  /** Matched by an earlier upload of the line (nothing changed this time). */
  earlier: z.boolean(),
});
export type StatementMatched = z.infer<typeof statementMatched>;

export const statementUnmatchedLine = z.object({
  line: z.number(),
  /** The cells as the file has them, trimmed; amount and time read (null when they cannot be). */
  utr: z.string(),
  amount: z.number().nullable(),
  time: z.string().nullable(),
  payer: z.string().nullable(),
  reason: z.enum(STATEMENT_LINE_REASONS),
  /** The reason in the request's language. */
  message: z.string(),
});
export type StatementUnmatchedLine = z.infer<typeof statementUnmatchedLine>;

/** A UPI sale of the statement's dates that neither the provider nor a statement's line confirmed. */
export const statementUnmatchedSale = z.object({
  orderId: z.string(),
  invoiceNumber: z.string().nullable(),
  amount: z.number(),
  at: z.string(),
  status: z.enum(['byHand', 'pending']),
});
export type StatementUnmatchedSale = z.infer<typeof statementUnmatchedSale>;

export const statementResponse = z.object({
  /** The India-time days the statement's lines are of. */
  dates: z.array(z.string()),
  matched: z.array(statementMatched),
  unmatchedLines: z.array(statementUnmatchedLine),
  unmatchedSales: z.array(statementUnmatchedSale),
});
export type StatementResponse = z.infer<typeof statementResponse>;
