import { nextDisplaySeq } from '../../core/display';
import type { DisplayBill, DisplayMessage, DisplayPayment } from '../../core/schemas/display';

/**
 * The customer display on the same computer (core/schemas/display.ts): the till publishes its running bill
 * on a BroadcastChannel, and /display in another window or on a second screen shows it, with no network.
 * A display that opens says hello, and the till answers with its bill at once. Each message has a `seq` that
 * grows (a clock in milliseconds), so a display ignores one older than what it shows. The same messages go to
 * this page's own listeners (onPublish): the relay to a paired tablet through the server.
 */
export const DISPLAY_CHANNEL = 'nk-customer-display';

type Envelope = { kind: 'bill'; message: DisplayMessage } | { kind: 'hello' };

let channel: BroadcastChannel | null | undefined;
let lastSeq = 0;
let last: DisplayMessage | null = null;
const listeners = new Set<(m: DisplayMessage) => void>();

/** This page's channel, opened on first use (none in a browser without BroadcastChannel). */
function till(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(DISPLAY_CHANNEL);
    // a display that just opened asks for the bill: it gets the last one at once
    channel?.addEventListener('message', (e: MessageEvent<Envelope>) => {
      if (e.data?.kind === 'hello' && last) channel?.postMessage({ kind: 'bill', message: last } satisfies Envelope);
    });
  }
  return channel;
}

/** Publishes the bill the till shows now: to the displays on this computer and to this page's listeners. */
export function publishBill(bill: DisplayBill): DisplayMessage {
  lastSeq = nextDisplaySeq(lastSeq, Date.now());
  const message: DisplayMessage = { seq: lastSeq, bill };
  last = message;
  till()?.postMessage({ kind: 'bill', message } satisfies Envelope);
  listeners.forEach((l) => l(message));
  return message;
}

/** The last bill this page published (null before the first). */
export const lastPublished = (): DisplayMessage | null => last;

/** Calls `listener` with every bill this page publishes from now on; answers the unsubscribe. */
export function onPublish(listener: (m: DisplayMessage) => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** A sale's payment as the till shows it: its UPI QR up (the link and the amount), or the money received. */
export interface PaymentShown {
  /** The sale (its order id): the display shows it with that sale's bill only. */
  orderId: string;
  /** The QR's upi://pay link (or the provider's QR image address) while it is shown. */
  upiUri?: string;
  /** Rupees: the QR's amount, or the amount received. */
  amount?: number;
  received?: boolean;
}

let shown: PaymentShown | null = null;

/**
 * The payment of the sale just recorded, for the customer to see: the provider's QR while the till shows it,
 * then "received". Null takes it off (the dialog closed without a payment). The till's publisher keeps it on
 * the sale's bill (paymentShownFor) until the next sale starts.
 */
export function publishPayment(payment: PaymentShown | null): void {
  shown = payment;
  if (last?.bill.phase === 'done') publishBill({ ...last.bill, payment: payment ? asDisplayPayment(payment) : null });
}

/** The payment published for the sale `orderId`, if any (as the bill carries it). */
export function paymentShownFor(orderId: string): DisplayPayment | null {
  return shown && shown.orderId === orderId ? asDisplayPayment(shown) : null;
}

const asDisplayPayment = (p: PaymentShown): DisplayPayment => ({
  method: 'upi',
  orderId: p.orderId,
  ...(p.upiUri ? { upiUri: p.upiUri } : {}),
  ...(p.amount !== undefined ? { amount: p.amount } : {}),
  ...(p.received ? { received: true } : {}),
});

/**
 * Follows the till on this computer: calls `onBill` with each newer bill (after saying hello, so the first
 * comes at once). Answers the unsubscribe. A display's own channel, apart from a till's in the same page.
 */
export function subscribeDisplay(onBill: (m: DisplayMessage) => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => undefined;
  const own = new BroadcastChannel(DISPLAY_CHANNEL);
  let seen = 0;
  own.addEventListener('message', (e: MessageEvent<Envelope>) => {
    const data = e.data;
    if (data?.kind !== 'bill' || !(data.message?.seq > seen)) return;
    seen = data.message.seq;
    onBill(data.message);
  });
  own.postMessage({ kind: 'hello' } satisfies Envelope);
  return () => own.close();
}
