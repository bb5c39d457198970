/**
 * UPI payments at the counter. A UPI ID (virtual payment address) is name@handle; the link is the NPCI
 * "upi://pay" deep link that every UPI app opens from a QR code, with the exact amount to pay.
 */
export const UPI_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{1,255}@[A-Za-z][A-Za-z0-9.-]{1,63}$/;

export const isUpiId = (v: string): boolean => UPI_ID_PATTERN.test(v);

/** Paise as rupees with exactly 2 decimals, without floating-point error: 12345 -> "123.45". */
export const upiAmount = (paise: number): string => {
  const p = Math.max(Math.round(paise), 0);
  return `${Math.floor(p / 100)}.${String(p % 100).padStart(2, '0')}`;
};

/** Percent-encodes a parameter (spaces as %20); the UPI ID keeps its @, which some apps need as is. */
const enc = (v: string) => encodeURIComponent(v).replace(/%40/g, '@');

export interface UpiPayment {
  upiId: string;
  /** The payee name shown in the paying app: the shop's name. */
  payee: string;
  amountPaise: number;
  /** The transaction note: the invoice number. */
  note: string;
}

/** upi://pay?pa=<upiId>&pn=<shop>&am=<amount, 2 decimals>&cu=INR&tn=<invoice number> */
export function upiPayLink({ upiId, payee, amountPaise, note }: UpiPayment): string {
  return `upi://pay?pa=${enc(upiId.trim())}&pn=${enc(payee.trim())}&am=${upiAmount(amountPaise)}&cu=INR&tn=${enc(note)}`;
}
