import type { FastifyBaseLogger } from 'fastify';
import { coded } from '../../../core/coded';
import { CODE } from '../../../core/message-codes';
import { toRupees } from '../../../core/money';
import { idSchema } from '../../../core/schemas/common';
import type { OrderDto } from '../../../core/schemas/order';
import {
  type ConfirmPaymentInput,
  type PaymentProviderName,
  type ReconciliationResponse,
  UPI_QR_MINUTES,
  type UpiQrResponse,
  type WebhookOutcome,
} from '../../../core/schemas/payment';
import { upiMismatch } from '../../../core/upi-match';
import type { Db } from '../../db';
import { sentActTime } from '../../lib/act-time';
import { badRequest, conflict, HttpError, note, notFound, unauthorized } from '../../lib/errors';
import { assertOwner } from '../../security/access';
import type { AuthUser } from '../accounts/auth.service';
import { loadOrders } from '../sales/order-dto';
import type { ApprovalsService } from '../staff/approvals.service';
import { type PaymentProvider, type ProviderPayment, ProviderError, WebhookBodyError } from './payment-provider';
import {
  insertPayment,
  insertQr,
  markQrPaid,
  markSalePaid,
  markSalePaidByHand,
  paymentKnown,
  providerPaid,
  qrsOf,
  saleOf,
  shopOfQr,
  shopQr,
} from './payment-queries';
import type { PaymentSettingsService } from './payment-settings.service';
import { reconciliationOf } from './reconciliation';
import { type StatementResult, uploadStatement } from './statements';

type QrRow = Awaited<ReturnType<typeof qrsOf>>[number];

/**
 * Razorpay refuses a close_by less than the QR's time ahead of its own clock: the QR asks for its minutes
 * and this much more, for the request's travel and the two clocks.
 */
const CLOSE_MARGIN_MS = 30_000;
/** An open QR with less than this left is not given again: a new one is made. */
const REUSE_MIN_MS = 60_000;
/** How many of a sale's unpaid QRs are read back from the provider when it asks again. */
const READ_BACK = 3;

const qrAnswer = (qr: QrRow, paid: boolean): UpiQrResponse => ({
  qrId: qr.id,
  upiUri: qr.upi_uri,
  imageUrl: qr.image_url,
  amount: toRupees(Number(qr.amount_paise)),
  closeBy: new Date(qr.close_by).toISOString(),
  paid,
});

/**
 * UPI payments a provider confirms (docs/decisions/upi-confirmed-by-provider.md). A UPI sale at a shop with
 * a provider waits, Pending, for its payment: POST /api/Orders/:id/upi-qr makes the provider's QR for the
 * exact amount (or gives the open one again, after reading its payments in case the webhook is late); the
 * provider's signed webhook marks the sale Paid; a person may sign for it by hand instead (a cashier with a
 * manager's PIN). Every payment the provider reports is kept once per shop: matched to its sale, or
 * mismatched with why, never lost; GET /api/payments/reconciliation lists the day.
 */
export class PaymentsService {
  constructor(
    private readonly db: Db,
    private readonly settings: PaymentSettingsService,
    private readonly approvals: ApprovalsService,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The sale's QR: 409 when it is not a UPI sale waiting for its payment, or the shop has no provider. */
  async qrForSale(actor: AuthUser, orderId: string, now = new Date()): Promise<UpiQrResponse> {
    if (!idSchema.safeParse(orderId).success) throw notFound(CODE.orderNotFound);
    const sale = assertOwner(actor, await saleOf(this.db, orderId), CODE.orderNotFound);
    if (sale.upi_paise == null || sale.voided_at) throw conflict(coded(CODE.upiNotPending));
    let qrs = await qrsOf(this.db, orderId);
    if (sale.payment_status === 'Paid') {
      const shown = qrs.find((q) => q.status === 'paid') ?? qrs[0];
      if (shown) return qrAnswer(shown, true);
      throw conflict(coded(CODE.upiAlreadyPaid));
    }
    const provider = await this.settings.providerOf(sale.vendor_id);
    if (!provider) throw conflict(coded(CODE.upiProviderOff));

    // a webhook may be late: the payments of the sale's unpaid QRs are read first
    const unpaid = qrs.filter((q) => q.status === 'active').slice(0, READ_BACK);
    for (const qr of unpaid) await this.readBack(provider, sale.vendor_id, qr.id);
    if (unpaid.length) {
      qrs = await qrsOf(this.db, orderId);
      const paidQr = qrs.find((q) => q.status === 'paid');
      if (paidQr) return qrAnswer(paidQr, true);
    }
    const open = qrs.find((q) => q.status === 'active' && new Date(q.close_by).getTime() - now.getTime() > REUSE_MIN_MS);
    if (open) return qrAnswer(open, false);

    const closeBy = new Date(Math.ceil((now.getTime() + UPI_QR_MINUTES * 60_000 + CLOSE_MARGIN_MS) / 1000) * 1000);
    let made;
    try {
      // a split sale's QR asks for its UPI part only
      made = await provider.createQr(Number(sale.upi_paise), closeBy, {
        orderId: sale.id,
        shopId: sale.vendor_id,
        name: sale.shop_name || sale.vendor_name,
        description: `Bill ${sale.invoice_number ?? `#${sale.order_number}`}`,
      });
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      this.log.warn({ err: err.message, orderId }, 'payment provider: no QR');
      throw new HttpError(502, coded(CODE.upiProviderFailed));
    }
    await insertQr(this.db, { ...made, provider: provider.name, shopId: sale.vendor_id, orderId: sale.id, by: actor.id });
    const [qr] = await qrsOf(this.db, orderId);
    return qrAnswer(qr, false);
  }

  /** The payments the provider lists for a QR, each kept like a webhook's; a provider that does not answer is skipped. */
  private async readBack(provider: PaymentProvider, shopId: string, qrId: string): Promise<void> {
    let payments: ProviderPayment[];
    try {
      payments = await provider.qrPayments(qrId);
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      this.log.warn({ err: err.message, qrId }, 'payment provider: payments not read');
      return;
    }
    for (const p of payments) await this.keep(shopId, provider.name, qrId, p);
  }

  /**
   * A provider's webhook: the signature is checked against each shop's webhook secret with this provider
   * (the QR's shop first); none matches: 401 and nothing changes. A verified payment is kept for the shop
   * that signed it, matched to its sale only when the QR is that shop's own.
   */
  async webhook(name: PaymentProviderName, rawBody: Buffer, signature: string | undefined): Promise<WebhookOutcome> {
    const candidates = await this.settings.providersOf(name);
    const hint = this.qrNamed(candidates[0]?.open() ?? null, rawBody);
    const first = hint ? await shopOfQr(this.db, hint) : undefined;
    if (first) candidates.sort((a, b) => Number(b.shopId === first) - Number(a.shopId === first));
    let signer: { shopId: string; provider: PaymentProvider } | undefined;
    for (const c of signature ? candidates : []) {
      const provider = c.open();
      if (provider?.verifyWebhook(rawBody, signature!)) {
        signer = { shopId: c.shopId, provider };
        break;
      }
    }
    if (!signer) throw unauthorized(CODE.webhookSignatureInvalid);
    let event;
    try {
      event = signer.provider.parseWebhook(rawBody);
    } catch (err) {
      if (err instanceof WebhookBodyError) throw badRequest(CODE.webhookBodyInvalid);
      throw err;
    }
    if (event.kind !== 'qrCredited') return 'ignored';
    return this.keep(signer.shopId, name, event.qrId, event.payment);
  }

  /** The QR a webhook body names, read before its signature only to know whose secret to try first. */
  private qrNamed(provider: PaymentProvider | null, rawBody: Buffer): string | undefined {
    try {
      const event = provider?.parseWebhook(rawBody);
      return event?.kind === 'qrCredited' ? event.qrId : undefined;
    } catch {
      return undefined;
    }
  }

  /**
   * Keeps a captured payment of a shop once (a repeat changes nothing): matched, it marks the QR and the
   * sale paid; otherwise it is kept as mismatched with why (core/upi-match.ts).
   */
  private async keep(shopId: string, provider: PaymentProviderName, qrId: string, p: ProviderPayment): Promise<WebhookOutcome> {
    if (p.status !== 'captured') return 'ignored';
    return this.db.transaction().execute(async (trx) => {
      if (await paymentKnown(trx, shopId, p.paymentId)) return 'duplicate';
      const qr = await shopQr(trx, shopId, qrId);
      const sale = qr ? await saleOf(trx, qr.order_id, true) : undefined;
      const mismatch = upiMismatch(
        p,
        qr && { amountPaise: Number(qr.amount_paise), closeBy: new Date(qr.close_by), paid: qr.status === 'paid' },
        sale && { voided: !!sale.voided_at, paidByProvider: !!(await providerPaid(trx, sale.id)) },
      );
      const kept = await insertPayment(trx, { shopId, provider, qrId, orderId: sale?.id ?? null, payment: p, mismatch });
      if (!kept) return 'duplicate';
      if (mismatch) {
        this.log.warn({ shopId, qrId, paymentId: p.paymentId, mismatch }, 'payment provider: a payment kept as mismatched');
        return 'mismatched';
      }
      await markQrPaid(trx, qrId);
      await markSalePaid(trx, sale!.id);
      return 'matched';
    });
  }

  /**
   * A UPI payment confirmed by hand (the QR closed unpaid, the provider or the network down): accepted while
   * the QR is open too; a cashier needs a manager's or the owner's PIN, and the one who approves signs for it
   * (`confirmedBy`). Recorded in the shop's audit with the reason.
   */
  async confirmByHand(
    actor: AuthUser,
    orderId: string,
    input: ConfirmPaymentInput,
  ): Promise<{ message: string; code: string; order: OrderDto }> {
    if (!idSchema.safeParse(orderId).success) throw notFound(CODE.orderNotFound);
    const ask = { kind: 'upiByHand' as const, reason: input.reason, ref: orderId };
    const approvedBy = await this.approvals.approver(actor, ask, input.approval);
    await this.db.transaction().execute(async (trx) => {
      const sale = assertOwner(actor, await saleOf(trx, orderId, true), CODE.orderNotFound);
      const at = sentActTime(input.at, 'at', { notBefore: sale.created_at }) ?? new Date();
      if (sale.upi_paise == null || sale.voided_at) throw conflict(coded(CODE.upiNotPending));
      if (sale.payment_status === 'Paid') throw conflict(coded(CODE.upiAlreadyPaid));
      await markSalePaidByHand(trx, sale.id, approvedBy, at);
      await this.approvals.record(trx, actor, ask, approvedBy);
    });
    const [order] = await loadOrders(this.db, [orderId]);
    return { ...note(CODE.upiConfirmedByHand), order };
  }

  /** GET /api/payments/reconciliation: the shop's UPI sales and payments of an India-time day. */
  reconciliation(actor: AuthUser, date: string, vendorId?: string): Promise<ReconciliationResponse> {
    return reconciliationOf(this.db, actor, date, vendorId);
  }

  /** POST /api/payments/statements: a settlement statement's lines matched to the shop's UPI sales. */
  statement(actor: AuthUser, data: Buffer, shopId?: string): Promise<StatementResult> {
    return uploadStatement(this.db, actor, data, shopId);
  }
}
