import type { Role } from '../../core/roles';

/** The text key of each role's name; each screen's namespace (home, profile, admin) words it its own way. */
export const ROLE_KEYS = {
  user: 'roleUser',
  vendor: 'roleVendor',
  admin: 'roleAdmin',
  delivery: 'roleDelivery',
  manager: 'roleManager',
  cashier: 'roleCashier',
  stock: 'roleStock',
} as const satisfies Record<Role, string>;
