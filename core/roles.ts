/** The roles an account has by itself: what an admin can set on a user. */
export const ACCOUNT_ROLES = ['admin', 'user', 'vendor', 'delivery'] as const;
export type AccountRole = (typeof ACCOUNT_ROLES)[number];

/**
 * The roles of a shop's staff: a person (an account of their own) working for one shop, given the role
 * by its owner (the vendor account). Signed in, a staff member has this role and the owner's shop.
 */
export const STAFF_ROLES = ['manager', 'cashier', 'stock'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const ROLES = [...ACCOUNT_ROLES, ...STAFF_ROLES] as const;
export type Role = AccountRole | StaffRole;

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}
