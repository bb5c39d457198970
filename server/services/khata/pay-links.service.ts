import { coded } from '../../../core/coded';
import { isPayToken, PAY_LINK_TTL_MS, payLinkPayment, payPath } from '../../../core/pay-link';
import { CODE } from '../../../core/message-codes';
import { toRupees } from '../../../core/money';
import { idSchema } from '../../../core/schemas/common';
import type { PayLinkResponse, PayPageResponse } from '../../../core/schemas/pay-link';
import { upiPayLink } from '../../../core/upi';
import type { Db } from '../../db';
import { conflict, notFound } from '../../lib/errors';
import { newToken, sha256 } from '../../lib/ids';
import { assertOwner } from '../../security/access';
import type { AuthUser } from '../accounts/auth.service';
import { balancesOf } from './customer-balances';
import { customerOf, insertPayLink, livePayLink, shopOf } from './pay-links.queries';

/**
 * A reminder's payment link (core/pay-link.ts). The shop (the customer's vendor, or an admin) makes
 * one for what the customer owes now; anyone holding the token opens the public page until it
 * expires. Only the token's hash is stored, and the page answers the shop, the amount and the UPI
 * payment, never who the customer is. An unknown, malformed or expired token: the same 404.
 */
export class PayLinksService {
  constructor(private readonly db: Db) {}

  /**
   * A new link for the customer's balance due, on the app's address `origin` (the page the vendor's
   * app runs on). 404 for a customer the caller does not reach; 409 when nothing is due or the shop
   * has no UPI ID to be paid to.
   */
  async create(user: AuthUser, customerId: string, origin: string, now = new Date()): Promise<PayLinkResponse> {
    if (!idSchema.safeParse(customerId).success) throw notFound(CODE.customerNotFound);
    const customer = assertOwner(user, await customerOf(this.db, customerId), CODE.customerNotFound);
    const duePaise = (await balancesOf(this.db, [customer.id])).get(customer.id) ?? 0;
    if (duePaise <= 0) throw conflict(coded(CODE.payLinkNothingDue));
    if (!(await shopOf(this.db, customer.vendor_id)).upiId) throw conflict(coded(CODE.payLinkNoUpiId));
    const token = newToken();
    const expiresAt = new Date(now.getTime() + PAY_LINK_TTL_MS);
    await insertPayLink(this.db, {
      tokenHash: sha256(token),
      vendorId: customer.vendor_id,
      customerId: customer.id,
      amountPaise: duePaise,
      createdBy: user.id,
      expiresAt,
    });
    return { url: `${origin}${payPath(token)}`, expiresAt: expiresAt.toISOString(), amount: toRupees(duePaise) };
  }

  /** The public page's data for a live token; 404 otherwise, and while the shop has no UPI ID to pay. */
  async open(token: string, now = new Date()): Promise<PayPageResponse> {
    const link = isPayToken(token) ? await livePayLink(this.db, sha256(token), now) : undefined;
    if (!link) throw notFound(CODE.payLinkNotFound);
    const shop = await shopOf(this.db, link.vendor_id);
    if (!shop.upiId) throw notFound(CODE.payLinkNotFound);
    const amountPaise = Number(link.amount_paise);
    return {
      shop: shop.name,
      upiId: shop.upiId,
      amount: toRupees(amountPaise),
      upiLink: upiPayLink(payLinkPayment({ shop: shop.name, upiId: shop.upiId, amountPaise })),
      expiresAt: new Date(link.expires_at).toISOString(),
    };
  }
}
