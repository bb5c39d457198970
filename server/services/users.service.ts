import type { z } from 'zod';
import { MSG } from '../../core/messages';
import type { Role } from '../../core/roles';
import type { Address, profileUpdateSchema, registerSchema } from '../../core/schemas/user';
import type { Db } from '../db';
import type { User } from '../db/types';
import { badRequest, HttpError, notFound } from '../lib/errors';
import { newId } from '../lib/ids';
import { CODE_MAX_TRIES, codeExpiry, codeMatches, codeVoid, hashCode, newCode } from '../lib/one-time-code';
import { type AuthUser, burnPasswordCheck, hashPassword, type SessionService, verifyPassword } from './auth.service';
import type { SmsSender } from './sms.service';

export function toUserDto(u: User) {
  return {
    _id: u.id,
    name: u.name,
    email: u.email ?? '',
    phone: u.phone,
    role: u.role,
    addresses: u.addresses ?? [],
    gstNumber: u.gst_number ?? '',
    vendorDetails:
      u.role === 'vendor'
        ? { shopName: u.shop_name ?? '', commissionPercentage: Number(u.commission_percentage), isActive: u.vendor_active }
        : undefined,
    createdAt: u.created_at,
  };
}
export type UserDto = ReturnType<typeof toUserDto>;

export class UsersService {
  constructor(
    private readonly db: Db,
    private readonly sessions: SessionService,
    private readonly sms: SmsSender,
  ) {}

  private async byId(id: string): Promise<User> {
    const u = await this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    if (!u) throw notFound('User not found');
    return u;
  }

  private async withToken(u: User) {
    const { token, expiresAt } = await this.sessions.create(u.id);
    return { ...toUserDto(u), token, expiresAt: expiresAt.getTime() };
  }

  async login(phone: string, password: string) {
    const u = await this.db.selectFrom('users').selectAll().where('phone', '=', phone).executeTakeFirst();
    if (!u) {
      await burnPasswordCheck(password);
      throw new HttpError(401, MSG.invalidCredentials);
    }
    if (!(await verifyPassword(u.password_hash, password))) throw new HttpError(401, MSG.invalidCredentials);
    return this.withToken(u);
  }

  /**
   * Step 1 of registration. Answers the same whether or not the phone has an account (SPEC §7
   * payload; docs/security.md "Account discovery"): both paths hash the password and send one SMS.
   * A new phone gets a 6-digit code and a pending registration (a new submit replaces it); a phone
   * with an account gets a note that someone tried to register it, and nothing is stored.
   */
  async register(input: z.infer<typeof registerSchema>) {
    const area = await this.db.selectFrom('areas').select('name').where('name', '=', input.address.area).executeTakeFirst();
    if (!area) throw badRequest('address.area: Choose an area from the list');
    const passwordHash = await hashPassword(input.password);
    // Both answers do the same work up to the SMS (hash, clean-up, look-up), so timing tells little.
    await this.db.deleteFrom('pending_registrations').where('expires_at', '<', new Date()).execute();
    const existing = await this.db.selectFrom('users').select('id').where('phone', '=', input.phone).executeTakeFirst();
    if (existing) {
      await this.sms.send(
        input.phone,
        'Someone tried to register a new account with this phone number. You already have an account: sign in, or reset your password if you forgot it.',
      );
      return { message: MSG.registrationCodeSent };
    }
    const code = newCode();
    const row = {
      name: input.name,
      password_hash: passwordHash,
      address: JSON.stringify(input.address),
      code_hash: hashCode(input.phone, code),
      attempts: 0,
      expires_at: codeExpiry(),
      created_at: new Date(),
    };
    await this.db
      .insertInto('pending_registrations')
      .values({ phone: input.phone, ...row })
      .onConflict((oc) => oc.column('phone').doUpdateSet(row))
      .execute();
    await this.sms.send(input.phone, `Your registration code is ${code}. It is valid for 10 minutes.`);
    return { message: MSG.registrationCodeSent };
  }

  /** Step 2: the right code for a pending registration creates the account and signs it in. */
  async verifyRegistration(phone: string, code: string) {
    const pending = await this.db.selectFrom('pending_registrations').selectAll().where('phone', '=', phone).executeTakeFirst();
    if (!pending || codeVoid(pending)) throw badRequest(MSG.otpInvalid);
    // Count the try atomically, so parallel guesses each use up one of the CODE_MAX_TRIES.
    const counted = await this.db
      .updateTable('pending_registrations')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('phone', '=', phone)
      .where('code_hash', '=', pending.code_hash)
      .where('attempts', '<', CODE_MAX_TRIES)
      .returning('phone')
      .executeTakeFirst();
    if (!counted || !codeMatches(pending.code_hash, phone, code)) throw badRequest(MSG.otpInvalid);
    const created = await this.db.transaction().execute(async (trx) => {
      // A code is used once, even by two requests racing with it.
      const taken = await trx
        .deleteFrom('pending_registrations')
        .where('phone', '=', phone)
        .where('code_hash', '=', pending.code_hash)
        .returningAll()
        .executeTakeFirst();
      if (!taken) return undefined;
      return trx
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
        })
        // the phone got an account between the two steps: the pending row goes, nothing is created
        .onConflict((oc) => oc.column('phone').doNothing())
        .returningAll()
        .executeTakeFirst();
    });
    if (!created) throw badRequest(MSG.otpInvalid);
    return this.withToken(created);
  }

  async profile(userId: string) {
    return toUserDto(await this.byId(userId));
  }

  async updateProfile(actor: AuthUser, input: z.infer<typeof profileUpdateSchema>) {
    const current = await this.byId(actor.id);
    if (input.phone && input.phone !== current.phone) {
      const taken = await this.db.selectFrom('users').select('id').where('phone', '=', input.phone).executeTakeFirst();
      if (taken) throw badRequest('phone: This phone number is used by another account');
    }
    const isVendor = current.role === 'vendor';
    const updated = await this.db
      .updateTable('users')
      .set({
        name: input.name,
        email: input.email === undefined ? current.email : input.email || null,
        phone: input.phone ?? current.phone,
        password_hash: input.password ? await hashPassword(input.password) : current.password_hash,
        addresses: JSON.stringify(input.addresses ?? current.addresses),
        gst_number: isVendor && input.gstNumber !== undefined ? input.gstNumber || null : current.gst_number,
        shop_name: isVendor && input.vendorDetails?.shopName !== undefined ? input.vendorDetails.shopName : current.shop_name,
        updated_at: new Date(),
      })
      .where('id', '=', actor.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toUserDto(updated);
  }

  async updateAddresses(userId: string, addresses: Address[]) {
    const updated = await this.db
      .updateTable('users')
      .set({ addresses: JSON.stringify(addresses), updated_at: new Date() })
      .where('id', '=', userId)
      .returningAll()
      .executeTakeFirst();
    if (!updated) throw notFound('User not found');
    return toUserDto(updated);
  }

  async areas(): Promise<string[]> {
    const rows = await this.db.selectFrom('areas').select('name').orderBy('name').execute();
    return rows.map((r) => r.name);
  }

  async vendors() {
    const rows = await this.db.selectFrom('users').selectAll().where('role', '=', 'vendor').orderBy('name').execute();
    return rows.map(toUserDto);
  }

  async list() {
    const rows = await this.db.selectFrom('users').selectAll().orderBy('created_at', 'desc').execute();
    return rows.map(toUserDto);
  }

  async get(id: string) {
    return toUserDto(await this.byId(id));
  }

  /**
   * Locks every admin row, in id order so that concurrent calls cannot deadlock, and returns their ids.
   * Two admins demoting or deleting each other at the same time then run one after the other, and the
   * second sees that only one admin is left.
   */
  private static async lockAdmins(trx: Db): Promise<string[]> {
    const rows = await trx.selectFrom('users').select('id').where('role', '=', 'admin').orderBy('id').forUpdate().execute();
    return rows.map((r) => r.id);
  }

  private static assertNotLastAdmin(u: User, admins: string[]) {
    if (u.role === 'admin' && !admins.some((id) => id !== u.id)) throw badRequest(MSG.lastAdmin);
  }

  async delete(id: string) {
    await this.db.transaction().execute(async (trx) => {
      const admins = await UsersService.lockAdmins(trx);
      const u = await trx.selectFrom('users').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
      if (!u) throw notFound('User not found');
      UsersService.assertNotLastAdmin(u, admins);
      const hasOrders = await trx.selectFrom('orders').select('id').where('vendor_id', '=', id).limit(1).executeTakeFirst();
      if (hasOrders) throw badRequest('This vendor has orders; set the vendor inactive instead of deleting');
      await trx.deleteFrom('users').where('id', '=', id).execute();
    });
    return { message: MSG.userDeleted };
  }

  async changeRole(id: string, role: Role) {
    return this.db.transaction().execute(async (trx) => {
      const admins = await UsersService.lockAdmins(trx);
      const u = await trx.selectFrom('users').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
      if (!u) throw notFound('User not found');
      if (role !== 'admin') UsersService.assertNotLastAdmin(u, admins);
      const becomesVendor = role === 'vendor' && u.role !== 'vendor';
      const updated = await trx
        .updateTable('users')
        .set({
          role,
          ...(becomesVendor ? { shop_name: u.shop_name ?? '', commission_percentage: 0, vendor_active: true } : {}),
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return { message: MSG.userRoleUpdated, user: toUserDto(updated) };
    });
  }

  async setVendorActive(vendorId: string, isActive: boolean) {
    const updated = await this.db
      .updateTable('users')
      .set({ vendor_active: isActive, updated_at: new Date() })
      .where('id', '=', vendorId)
      .where('role', '=', 'vendor')
      .returning('id')
      .executeTakeFirst();
    if (!updated) throw notFound('Vendor not found');
    return { message: MSG.vendorStatusUpdated, isActive };
  }

  /** Same answer whether or not the phone has an account. */
  async forgotPassword(phone: string) {
    const u = await this.db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirst();
    if (u) {
      const code = newCode();
      await this.db.deleteFrom('password_resets').where('phone', '=', phone).execute();
      await this.db
        .insertInto('password_resets')
        .values({ id: newId(), phone, code_hash: hashCode(phone, code), expires_at: codeExpiry(), used_at: null })
        .execute();
      await this.sms.send(phone, `Your password reset code is ${code}. It is valid for 10 minutes.`);
    }
    return { message: MSG.otpSent };
  }

  async resetPassword(phone: string, otp: string, password: string) {
    const reset = await this.db
      .selectFrom('password_resets')
      .selectAll()
      .where('phone', '=', phone)
      .where('used_at', 'is', null)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    if (!reset || codeVoid(reset)) throw badRequest(MSG.otpInvalid);
    // Count the try atomically: parallel guesses each use up one of the CODE_MAX_TRIES.
    const counted = await this.db
      .updateTable('password_resets')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', reset.id)
      .where('attempts', '<', CODE_MAX_TRIES)
      .where('used_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!counted || !codeMatches(reset.code_hash, phone, otp)) throw badRequest(MSG.otpInvalid);
    const user = await this.db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirst();
    if (!user) throw badRequest(MSG.otpInvalid);
    const passwordHash = await hashPassword(password);
    await this.db.transaction().execute(async (trx) => {
      // A code is used once, even by two requests racing with it.
      const used = await trx
        .updateTable('password_resets')
        .set({ used_at: new Date() })
        .where('id', '=', reset.id)
        .where('used_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      if (!used) throw badRequest(MSG.otpInvalid);
      await trx.updateTable('users').set({ password_hash: passwordHash, updated_at: new Date() }).where('id', '=', user.id).execute();
      await trx.deleteFrom('sessions').where('user_id', '=', user.id).execute();
    });
    return { message: MSG.passwordReset };
  }
}
