import { z } from 'zod';

/** POST /api/customers/:id/pay-link: any text as the id (a malformed one is simply "Customer not found"). */
export const payLinkParams = z.object({ id: z.string().max(200) });

/** The link made: the page's address, when it stops working, and the amount it asks for (rupees). */
export const payLinkResponse = z.object({ url: z.string(), expiresAt: z.string(), amount: z.number() });
export type PayLinkResponse = z.infer<typeof payLinkResponse>;

/** GET /api/pay/:token: any text (a malformed token answers the same 404 as an unknown one). */
export const payTokenParams = z.object({ token: z.string().max(200) });

/**
 * What the public page shows: the shop, the amount (rupees), its UPI ID and upi://pay link, and the
 * expiry. Nothing about the customer: no name, no phone, no balance or history.
 */
export const payPageResponse = z.object({
  shop: z.string(),
  upiId: z.string(),
  amount: z.number(),
  upiLink: z.string(),
  expiresAt: z.string(),
});
export type PayPageResponse = z.infer<typeof payPageResponse>;
