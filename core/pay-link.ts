import type { UpiPayment } from './upi';

/**
 * A reminder's payment link: a public page at `/pay/<token>` that shows the shop, the amount due when
 * the link was made, and the UPI QR and button for it. WhatsApp does not make `upi://` links
 * tappable; an https link to our own page it does. The token is the only key: 32 random bytes
 * (256 bits) in base64url, kept by the server only as its SHA-256 hash, valid for PAY_LINK_DAYS.
 * docs/khata.md tells the whole rule.
 */
export const PAY_LINK_DAYS = 14;
export const PAY_LINK_TTL_MS = PAY_LINK_DAYS * 86_400_000;

/** 32 bytes in base64url without padding: 43 characters of A-Z a-z 0-9 - _. */
const PAY_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** Is this text shaped like a token (anything else is not looked up)? */
export const isPayToken = (v: string): boolean => PAY_TOKEN.test(v);

/** The page's path for a token. */
export const payPath = (token: string) => `/pay/${token}`;

/** The UPI payment a link asks for: to the shop's UPI ID, in its name, the amount, noted as the shop's dues. */
export const payLinkPayment = (p: { shop: string; upiId: string; amountPaise: number }): UpiPayment => ({
  upiId: p.upiId,
  payee: p.shop,
  amountPaise: p.amountPaise,
  note: `${p.shop} dues`,
});
