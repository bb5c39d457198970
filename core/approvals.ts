import type { MessageCode } from './coded';
import type { Role } from './roles';

/**
 * What needs a manager's or the owner's PIN on the spot when a cashier does it (docs/decisions/shop-staff.md): a void,
 * a return over the owner's amount, a discount over the owner's percentage, a price below the selling
 * price, credit over the customer's limit, opening the drawer without a sale, and a UPI payment confirmed by
 * hand at a shop whose provider confirms them (docs/decisions/upi-confirmed-by-provider.md). The owner, a
 * manager and an admin approve their own acts (recorded all the same).
 */
export const APPROVAL_KINDS = ['void', 'return', 'discount', 'priceBelow', 'creditOverLimit', 'drawerOpen', 'upiByHand'] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];

/**
 * Changes made by hand that the shop's audit records besides approvals: a product's MRP, selling or cost
 * price changed in its form or by an import, and its stock set in its form (not by a purchase, count or
 * adjustment, which the stock ledger names).
 */
export const HAND_CHANGE_KINDS = ['priceChange', 'stockChange'] as const;
/** The kinds of the shop's audit entries (GET /api/shop/audit): approvals, changes by hand, a shift closed over or short. */
export type AuditKind = ApprovalKind | (typeof HAND_CHANGE_KINDS)[number] | 'shiftClose';

/** The roles that approve: their own acts need no one else's PIN. */
const APPROVERS: readonly Role[] = ['vendor', 'manager', 'admin'];
export const approvesOwnActs = (who: { role: Role }): boolean => APPROVERS.includes(who.role);
/** Whose PIN approves another person's act: the shop's owner or a manager. */
export const canApprove = (role: Role): boolean => role === 'vendor' || role === 'manager';

/** The owner's limits until they set their own: a discount over 10 %, a return over ₹1,000. */
export const APPROVAL_DEFAULTS = { discountPercent: 10, returnPaise: 100_000 } as const;
export interface ApprovalLimits {
  discountPercent: number;
  returnPaise: number;
}

/** Whether a counter line's discount (per unit, on a unit price) is over the owner's percentage. */
export const discountOverLimit = (unitPricePaise: number, unitDiscountPaise: number, limits: ApprovalLimits): boolean =>
  unitPricePaise > 0 && unitDiscountPaise * 100 > unitPricePaise * limits.discountPercent;

/** The codes an act that may need an approval answers with. */
export const APPROVAL_CODES = [
  'approvalRequired',
  'approvalSelf',
  'approverNotAllowed',
  'pinNotSet',
  'pinWrong',
  'pinLocked',
] as const satisfies readonly MessageCode[];
