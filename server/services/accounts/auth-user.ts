import type { Role } from '../../../core/roles';

/** Who a signed-in request acts as. */
export interface AuthUser {
  /** The person: what "by" records. */
  id: string;
  /** The account's role, or for a shop's staff member the role the owner gave them. */
  role: Role;
  name: string;
  phone: string;
  /** The shop the person works for: a vendor's own id, a staff member's owner; null for anyone else. */
  shopId: string | null;
  /** The till a PIN switch opened this session on; null for a sign-in. */
  deviceId: string | null;
}
