import { shopLineTotal, type ShopOrderLine } from '../../../core/shop-order';
import { toPaise, toRupees } from '../../../core/money';
import { upiPayLink } from '../../../core/upi';
import type { DisplayBill, DisplayLine, DisplayPayment } from '../../../core/schemas/display';
import type { CounterProductDto } from '../../../core/schemas/counter-catalog';
import type { Payment } from './payment-panel';
import { saleRef } from './sale-ref';

/** The newest lines a bill sends to the display (core/schemas/display.ts DISPLAY_LIMITS.lines). */
const SHOWN_LINES = 40;
/** A line's name at most as long as the display takes (core/schemas/display.ts DISPLAY_LIMITS.name). */
const NAME_MAX = 120;

/** What the counter shows: the bill being rung up and how it is being paid. */
export interface CounterBill {
  lines: ShopOrderLine[];
  products: CounterProductDto[] | null;
  total: number;
  payment: Payment;
  saleId: string;
  /** The shop's name, the shop's own UPI ID, and whether its payment provider makes the QR after the sale instead. */
  shop: string;
  upiId: string;
  upiByProvider: boolean;
  /** What the counter's pricing charges each line (by its key), after a price list or scheme; absent: its selling price. */
  priced?: ReadonlyMap<string, { totalPaise: number }>;
}

/** The shop's own static QR for `amount` rupees of this sale, as the payment panel shows it; none without a UPI ID. */
const staticQr = (c: CounterBill, amount: number): Pick<DisplayPayment, 'upiUri' | 'amount'> =>
  c.upiId && amount > 0 && !c.upiByProvider
    ? { upiUri: upiPayLink({ upiId: c.upiId, payee: c.shop, amountPaise: toPaise(amount), note: `Sale ${saleRef(c.saleId)}` }), amount }
    : {};

/** How the bill is being paid, for the customer: the method, and the shop's QR while UPI (or a split's UPI part) is chosen. */
function paymentOf(c: CounterBill): DisplayPayment | null {
  const p = c.payment;
  if (p.status !== 'Paid') return null;
  if (p.parts) {
    const upi = p.parts.find((x) => x.method === 'upi');
    return { method: 'split', ...(upi ? staticQr(c, upi.amount) : {}) };
  }
  return p.method === 'upi' ? { method: 'upi', ...staticQr(c, c.total) } : { method: p.method };
}

/** The running bill as the customer sees it (idle while no line has a product): the newest lines, the total, the payment. */
export function runningBill(c: CounterBill): DisplayBill {
  const byId = new Map((c.products ?? []).map((p) => [p._id, p]));
  const lines: DisplayLine[] = c.lines
    .filter((l) => l.productId)
    .map((l) => {
      const product = byId.get(l.productId);
      // a pack line counts packs: its name says which ("Ponni rice · bag"), beside the same rice sold loose
      const named = (n: string) => (l.pack ? `${n} · ${l.pack}` : n).slice(0, NAME_MAX);
      const charged = c.priced?.get(l.key)?.totalPaise;
      return {
        name: named(product?.name ?? ''),
        nameTa: product?.Tamil ? named(product.Tamil) : '',
        qty: l.quantity,
        unit: l.pack ? 'pcs' : l.unit,
        amount: charged === undefined ? shopLineTotal(l) : toRupees(charged),
      };
    });
  const shown = lines.slice(-SHOWN_LINES);
  return {
    phase: lines.length ? 'bill' : 'idle',
    shop: c.shop,
    lines: shown,
    more: lines.length - shown.length,
    total: lines.length ? c.total : 0,
    payment: lines.length ? paymentOf(c) : null,
  };
}

/**
 * The bill of a sale just recorded (`c` as it was rung up): a thank-you with its total. Paid at once, the
 * money is received; a UPI payment (or a split's UPI part) the shop's provider confirms waits for it (its QR
 * follows: publishPayment); credit, and a sale to pay later, show no money received.
 */
export function doneBill(c: CounterBill, sale: { id: string; total: number }): DisplayBill {
  const bill = runningBill(c);
  const p = c.payment;
  const method = p.parts ? 'split' : p.method;
  const upi = p.parts ? p.parts.some((x) => x.method === 'upi') : p.method === 'upi';
  // a split's credit part goes on the account: what was received is the rest
  const onAccount = p.parts?.find((x) => x.method === 'credit')?.amount ?? 0;
  const payment: DisplayPayment | null =
    p.status !== 'Paid'
      ? null
      : method === 'credit'
        ? { method }
        : upi && c.upiByProvider
          ? { method, orderId: sale.id }
          : { method, amount: toRupees(toPaise(sale.total) - toPaise(onAccount)), received: true };
  return { ...bill, phase: 'done', total: sale.total, payment };
}
