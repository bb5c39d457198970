import { INDIAN_MOBILE } from '../../core/phone';
import { newId } from '../lib/ids';
import { hashPassword } from '../services/auth.service';
import type { Db } from '.';

/** An admin account guards every user's data: its password is longer than a customer's minimum. */
export const ADMIN_PASSWORD_MIN = 12;

export interface CreateAdminInput {
  phone: string;
  password: string;
  name?: string;
}

/**
 * Creates an admin account, or makes the account of that phone an admin with the new password
 * (its other sessions end). Throws an Error with a message for the operator on bad input.
 */
export async function createAdmin(db: Db, input: CreateAdminInput): Promise<'created' | 'promoted'> {
  if (!INDIAN_MOBILE.test(input.phone)) throw new Error('The phone must be a 10-digit Indian mobile number (starting 6-9).');
  if (input.password.length < ADMIN_PASSWORD_MIN) throw new Error(`The admin password must be at least ${ADMIN_PASSWORD_MIN} characters.`);
  if (input.password.length > 200) throw new Error('The admin password must be at most 200 characters.');
  const passwordHash = await hashPassword(input.password);
  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('users').select('id').where('phone', '=', input.phone).forUpdate().executeTakeFirst();
    if (existing) {
      await trx
        .updateTable('users')
        .set({ role: 'admin', password_hash: passwordHash, updated_at: new Date() })
        .where('id', '=', existing.id)
        .execute();
      await trx.deleteFrom('sessions').where('user_id', '=', existing.id).execute();
      return 'promoted';
    }
    await trx
      .insertInto('users')
      .values({
        id: newId(),
        name: input.name?.trim() || 'Administrator',
        phone: input.phone,
        role: 'admin',
        password_hash: passwordHash,
        addresses: JSON.stringify([]),
        email: null,
        gst_number: null,
        shop_name: null,
        commission_percentage: 0,
      })
      .execute();
    return 'created';
  });
}
