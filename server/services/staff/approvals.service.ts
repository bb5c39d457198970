import { coded } from '../../../core/coded';
import { APPROVAL_DEFAULTS, type AuditKind, type ApprovalLimits, approvesOwnActs, canApprove } from '../../../core/approvals';
import { CODE } from '../../../core/message-codes';
import { toPaise, toRupees } from '../../../core/money';
import type { ApprovalInput } from '../../../core/schemas/approval';
import type { ApproversDto, AuditEntryDto, ShopSettingsDto } from '../../../core/schemas/staff';
import { istDayEnd, istDayStart } from '../../../core/dates';
import type { Db } from '../../db';
import { HttpError, note } from '../../lib/errors';
import { sellerScope } from '../../security/access';
import type { AuthUser } from '../accounts/auth.service';
import type { PinsService } from './pins.service';
import { asPerson, byOf, managedShop, personName, shopPeople } from './staff-queries';
import { writeAudit } from './shop-audit';

/** What an act asks to be approved for: its kind, why, the record it is about, and its figures. */
export interface ApprovalAsk {
  kind: AuditKind;
  reason?: string | null;
  ref?: string | null;
  details?: Record<string, unknown>;
}

/** The limits as the API shows them (rupees for the return amount). */
const settingsDto = (l: ApprovalLimits): ShopSettingsDto => ({
  approvalLimits: { discountPercent: l.discountPercent, returnAmount: toRupees(l.returnPaise) },
});

/** Where an approval is recorded: the act's own transaction. */
type Trx = Pick<Db, 'insertInto'>;

/**
 * Approvals and the shop's audit (docs/decisions/shop-staff.md). A cashier's void, big return or discount, price below
 * the selling price, credit over the limit and opening the drawer need the PIN of the owner or a manager,
 * given with the request (`approval: { staffId, pin }`); without it the answer is 403 approvalRequired
 * with what would be approved, and nothing changes. Each approval is recorded with who asked, who
 * approved, when and why, and so are prices and stock changed by hand.
 */
export class ApprovalsService {
  constructor(
    private readonly db: Db,
    private readonly pins: PinsService,
  ) {}

  /** The shop's approval limits: the owner's, else the defaults (read in the act's transaction when it has one). */
  async limits(shopId: string, db: Pick<Db, 'selectFrom'> = this.db): Promise<ApprovalLimits> {
    const row = await db.selectFrom('users').select('approval_limits').where('id', '=', shopId).executeTakeFirst();
    return { ...APPROVAL_DEFAULTS, ...(row?.approval_limits ?? {}) };
  }

  async settings(actor: AuthUser, shopId?: string): Promise<ShopSettingsDto> {
    return settingsDto(await this.limits(await managedShop(this.db, actor, shopId)));
  }

  async saveSettings(actor: AuthUser, input: ShopSettingsDto, shopId?: string) {
    const shop = await managedShop(this.db, actor, shopId);
    const limits: ApprovalLimits = {
      discountPercent: input.approvalLimits.discountPercent,
      returnPaise: toPaise(input.approvalLimits.returnAmount),
    };
    await this.db
      .updateTable('users')
      .set({ approval_limits: JSON.stringify(limits) })
      .where('id', '=', shop)
      .execute();
    return { ...note(CODE.approvalLimitsSaved), ...settingsDto(limits) };
  }

  /** Whose PIN may approve the caller's acts: the shop's owner and managers with a PIN set, but not the caller. */
  async approvers(actor: AuthUser): Promise<ApproversDto> {
    const shopId = sellerScope(actor);
    const rows = shopId ? await shopPeople(this.db, shopId).orderBy('u.name').execute() : [];
    const approvers: ApproversDto['approvers'] = [];
    for (const r of rows) {
      const person = asPerson(r);
      if (r.id === actor.id || !r.pin_verifier || !canApprove(person.role)) continue;
      approvers.push({ _id: r.id, name: person.name, role: person.role === 'manager' ? 'manager' : 'vendor' });
    }
    return { approvers };
  }

  /**
   * The approver whose PIN came with a request, checked before the act's transaction: the owner or a
   * manager of the caller's shop, not the caller, with their PIN (a wrong one counts towards their lock).
   * Null when no approval came.
   */
  async verify(actor: AuthUser, approval: ApprovalInput | undefined): Promise<string | null> {
    if (!approval) return null;
    if (approval.staffId === actor.id) throw new HttpError(403, coded(CODE.approvalSelf), { field: 'approval' });
    const shopId = sellerScope(actor);
    const row = shopId ? await shopPeople(this.db, shopId).where('u.id', '=', approval.staffId).executeTakeFirst() : undefined;
    const person = row && asPerson(row);
    if (!row || !person || !canApprove(person.role)) throw new HttpError(403, coded(CODE.approverNotAllowed), { field: 'approval' });
    if (!row.pin_verifier) throw new HttpError(409, coded(CODE.pinNotSet, { name: person.name }), { field: 'approval' });
    await this.pins.verifyCounted(row.id, row.pin_verifier, approval.pin, actor.deviceId ?? 'approvals');
    return row.id;
  }

  /**
   * Who approves `ask` (inside the act's transaction, no reads): the caller when their role approves its
   * own acts, else the approver `verify` checked; without one, 403 approvalRequired with what would be approved.
   */
  grant(actor: AuthUser, ask: ApprovalAsk, verified: string | null): string {
    if (approvesOwnActs(actor)) return actor.id;
    if (verified) return verified;
    throw new HttpError(403, coded(CODE.approvalRequired, { kind: ask.kind }), { approval: { kind: ask.kind, ...ask.details } });
  }

  /** `verify` and `grant` at once, for an act that knows before its transaction that it needs an approval. */
  async approver(actor: AuthUser, ask: ApprovalAsk, approval: ApprovalInput | undefined): Promise<string> {
    return approvesOwnActs(actor) ? actor.id : this.grant(actor, ask, await this.verify(actor, approval));
  }

  /** Records an approved act, a change by hand or a till's shift closed over or short, in the act's transaction. */
  async record(trx: Trx, actor: AuthUser, ask: ApprovalAsk, approvedBy: string | null): Promise<void> {
    await writeAudit(trx, actor, ask, approvedBy);
  }

  /** GET /api/shop/audit: the shop's entries between two India-time days (inclusive), oldest first. */
  async audit(
    actor: AuthUser,
    q: { from?: string; to?: string; staffId?: string; shopId?: string },
  ): Promise<{ entries: AuditEntryDto[] }> {
    const shop = await managedShop(this.db, actor, q.shopId);
    let sel = this.db
      .selectFrom('shop_audit as a')
      .select(['a.id', 'a.at', 'a.kind', 'a.asked_by', 'a.approved_by', 'a.reason', 'a.ref', 'a.details'])
      .select([personName('a.asked_by').as('asked_name'), personName('a.approved_by').as('approved_name')])
      .where('a.shop_id', '=', shop);
    if (q.from) sel = sel.where('a.at', '>=', istDayStart(q.from));
    if (q.to) sel = sel.where('a.at', '<', istDayEnd(q.to));
    if (q.staffId) sel = sel.where((eb) => eb.or([eb('a.asked_by', '=', q.staffId!), eb('a.approved_by', '=', q.staffId!)]));
    const rows = await sel.orderBy('a.at').orderBy('a.id').limit(5000).execute();
    return {
      entries: rows.map((r) => ({
        _id: r.id,
        at: new Date(r.at).toISOString(),
        kind: r.kind,
        askedBy: byOf(r.asked_by, r.asked_name),
        approvedBy: byOf(r.approved_by, r.approved_name),
        reason: r.reason,
        ref: r.ref,
        details: r.details ?? {},
      })),
    };
  }
}
