/**
 * The one reference an order is shown and found by, the same for the customer, the rider and the
 * vendor: its invoice number once it has one ("KO/26/000123"), else the short order number ("#25").
 */
export interface OrderRefFields {
  orderNumber: number;
  invoiceNumber: string | null;
}

export const orderRef = (o: OrderRefFields): string => o.invoiceNumber || `#${o.orderNumber}`;

/** What a typed reference searches for: a number (order number or invoice sequence) or a piece of an invoice number. */
export interface OrderRefSearch {
  /** The typed text, trimmed and lower-cased, without a leading "#"; '' for no search. */
  text: string;
  /** The number typed ("25", "#25", "000123"), or null when the text is not only digits. */
  number: number | null;
}

export function parseOrderRefSearch(typed: string): OrderRefSearch {
  const text = typed.trim().replace(/^#\s*/, '').toLowerCase();
  const number = /^\d{1,9}$/.test(text) ? Number(text) : null;
  return { text, number };
}

/** The sequence of an invoice number (its last run of digits): "KO/26/000123" -> 123. */
const invoiceSeq = (invoice: string): number | null => {
  const m = /(\d+)$/.exec(invoice);
  return m ? Number(m[1]) : null;
};

/**
 * Whether an order is the one a typed reference names: "25" or "#25" finds order number 25 and the
 * invoice numbered 000025; any other text finds the invoice numbers that contain it (any case).
 */
export function matchesOrderRef(o: OrderRefFields, typed: string): boolean {
  const q = parseOrderRefSearch(typed);
  if (!q.text) return true;
  if (q.number !== null) return o.orderNumber === q.number || (!!o.invoiceNumber && invoiceSeq(o.invoiceNumber) === q.number);
  return !!o.invoiceNumber && o.invoiceNumber.toLowerCase().includes(q.text);
}
