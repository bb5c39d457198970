import type { AuditKind } from '../../../core/approvals';
import type { Db } from '../../db';
import { newId } from '../../lib/ids';
import { sellerScope } from '../../security/access';
import type { AuthUser } from '../accounts/auth-user';

/**
 * An entry of a shop's audit: its kind (an approval's, core/approvals.ts AuditKind, or another act the
 * shop keeps a record of), why, the record it is about, and its figures.
 */
export interface AuditEntry {
  kind: AuditKind;
  reason?: string | null;
  ref?: string | null;
  details?: Record<string, unknown>;
}

/** Where an entry is written: the act's own transaction. */
type Trx = Pick<Db, 'insertInto'>;

/**
 * Writes one row of the shop's audit (GET /api/shop/audit) in the act's transaction: asked by the
 * person acting, approved by `approvedBy` (null for a change made by hand), with the till the person
 * switched in on. The shop is the caller's, or `shopId` when the row belongs to a shop whose record an
 * admin changed; a caller of no shop and no `shopId` writes nothing.
 */
export async function writeAudit(
  trx: Trx,
  actor: AuthUser,
  entry: AuditEntry,
  approvedBy: string | null,
  shopId: string | null | undefined = sellerScope(actor),
): Promise<void> {
  if (!shopId) return;
  await trx
    .insertInto('shop_audit')
    .values({
      id: newId(),
      shop_id: shopId,
      kind: entry.kind,
      asked_by: actor.id,
      approved_by: approvedBy,
      reason: entry.reason ?? null,
      ref: entry.ref ?? null,
      details: JSON.stringify({ ...entry.details, ...(actor.deviceId ? { deviceId: actor.deviceId } : {}) }),
    })
    .execute();
}
