import { MSG } from '../../core/messages';
import { INDIAN_MOBILE } from '../../core/phone';
import { newId } from '../lib/ids';
import { passwordProblem } from '../lib/password-policy';
import { hashPassword } from '../services/accounts/auth.service';
import type { Db } from '.';

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
  if (input.password.length > 200) throw new Error('The admin password must be at most 200 characters.');
  // an admin guards every account: 12 characters, and nothing common, patterned or made from its phone or name
  const existing = await db.selectFrom('users').select(['name', 'shop_name']).where('phone', '=', input.phone).executeTakeFirst();
  const problem = await passwordProblem(input.password, {
    phone: input.phone,
    name: input.name?.trim() || existing?.name,
    shopName: existing?.shop_name,
    admin: true,
  });
  if (problem) throw new Error(MSG[problem]);
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
