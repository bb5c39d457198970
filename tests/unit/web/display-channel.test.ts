import { afterEach, describe, expect, it } from 'vitest';
import { nextDisplaySeq } from '../../../core/display';
import type { DisplayMessage } from '../../../core/schemas/display';
import {
  DISPLAY_CHANNEL,
  lastPublished,
  onPublish,
  paymentShownFor,
  publishBill,
  publishPayment,
  subscribeDisplay,
} from '../../../src/lib/display-channel';
import { displayBill } from '../../support/display-bodies';

/** The bills a display on "the same computer" receives (its own BroadcastChannel), and its stop. */
function display() {
  const got: DisplayMessage[] = [];
  const stop = subscribeDisplay((m) => got.push(m));
  return { got, stop };
}
const until = async (ok: () => boolean) => {
  for (let i = 0; i < 200 && !ok(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(ok()).toBe(true);
};
const stops: Array<() => void> = [];
afterEach(() => {
  stops.splice(0).forEach((s) => s());
});

describe('the customer display channel (BroadcastChannel)', () => {
  it("carries the till's bills to a display, each newer than the one before", async () => {
    const d = display();
    stops.push(d.stop);
    const first = publishBill(displayBill({ total: 10 }));
    const second = publishBill(displayBill({ total: 20 }));
    expect(second.seq).toBeGreaterThan(first.seq);
    await until(() => d.got.length >= 2);
    expect(d.got.map((m) => m.bill.total)).toEqual([10, 20]);
    expect(lastPublished()).toEqual(second);
  });

  it('gives a display that opens the last bill at once (it says hello)', async () => {
    const shown = publishBill(displayBill({ total: 33 }));
    const d = display();
    stops.push(d.stop);
    await until(() => d.got.length >= 1);
    expect(d.got[0]).toEqual(shown);
  });

  it('ignores a message older than the one shown, and anything that is not a bill', async () => {
    const d = display();
    stops.push(d.stop);
    const newest = publishBill(displayBill({ total: 50 }));
    await until(() => d.got.some((m) => m.seq === newest.seq));
    const other = new BroadcastChannel(DISPLAY_CHANNEL);
    stops.push(() => other.close());
    other.postMessage({ kind: 'bill', message: { seq: newest.seq - 1, bill: displayBill({ total: 1 }) } });
    other.postMessage({ kind: 'bill', message: { seq: 'x', bill: {} } });
    other.postMessage('hello');
    const later = publishBill(displayBill({ total: 60 }));
    await until(() => d.got.some((m) => m.seq === later.seq));
    expect(d.got.map((m) => m.bill.total).filter((t) => t < 50)).toEqual([]);
  });

  it("puts the UPI dialog's payment on the recorded sale's bill, for that sale only", async () => {
    const relayed: DisplayMessage[] = [];
    stops.push(onPublish((m) => relayed.push(m)));
    const d = display();
    stops.push(d.stop);
    const orderId = '0b7c6c61-5d0c-4d8e-9d54-8cf1f0f0a001';
    publishBill(displayBill({ phase: 'done', payment: { method: 'upi', orderId } }));
    publishPayment({ orderId, upiUri: 'upi://pay?pa=shop@okaxis&am=136.00', amount: 136 });
    expect(lastPublished()!.bill.payment).toEqual({ method: 'upi', orderId, upiUri: 'upi://pay?pa=shop@okaxis&am=136.00', amount: 136 });
    publishPayment({ orderId, amount: 136, received: true });
    expect(lastPublished()!.bill.payment).toEqual({ method: 'upi', orderId, amount: 136, received: true });
    expect(paymentShownFor(orderId)).toEqual({ method: 'upi', orderId, amount: 136, received: true });
    expect(paymentShownFor('another sale')).toBeNull();
    await until(() => d.got.some((m) => m.bill.payment?.received === true));
    // this page's relay to a paired tablet gets the same bills
    expect(relayed.map((m) => m.bill.payment?.received ?? false)).toEqual([false, false, true]);

    // the dialog closed unpaid: the payment is taken off
    publishPayment(null);
    expect(lastPublished()!.bill.payment).toBeNull();
    expect(paymentShownFor(orderId)).toBeNull();
    // published while the next sale is rung up, it changes nothing on that bill
    publishBill(displayBill({ phase: 'bill' }));
    publishPayment({ orderId, received: true });
    expect(lastPublished()!.bill.payment).toEqual({ method: 'cash' });
  });

  it('orders messages by a clock that never repeats or goes back', () => {
    expect(nextDisplaySeq(0, 1000)).toBe(1000);
    expect(nextDisplaySeq(1000, 1000)).toBe(1001);
    expect(nextDisplaySeq(5000, 1000)).toBe(5001);
  });
});
