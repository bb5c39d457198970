import { istDayEnd, istDayStart } from '../../../core/dates';
import { toRupees } from '../../../core/money';
import type { ReconciliationEntry, ReconciliationResponse } from '../../../core/schemas/payment';
import type { Db } from '../../db';
import type { AuthUser } from '../accounts/auth.service';
import { reportVendor } from '../reports/report-vendor';
import { byOf } from '../staff/staff-queries';
import { mismatchesBetween, upiSalesBetween } from './payment-queries';

/**
 * A shop's UPI rupees of one India-time day (GET /api/payments/reconciliation): each UPI sale made that day,
 * confirmed by the provider (its payment id and UTR), by hand (who signed for it; a sale paid by UPI at a
 * shop without a provider is the cashier's own confirmation), or still pending; and each payment made that
 * day that matched no sale (mismatched, with why). A sale a settlement statement's line matched carries its
 * UTR (`statementUtr`, POST /api/payments/statements). A vendor sees its own shop; an admin names one.
 */
export async function reconciliationOf(db: Db, actor: AuthUser, date: string, vendorId?: string): Promise<ReconciliationResponse> {
  const shop = await reportVendor(db, actor, vendorId);
  const from = istDayStart(date);
  const to = istDayEnd(date);
  const [sales, mismatches] = await Promise.all([upiSalesBetween(db, shop.id, from, to), mismatchesBetween(db, shop.id, from, to)]);
  const statusOf = (s: (typeof sales)[number]) => (s.payment_id ? 'provider' : s.payment_status === 'Paid' ? 'byHand' : 'pending');
  const entries: ReconciliationEntry[] = [
    ...sales.map((s): ReconciliationEntry => {
      const status = statusOf(s);
      return {
        orderId: s.id,
        invoiceNumber: s.invoice_number,
        amount: toRupees(Number(s.total_paise)),
        status,
        paymentId: s.payment_id,
        utr: s.utr,
        payerVpa: s.payer_vpa,
        mismatch: null,
        confirmedBy:
          status !== 'byHand'
            ? null
            : s.payment_confirmed_by
              ? byOf(s.payment_confirmed_by, s.confirmed_by_name)
              : byOf(s.created_by, s.created_by_name),
        statementUtr: s.statement_utr,
        at: new Date(s.created_at).toISOString(),
      };
    }),
    ...mismatches.map((p): ReconciliationEntry => ({
      orderId: p.order_id,
      invoiceNumber: p.invoice_number,
      amount: toRupees(Number(p.amount_paise)),
      status: 'mismatched',
      paymentId: p.payment_id,
      utr: p.utr,
      payerVpa: p.payer_vpa,
      mismatch: p.mismatch,
      confirmedBy: null,
      statementUtr: null,
      at: new Date(p.paid_at).toISOString(),
    })),
  ];
  entries.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  const paise = { provider: 0, byHand: 0, mismatched: 0, pending: 0 };
  for (const s of sales) paise[statusOf(s)] += Number(s.total_paise);
  for (const p of mismatches) paise.mismatched += Number(p.amount_paise);
  return {
    date,
    entries,
    totals: {
      provider: toRupees(paise.provider),
      byHand: toRupees(paise.byHand),
      mismatched: toRupees(paise.mismatched),
      pending: toRupees(paise.pending),
    },
  };
}
