import type { Db } from '../../db';

/** The database side of payment links (pay-links.service.ts): rows by the token's hash, never by the token. */

/** The customer a link is made for: its shop and id (the caller's reach is checked by the service). */
export const customerOf = (db: Db, id: string) =>
  db.selectFrom('shop_customers').select(['id', 'vendor_id']).where('id', '=', id).executeTakeFirst();

/** The name a shop goes by (its shop name, else the vendor's name) and its UPI ID ('' when none). */
export async function shopOf(db: Db, vendorId: string): Promise<{ name: string; upiId: string }> {
  const v = await db.selectFrom('users').select(['name', 'shop_name', 'upi_id']).where('id', '=', vendorId).executeTakeFirst();
  return { name: v?.shop_name || v?.name || '', upiId: v?.upi_id ?? '' };
}

export interface NewPayLink {
  tokenHash: string;
  vendorId: string;
  customerId: string;
  amountPaise: number;
  createdBy: string;
  expiresAt: Date;
}

export async function insertPayLink(db: Db, link: NewPayLink): Promise<void> {
  await db
    .insertInto('pay_links')
    .values({
      token_hash: link.tokenHash,
      vendor_id: link.vendorId,
      customer_id: link.customerId,
      amount_paise: link.amountPaise,
      created_by: link.createdBy,
      expires_at: link.expiresAt,
    })
    .execute();
}

/** The link with this hash while it has not expired at `now`: its shop, amount and expiry only. */
export const livePayLink = (db: Db, tokenHash: string, now: Date) =>
  db
    .selectFrom('pay_links')
    .select(['vendor_id', 'amount_paise', 'expires_at'])
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', now)
    .executeTakeFirst();
