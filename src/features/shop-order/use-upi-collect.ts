import { useEffect, useState } from 'react';
import type { OrderDto } from '../../../core/schemas/order';
import type { UpiQrResponse } from '../../../core/schemas/payment';
import { isOfflineError } from '../../data/query-core';
import { useCachedQuery } from '../../data/use-cached-query';
import { useLiveOrders } from '../../data/use-live-orders';
import { ApiError, errorMessage } from '../../lib/api';
import { fetchUpiCollect } from './upi-collect-api';

/** How often the QR's payments are asked for again while it is open: the fallback when the webhook is late. */
const POLL_MS = 5_000;

/** Where a sale's UPI collection stands on the counter. */
export type UpiStage =
  | { kind: 'loading' }
  /** The sale is still in this device's outbox: its QR comes once the server has it. */
  | { kind: 'saleWaiting' }
  | { kind: 'offline' }
  | { kind: 'failed'; message: string; retry: () => void }
  | { kind: 'qr'; qr: UpiQrResponse; leftMs: number }
  /** The QR closed without a payment: only a confirmation by hand is left. */
  | { kind: 'closed' }
  | { kind: 'paid'; order: OrderDto };

/** Now, ticking every `ms` while `ms` is set (a countdown). */
function useNow(ms: number | null): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (ms === null) return;
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}

/**
 * A sale's UPI payment through the shop's provider: its QR for the exact amount (POST /api/Orders/:id/upi-qr),
 * the time left until it closes, and the paid order as soon as the live stream says the sale changed
 * (the provider's webhook), or the next ask finds the payment (every 5 s: the server reads the provider's
 * payments of an open QR). Nothing is asked once the QR has closed. `sale.queued`: the sale was saved on this
 * device first; `sale.waiting`: it is still in the outbox (the QR is asked for again once it has been sent).
 */
export function useUpiCollect(saleId: string, sale: { queued: boolean; waiting: boolean }, failedText: string): UpiStage {
  const [closed, setClosed] = useState(false);
  const q = useCachedQuery(closed ? null : `upi-qr:${saleId}`, () => fetchUpiCollect(saleId), { persist: false, refetchOnSync: true });
  const qr = q.data?.qr ?? null;
  const paid = q.data?.order?.paymentStatus === 'Paid' ? q.data.order : null;
  const open = !!qr && !paid && !closed;
  const now = useNow(open ? 1_000 : null);
  const leftMs = qr ? Date.parse(qr.closeBy) - now : 0;
  const closing = open && leftMs <= 0;

  useEffect(() => {
    if (closing) setClosed(true);
  }, [closing]);
  useEffect(() => {
    if (!open) return;
    const timer = setInterval(q.refresh, POLL_MS);
    return () => clearInterval(timer);
  }, [open, q.refresh]);
  // the provider's webhook paid it (an order event of this sale), or the stream came back: ask at once
  useLiveOrders(
    (e) => e.orderId === saleId,
    () => open && q.refresh(),
  );

  if (paid) return { kind: 'paid', order: paid };
  if (closed || closing) return { kind: 'closed' };
  if (qr) return { kind: 'qr', qr, leftMs };
  if (q.error !== undefined) {
    // a sale saved on this device is unknown to the server until the outbox has sent it
    const unknown = q.error instanceof ApiError && q.error.status === 404;
    if (sale.waiting || (sale.queued && unknown)) return { kind: 'saleWaiting' };
    if (isOfflineError(q.error)) return { kind: 'offline' };
    return { kind: 'failed', message: errorMessage(q.error, failedText), retry: q.refresh };
  }
  return sale.waiting ? { kind: 'saleWaiting' } : { kind: 'loading' };
}
