import type { z } from 'zod';
import { sql } from 'kysely';
import { MSG } from '../../core/messages';
import type { registerSchema } from '../../core/schemas/user';
import type { Db } from '../db';
import type { User } from '../db/types';
import { badRequest } from '../lib/errors';
import { newId } from '../lib/ids';
import { type CodeGuesses, codeExpiry, guessCode, hashCode, newCode } from '../lib/one-time-code';
import { hashPassword, type SessionService } from './auth.service';
import type { LoginGuard } from './login-guard';
import type { CappedSmsSender } from './sms.service';
import { toUserDto } from './user-dto';

const TEXT = {
  registrationCode: (code: string) => `Your registration code is ${code}. It is valid for 10 minutes.`,
  alreadyRegistered:
    'Someone tried to register a new account with this phone number. You already have an account: sign in, or reset your password if you forgot it.',
  resetCode: (code: string) => `Your password reset code is ${code}. It is valid for 10 minutes.`,
  resetNoAccount: 'Someone asked to reset a password for this phone number, but it has no account. If it was not you, ignore this message.',
  phoneCode: (code: string) =>
    `Your code to make this your account's phone number is ${code}. It is valid for 10 minutes. If you did not ask for it, ignore this message.`,
};

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
    if (!area) throw badRequest('address.area: Choose an area from the list');
    const passwordHash = await hashPassword(input.password);
    const existing = await this.db.selectFrom('users').select('id').where('phone', '=', input.phone).executeTakeFirst();
    if (await this.guesses.spent(input.phone)) return { message: MSG.registrationCodeSent };
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
    return { message: MSG.registrationCodeSent };
  }

  /** Registration step 2: the code picks its own request, which becomes the account (signed in). */
  async verifyRegistration(phone: string, code: string) {
    const release = await this.guesses.take(phone);
    const match = await guessCode(this.db, 'pending_registrations', sql`phone = ${phone}`, phone, code);
    if (!match) throw badRequest(MSG.otpInvalid);
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
    if (!created) throw badRequest(MSG.otpInvalid);
    await this.loginGuard.clear(phone);
    return this.withToken(created);
  }

  /**
   * The same answer and the same work whether or not the phone has an account: a new code row
   * (replacing the phone's older ones) and one SMS, the code for an account, a note otherwise.
   */
  async forgotPassword(phone: string) {
    const user = await this.db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirst();
    if (await this.guesses.spent(phone)) return { message: MSG.otpSent };
    const code = newCode();
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('password_resets').where('phone', '=', phone).execute();
      await trx
        .insertInto('password_resets')
        .values({ id: newId(), phone, code_hash: hashCode(phone, code), expires_at: codeExpiry(), used_at: null })
        .execute();
    });
    await this.sms.send(phone, user ? TEXT.resetCode(code) : TEXT.resetNoAccount);
    return { message: MSG.otpSent };
  }

  /** The right code sets the new password, ends every session and lifts a sign-in lock. */
  async resetPassword(phone: string, otp: string, password: string) {
    const release = await this.guesses.take(phone);
    const match = await guessCode(this.db, 'password_resets', sql`phone = ${phone} AND used_at IS NULL`, phone, otp);
    if (!match) throw badRequest(MSG.otpInvalid);
    await release();
    const user = await this.db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirst();
    if (!user) throw badRequest(MSG.otpInvalid);
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
      if (!used) throw badRequest(MSG.otpInvalid);
      await trx.updateTable('users').set({ password_hash: passwordHash, updated_at: new Date() }).where('id', '=', user.id).execute();
      await trx.deleteFrom('sessions').where('user_id', '=', user.id).execute();
    });
    await this.loginGuard.clear(phone);
    return { message: MSG.passwordReset };
  }

  /** Texts a code to the new phone of a profile; the phone changes only when the code comes back. */
  async requestPhoneChange(userId: string, phone: string): Promise<void> {
    if (await this.guesses.spent(phone)) return;
    const code = newCode();
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('phone_changes').where('user_id', '=', userId).execute();
      await trx
        .insertInto('phone_changes')
        .values({ id: newId(), user_id: userId, phone, code_hash: hashCode(phone, code), expires_at: codeExpiry() })
        .execute();
    });
    await this.sms.send(phone, TEXT.phoneCode(code));
  }

  /** The right code moves the account to the new phone, unless another account has it by now. */
  async confirmPhoneChange(userId: string, phone: string, code: string) {
    const release = await this.guesses.take(phone);
    const match = await guessCode(this.db, 'phone_changes', sql`user_id = ${userId} AND phone = ${phone}`, phone, code);
    if (!match) throw badRequest(MSG.otpInvalid);
    await release();
    let updated: User | undefined;
    try {
      updated = await this.db.transaction().execute(async (trx) => {
        const taken = await trx.deleteFrom('phone_changes').where('id', '=', match.id).returning('id').executeTakeFirst();
        if (!taken) throw badRequest(MSG.otpInvalid);
        const other = await trx.selectFrom('users').select('id').where('phone', '=', phone).where('id', '!=', userId).executeTakeFirst();
        if (other) throw badRequest(MSG.phoneTaken);
        return trx.updateTable('users').set({ phone, updated_at: new Date() }).where('id', '=', userId).returningAll().executeTakeFirst();
      });
    } catch (err) {
      // another account took the phone between the look-up and the update
      if (isUniqueViolation(err)) throw badRequest(MSG.phoneTaken);
      throw err;
    }
    if (!updated) throw badRequest(MSG.otpInvalid);
    await this.loginGuard.clear(phone);
    return toUserDto(updated);
  }
}
