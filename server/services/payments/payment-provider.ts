import type { PaymentProviderName } from '../../../core/schemas/payment';

/**
 * The one interface the app speaks to a payment provider through (docs/decisions/upi-confirmed-by-provider.md):
 * a single-use QR for an exact amount, the payments made to a QR (when its webhook is late), and the
 * provider's webhooks, verified by their signature and read into one shape. An adapter holds one shop's
 * account (its keys); money in paise, times as Dates.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** A QR that takes one payment of exactly `amountPaise` until `closeBy`. */
  createQr(amountPaise: number, closeBy: Date, ref: QrRef): Promise<ProviderQr>;
  /** The payments made to a QR so far, as the provider lists them. */
  qrPayments(qrId: string): Promise<ProviderPayment[]>;
  /** Whether `signature` is the provider's signature of these exact bytes with this account's webhook secret. */
  verifyWebhook(rawBody: Buffer, signature: string): boolean;
  /** The event in the body (verified first); throws WebhookBodyError when it is not one the provider sends. */
  parseWebhook(rawBody: Buffer): ProviderEvent;
}

/** What a QR is made for: the sale, and the words the payer's app shows. */
export interface QrRef {
  orderId: string;
  shopId: string;
  /** The QR's label: the shop's name. */
  name: string;
  /** The bill's reference (its invoice or order number). */
  description: string;
}

export interface ProviderQr {
  qrId: string;
  /** The UPI link the QR holds when the provider gives it; else the QR image's address. */
  upiUri: string;
  imageUrl: string;
  amountPaise: number;
  closeBy: Date;
}

/** A payment as the provider reports it. `utr` is the UPI transaction's reference number (RRN). */
export interface ProviderPayment {
  paymentId: string;
  amountPaise: number;
  /** The provider's status: only 'captured' is money received. */
  status: string;
  utr: string | null;
  payerVpa: string | null;
  paidAt: Date;
  raw: unknown;
}

/** A webhook's event: a payment credited to a QR, or something the app does not act on. */
export type ProviderEvent = { kind: 'qrCredited'; qrId: string; payment: ProviderPayment } | { kind: 'other'; event: string };

/** The provider refused a call or did not answer (the sale can still be confirmed by hand). */
export class ProviderError extends Error {}

/** A webhook body that is not an event the provider sends. */
export class WebhookBodyError extends Error {}
