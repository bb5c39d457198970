import type { Role } from '../../core/roles';
import { can } from '../lib/can';
import type { Translate } from '../lib/i18n';

const KEYS: Partial<Record<Role, 'teamOwner' | 'teamManager' | 'teamCashier' | 'teamStock'>> = {
  vendor: 'teamOwner',
  manager: 'teamManager',
  cashier: 'teamCashier',
  stock: 'teamStock',
};

/** A shop person's role as the header's badge names it (the owner, a manager ...); undefined for anyone else. */
export function teamRoleLabel(user: { role: Role }, t: Translate<'common'>): string | undefined {
  const key = can(user, 'team') ? KEYS[user.role] : undefined;
  return key ? t(key) : undefined;
}
