import { CODE } from '../../../core/message-codes';
import type { z } from 'zod';
import { sql } from 'kysely';
import type { registerSchema } from '../../../core/schemas/user';
import type { Db } from '../../db';
import type { User } from '../../db/types';
import { fieldError, note } from '../../lib/errors';
import { isAdmin } from '../../security/access';
import { newId, sha256 } from '../../lib/ids';
import { assertPasswordAllowed } from '../../lib/password-policy';
import { type CodeGuesses, codeExpiry, guessCode, hashCode, newCode } from '../../lib/one-time-code';
import { hashPassword, type SessionService } from './auth.service';
import { type LoginGuard, reauthKey } from './login-guard';
import type { CappedSmsSender } from './sms.service';
import { toUserDto } from './user-dto';
import { staffPlace } from '../staff/staff-queries';

const TEXT = {
  registrationCode: (code: string) => `Your registration code is ${code}. It is valid for 10 minutes.`,
  alreadyRegistered:
    'Someone tried to register a new account with this phone number. You already have an account: sign in, or reset your password if you forgot it.',
  resetCode: (code: string) => `Your password reset code is ${code}. It is valid for 10 minutes.`,
  resetNoAccount: 'Someone asked to reset a password for this phone number, but it has no account. If it was not you, ignore this message.',
  phoneCode: (code: string) =>
    `Your code to make this your account's phone number is ${code}. It is valid for 10 minutes. If you did not ask for it, ignore this message.`,
  phoneHasAccount:
    'Someone asked to make this number the phone of an account, but this number already has an account. If it was not you, ignore this message.',
  phoneChanged: (newPhone: string, code: string) =>
    `The phone number of your account was changed to ******${newPhone.slice(-4)}. If you did not do this, undo it within 7 days: on the sign-in page choose "Undo a phone change", and enter this number and the code ${code}.`,
};

/** How long a confirmed phone change can be undone from the old number. */
export const PHONE_UNDO_DAYS = 7;

/** PostgreSQL's unique_violation: another account took the phone first. */
const isUniqueViolation = (err: unknown) => (err as { code?: string })?.code === '23505';

/**
 * Everything confirmed by a 6-digit SMS code: registration, password reset and phone change.
 * Each code lives 10 minutes and allows 5 tries; wrong codes are also counted per phone and day
 * across codes and kinds (CodeGuesses), so asking for a new code does not bring new tries.
 * A phone with and without an account get the same answer after the same work (one look-up,
 * one row written, one SMS through the caps).
 */
export class PhoneCodesService {
  constructor(
    private readonly db: Db,
    private readonly sessions: SessionService,
    private readonly sms: CappedSmsSender,
    private readonly guesses: CodeGuesses,
    private readonly loginGuard: LoginGuard,
  ) {}

  private async withToken(u: User) {
    const { token, expiresAt } = await this.sessions.create(u.id);
    return { ...toUserDto(u), token, expiresAt: expiresAt.getTime() };
  }

  /**
   * Registration step 1: the same 202 for every phone. Each request gets its own row and code, so a
   * second request for the phone never replaces the first person's details. A phone with an account
   * gets a row whose code is never sent (it can confirm nothing) and a note instead of the code.
   */
  async register(input: z.infer<typeof registerSchema>) {
    const area = await this.db.selectFrom('areas').select('name').where('name', '=', input.address.area).executeTakeFirst();
    if (!area) throw fieldError('address.area', CODE.chooseAreaFromList);
    await assertPasswordAllowed(input.password, { phone: input.phone, name: input.name });
    const passwordHash = await hashPassword(input.password);
    const existing = await this.phoneInUse(input.phone);
    if (await this.guesses.spent(input.phone)) return note(CODE.registrationCodeSent);
    const code = newCode();
    await this.db
      .insertInto('pending_registrations')
      .values({
        id: newId(),
        phone: input.phone,
        name: input.name,
        password_hash: passwordHash,
        address: JSON.stringify(input.address),
        code_hash: hashCode(input.phone, code),
        attempts: 0,
        expires_at: codeExpiry(),
        created_at: new Date(),
        language: input.language ?? 'en',
      })
      .execute();
    await this.sms.send(input.phone, existing ? TEXT.alreadyRegistered : TEXT.registrationCode(code));
    return note(CODE.registrationCodeSent);
  }

  /** Registration step 2: the code picks its own request, which becomes the account (signed in). */
  async verifyRegistration(phone: string, code: string) {
    const release = await this.guesses.take(phone);
    const match = await guessCode(this.db, 'pending_registrations', sql`phone = ${phone}`, phone, code);
    if (!match) throw fieldError('code', CODE.otpInvalid);
    await release();
    const created = await this.db.transaction().execute(async (trx) => {
      // A code is used once, even by two requests racing with it.
      const taken = await trx.deleteFrom('pending_registrations').where('id', '=', match.id).returningAll().executeTakeFirst();
      if (!taken) return undefined;
      const user = await trx
        .insertInto('users')
        .values({
          id: newId(),
          name: taken.name,
          phone,
          role: 'user',
          password_hash: taken.password_hash,
          addresses: JSON.stringify([taken.address]),
          email: null,
          gst_number: null,
          shop_name: null,
          commission_percentage: 0,
          language: taken.language,
        })
        // the phone got an account between the two steps: the pending row goes, nothing is created
        .onConflict((oc) => oc.column('phone').doNothing())
        .returningAll()
        .executeTakeFirst();
      // the phone has its account: the other requests for it can confirm nothing any more
      if (user) await trx.deleteFrom('pending_registrations').where('phone', '=', phone).execute();
      return user;
    });
    if (!created) throw fieldError('code', CODE.otpInvalid);
    await this.loginGuard.clear(phone);
    return this.withToken(created);
  }

  /**
   * The same answer and the same work whether or not the phone has an account: a new code row
   * (replacing the phone's older ones) and one SMS, the code for an account, a note otherwise.
   */
  async forgotPassword(phone: string) {
    const user = await this.db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirst();
    if (await this.guesses.spent(phone)) return note(CODE.otpSent);
    const code = newCode();
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('password_resets').where('phone', '=', phone).execute();
      await trx
        .insertInto('password_resets')
        .values({ id: newId(), phone, code_hash: hashCode(phone, code), expires_at: codeExpiry(), used_at: null })
        .execute();
    });
    await this.sms.send(phone, user ? TEXT.resetCode(code) : TEXT.resetNoAccount);
    return note(CODE.otpSent);
  }

  /** The right code sets the new password, ends every session and lifts a sign-in lock. */
  async resetPassword(phone: string, otp: string, password: string) {
    await assertPasswordAllowed(password, { phone });
    const release = await this.guesses.take(phone);
    const match = await guessCode(this.db, 'password_resets', sql`phone = ${phone} AND used_at IS NULL`, phone, otp);
    if (!match) throw fieldError('otp', CODE.otpInvalid);
    await release();
    const user = await this.db
      .selectFrom('users')
      .select(['id', 'name', 'shop_name', 'role'])
      .where('phone', '=', phone)
      .executeTakeFirst();
    if (!user) throw fieldError('otp', CODE.otpInvalid);
    await assertPasswordAllowed(password, { phone, name: user.name, shopName: user.shop_name, admin: isAdmin(user) });
    const passwordHash = await hashPassword(password);
    await this.db.transaction().execute(async (trx) => {
      // A code is used once, even by two requests racing with it.
      const used = await trx
        .updateTable('password_resets')
        .set({ used_at: new Date() })
        .where('id', '=', match.id)
        .where('used_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      if (!used) throw fieldError('otp', CODE.otpInvalid);
      await trx.updateTable('users').set({ password_hash: passwordHash, updated_at: new Date() }).where('id', '=', user.id).execute();
      await trx.deleteFrom('sessions').where('user_id', '=', user.id).execute();
    });
    await this.loginGuard.clear(phone);
    await this.loginGuard.clear(reauthKey(user.id));
    return note(CODE.passwordReset);
  }

  /**
   * Texts a code to the new phone of a profile; the phone changes only when the code comes back. A
   * number that another account has (or keeps for an undo) gets a row whose code is never sent and a
   * note instead, so the caller's answer is the same either way.
   */
  async requestPhoneChange(userId: string, phone: string): Promise<void> {
    const taken = await this.phoneInUse(phone, userId);
    if (await this.guesses.spent(phone)) return;
    const code = newCode();
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('phone_changes').where('user_id', '=', userId).execute();
      await trx
        .insertInto('phone_changes')
        .values({ id: newId(), user_id: userId, phone, code_hash: hashCode(phone, code), expires_at: codeExpiry() })
        .execute();
    });
    await this.sms.send(phone, taken ? TEXT.phoneHasAccount : TEXT.phoneCode(code));
  }

  /**
   * True when the phone is another account's, or kept for another account's undo of a phone change
   * (`exceptUserId`: the account asking, whose own old numbers are not taken for it).
   */
  private async phoneInUse(phone: string, exceptUserId?: string, db: Db = this.db): Promise<boolean> {
    const now = new Date();
    const { rows } = await sql<{ taken: boolean }>`
      SELECT EXISTS (SELECT 1 FROM users WHERE phone = ${phone} AND id IS DISTINCT FROM ${exceptUserId ?? null}::uuid)
          OR EXISTS (SELECT 1 FROM phone_change_undos WHERE old_phone = ${phone} AND expires_at > ${now}
                       AND user_id IS DISTINCT FROM ${exceptUserId ?? null}::uuid) AS taken`.execute(db);
    return !!rows[0]?.taken;
  }

  /**
   * The right code moves the account to the new phone, unless another account has it by now. Every
   * other session of the account ends, and the old number is told, with a code that undoes the
   * change for PHONE_UNDO_DAYS (the old number stays kept for the account until then).
   */
  async confirmPhoneChange(userId: string, token: string, phone: string, code: string) {
    const release = await this.guesses.take(phone);
    const match = await guessCode(this.db, 'phone_changes', sql`user_id = ${userId} AND phone = ${phone}`, phone, code);
    if (!match) throw fieldError('code', CODE.otpInvalid);
    await release();
    const undoCode = newCode();
    let changed: { user: User; oldPhone: string } | undefined;
    try {
      changed = await this.db.transaction().execute(async (trx) => {
        const taken = await trx.deleteFrom('phone_changes').where('id', '=', match.id).returning('id').executeTakeFirst();
        if (!taken) throw fieldError('code', CODE.otpInvalid);
        if (await this.phoneInUse(phone, userId, trx)) throw fieldError('phone', CODE.phoneTaken);
        const before = await trx.selectFrom('users').select('phone').where('id', '=', userId).forUpdate().executeTakeFirst();
        if (!before) return undefined;
        const user = await trx
          .updateTable('users')
          .set({ phone, updated_at: new Date() })
          .where('id', '=', userId)
          .returningAll()
          .executeTakeFirstOrThrow();
        await trx.deleteFrom('sessions').where('user_id', '=', userId).where('token_hash', '!=', sha256(token)).execute();
        if (before.phone !== phone) {
          await trx
            .insertInto('phone_change_undos')
            .values({
              id: newId(),
              user_id: userId,
              old_phone: before.phone,
              new_phone: phone,
              code_hash: hashCode(before.phone, undoCode),
              expires_at: new Date(Date.now() + PHONE_UNDO_DAYS * 86_400_000),
            })
            .execute();
        }
        return { user, oldPhone: before.phone };
      });
    } catch (err) {
      // another account took the phone between the look-up and the update
      if (isUniqueViolation(err)) throw fieldError('phone', CODE.phoneTaken);
      throw err;
    }
    if (!changed) throw fieldError('code', CODE.otpInvalid);
    await this.loginGuard.clear(phone);
    if (changed.oldPhone !== phone) await this.sms.send(changed.oldPhone, TEXT.phoneChanged(phone, undoCode));
    return toUserDto(changed.user, await staffPlace(this.db, changed.user.id));
  }

  /**
   * From the old number, with the code texted there at the change: the account gets its old phone
   * back and the new password, every session ends, and a sign-in lock on it is lifted.
   */
  async undoPhoneChange(oldPhone: string, code: string, password: string) {
    await assertPasswordAllowed(password, { phone: oldPhone });
    const release = await this.guesses.take(oldPhone);
    const match = await guessCode(this.db, 'phone_change_undos', sql`old_phone = ${oldPhone}`, oldPhone, code);
    if (!match) throw fieldError('code', CODE.otpInvalid);
    await release();
    const row = await this.db.selectFrom('phone_change_undos').select('user_id').where('id', '=', match.id).executeTakeFirst();
    const owner =
      row && (await this.db.selectFrom('users').select(['name', 'shop_name', 'role']).where('id', '=', row.user_id).executeTakeFirst());
    if (!row || !owner) throw fieldError('code', CODE.otpInvalid);
    await assertPasswordAllowed(password, { phone: oldPhone, name: owner.name, shopName: owner.shop_name, admin: isAdmin(owner) });
    const passwordHash = await hashPassword(password);
    const userId = row.user_id;
    try {
      await this.db.transaction().execute(async (trx) => {
        // a code is used once, even by two requests racing with it
        const used = await trx.deleteFrom('phone_change_undos').where('id', '=', match.id).returning('id').executeTakeFirst();
        if (!used) throw fieldError('code', CODE.otpInvalid);
        const other = await trx.selectFrom('users').select('id').where('phone', '=', oldPhone).where('id', '!=', userId).executeTakeFirst();
        if (other) throw fieldError('phone', CODE.phoneTaken);
        await trx
          .updateTable('users')
          .set({ phone: oldPhone, password_hash: passwordHash, updated_at: new Date() })
          .where('id', '=', userId)
          .execute();
        await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
        await trx.deleteFrom('phone_changes').where('user_id', '=', userId).execute();
        await trx.deleteFrom('phone_change_undos').where('user_id', '=', userId).execute();
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw fieldError('phone', CODE.phoneTaken);
      throw err;
    }
    await this.loginGuard.clear(oldPhone);
    await this.loginGuard.clear(reauthKey(userId));
    return note(CODE.phoneChangeUndone);
  }
}
