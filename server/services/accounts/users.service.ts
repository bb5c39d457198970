import { CODE } from '../../../core/message-codes';
import type { z } from 'zod';
import type { AccountRole } from '../../../core/roles';
import type { Address, profileUpdateSchema, UserDto } from '../../../core/schemas/user';
import type { Db } from '../../db';
import type { User } from '../../db/types';
import { badRequest, fieldError, note, notFound, unauthorized } from '../../lib/errors';
import { isAdmin, isSeller, isVendor } from '../../security/access';
import { sha256 } from '../../lib/ids';
import { assertPasswordAllowed } from '../../lib/password-policy';
import { type AuthUser, burnPasswordCheck, hashPassword, type SessionService, verifyPassword } from './auth.service';
import { type LoginGuard, REAUTH_CODES, reauthKey } from './login-guard';
import type { PhoneCodesService } from './phone-codes.service';
import { toUserDto } from './user-dto';
import { staffPlace } from '../staff/staff-queries';

export class UsersService {
  constructor(
    private readonly db: Db,
    private readonly sessions: SessionService,
    private readonly loginGuard: LoginGuard,
    private readonly phoneCodes: PhoneCodesService,
  ) {}

  private async byId(id: string): Promise<User> {
    const u = await this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    if (!u) throw notFound(CODE.userNotFound);
    return u;
  }

  private async withToken(u: User) {
    const { token, expiresAt } = await this.sessions.create(u.id);
    return { ...toUserDto(u, await staffPlace(this.db, u.id)), token, expiresAt: expiresAt.getTime() };
  }

  /**
   * Sign-in. The attempt is counted for the phone first (LoginGuard: delays, then a lock); a phone
   * without an account is counted and answered like one with a wrong password, after an argon2
   * check of the same cost.
   */
  async login(phone: string, password: string) {
    await this.loginGuard.begin(phone);
    const u = await this.db.selectFrom('users').selectAll().where('phone', '=', phone).executeTakeFirst();
    if (!u) {
      await burnPasswordCheck(password);
      throw unauthorized(CODE.invalidCredentials);
    }
    if (!(await verifyPassword(u.password_hash, password))) throw unauthorized(CODE.invalidCredentials);
    await this.loginGuard.clear(phone);
    return this.withToken(u);
  }

  async profile(userId: string) {
    const u = await this.byId(userId);
    return this.withAreas(u, toUserDto(u, await staffPlace(this.db, u.id)));
  }

  /** A seller's profile answer carries the areas its shop delivers to (migration 012). */
  private async withAreas(u: User, dto: UserDto): Promise<UserDto> {
    if (!isSeller(u)) return dto;
    const [rows, counts] = await Promise.all([
      this.db.selectFrom('vendor_areas').select('area').where('vendor_id', '=', u.id).orderBy('area').execute(),
      this.productCounts([u.id]),
    ]);
    return { ...dto, deliveryAreas: rows.map((r) => r.area), productCount: counts.get(u.id)?.all ?? 0 };
  }

  /** Each seller's number of products, all and active (what customers see while the seller is on). */
  private async productCounts(vendorIds: string[]): Promise<Map<string, { all: number; active: number }>> {
    if (vendorIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('products')
      .select((eb) => [
        'vendor_id',
        eb.fn.countAll<string>().as('all'),
        eb.fn.count<string>(eb.case().when('is_active', '=', true).then(1).end()).as('active'),
      ])
      .where('vendor_id', 'in', vendorIds)
      .groupBy('vendor_id')
      .execute();
    return new Map(rows.map((r) => [r.vendor_id, { all: Number(r.all), active: Number(r.active) }]));
  }

  /**
   * The delivery areas as the areas table spells them (matched ignoring case), each once; an unknown
   * name refuses the whole update.
   */
  private async knownAreas(names: string[]): Promise<string[]> {
    if (!names.length) return [];
    const rows = await this.db.selectFrom('areas').select('name').execute();
    const byKey = new Map(rows.map((r) => [r.name.toLowerCase(), r.name]));
    const out = new Set<string>();
    for (const n of names) {
      const known = byKey.get(n.trim().toLowerCase());
      if (!known) throw fieldError('deliveryAreas', CODE.unknownDeliveryArea, { name: n });
      out.add(known);
    }
    return [...out];
  }

  /**
   * Saves the profile. Changing the phone, the password or the UPI ID needs the current password
   * (`currentPassword`), so a session alone (a phone left signed in) cannot take the account or its
   * payments over; wrong ones are counted per account with sign-in's delays and lock, apart from the
   * sign-in count. A new password ends every other session of the account (the caller's stays).
   * A new phone is not saved: a code goes to it (POST /verify-phone confirms), and the answer says so
   * (`phoneCodeSent`) whether or not another account has that number.
   */
  async updateProfile(actor: AuthUser, token: string, input: z.infer<typeof profileUpdateSchema>) {
    const current = await this.byId(actor.id);
    const newPhone = input.phone && input.phone !== current.phone ? input.phone : undefined;
    const ownsShop = isVendor(current);
    const canSell = isSeller(current);
    const deliveryAreas = canSell && input.deliveryAreas !== undefined ? await this.knownAreas(input.deliveryAreas) : undefined;
    const newUpiId = canSell && input.upiId !== undefined && (input.upiId.trim() || null) !== current.upi_id;
    if (newPhone || input.password || newUpiId) await this.reauthenticate(current, input.currentPassword);
    if (input.password)
      await assertPasswordAllowed(input.password, {
        phone: current.phone,
        name: current.name,
        shopName: current.shop_name,
        admin: isAdmin(current),
      });
    const passwordHash = input.password ? await hashPassword(input.password) : undefined;
    const updated = await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('users')
        .set({
          name: input.name ?? current.name,
          email: input.email === undefined ? current.email : input.email || null,
          password_hash: passwordHash ?? current.password_hash,
          addresses: JSON.stringify(input.addresses ?? current.addresses),
          gst_number: ownsShop && input.gstNumber !== undefined ? input.gstNumber || null : current.gst_number,
          // the counter's UPI QR codes pay to it (vendors and admins sell at the counter)
          upi_id: canSell && input.upiId !== undefined ? input.upiId.trim() || null : current.upi_id,
          shop_name: ownsShop && input.vendorDetails?.shopName !== undefined ? input.vendorDetails.shopName : current.shop_name,
          // a vendor's invoice prefix: numbers given from now on use it ('' goes back to the shop's initials)
          invoice_prefix:
            ownsShop && input.vendorDetails?.invoicePrefix !== undefined
              ? input.vendorDetails.invoicePrefix || null
              : current.invoice_prefix,
          // over ₹5 crore: the shop's B2B bills are e-invoices (core/einvoice.ts)
          turnover_above_5_crore:
            ownsShop && input.vendorDetails?.turnoverAbove5Crore !== undefined
              ? input.vendorDetails.turnoverAbove5Crore
              : current.turnover_above_5_crore,
          language: input.language ?? current.language,
          updated_at: new Date(),
        })
        .where('id', '=', actor.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      if (deliveryAreas) {
        // replaced as a whole; [] delivers everywhere again
        await trx.deleteFrom('vendor_areas').where('vendor_id', '=', actor.id).execute();
        if (deliveryAreas.length) {
          await trx
            .insertInto('vendor_areas')
            .values(deliveryAreas.map((area) => ({ vendor_id: actor.id, area })))
            .execute();
        }
      }
      if (passwordHash) {
        await trx.deleteFrom('sessions').where('user_id', '=', actor.id).where('token_hash', '!=', sha256(token)).execute();
      }
      return row;
    });
    const user = await this.withAreas(updated, toUserDto(updated, await staffPlace(this.db, updated.id)));
    if (!newPhone) return { user };
    await this.phoneCodes.requestPhoneChange(actor.id, newPhone);
    return { user, phoneCodeSent: true as const };
  }

  /** The current password, asked again before a sensitive change; 400 naming the field when missing or wrong. */
  /** The current password, counted per account with sign-in's delays and lock (a new phone, password, UPI ID or PIN needs it). */
  async reauthenticate(u: User, currentPassword: string | undefined): Promise<void> {
    if (!currentPassword) throw fieldError('currentPassword', CODE.currentPasswordRequired);
    const key = reauthKey(u.id);
    await this.loginGuard.begin(key, REAUTH_CODES);
    if (!(await verifyPassword(u.password_hash, currentPassword))) {
      throw fieldError('currentPassword', CODE.currentPasswordWrong);
    }
    await this.loginGuard.clear(key);
  }

  async updateAddresses(userId: string, addresses: Address[]) {
    const updated = await this.db
      .updateTable('users')
      .set({ addresses: JSON.stringify(addresses), updated_at: new Date() })
      .where('id', '=', userId)
      .returningAll()
      .executeTakeFirst();
    if (!updated) throw notFound(CODE.userNotFound);
    return toUserDto(updated, await staffPlace(this.db, updated.id));
  }

  async areas(): Promise<string[]> {
    const rows = await this.db.selectFrom('areas').select('name').orderBy('name').execute();
    return rows.map((r) => r.name);
  }

  /** Admins get every vendor in full; vendors only what a vendor list needs: id, name and shop name. */
  async vendors(actor: AuthUser) {
    const rows = await this.db.selectFrom('users').selectAll().where('role', '=', 'vendor').orderBy('name').execute();
    if (isAdmin(actor)) {
      // with the products each has: switching a vendor off hides its active ones (the admin's confirmation says how many)
      const counts = await this.productCounts(rows.map((u) => u.id));
      return rows.map((u) => ({
        ...toUserDto(u),
        productCount: counts.get(u.id)?.all ?? 0,
        activeProducts: counts.get(u.id)?.active ?? 0,
      }));
    }
    return rows.map((u) => ({ _id: u.id, name: u.name, vendorDetails: { shopName: u.shop_name ?? '' } }));
  }

  async list() {
    const rows = await this.db.selectFrom('users').selectAll().orderBy('created_at', 'desc').execute();
    return rows.map((u) => toUserDto(u));
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
    if (isAdmin(u) && !admins.some((id) => id !== u.id)) throw badRequest(CODE.lastAdmin);
  }

  async delete(id: string) {
    await this.db.transaction().execute(async (trx) => {
      const admins = await UsersService.lockAdmins(trx);
      const u = await trx.selectFrom('users').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
      if (!u) throw notFound(CODE.userNotFound);
      UsersService.assertNotLastAdmin(u, admins);
      const hasOrders = await trx.selectFrom('orders').select('id').where('vendor_id', '=', id).limit(1).executeTakeFirst();
      if (hasOrders) throw badRequest(CODE.vendorHasOrders);
      await trx.deleteFrom('users').where('id', '=', id).execute();
    });
    return note(CODE.userDeleted);
  }

  async changeRole(id: string, role: AccountRole) {
    return this.db.transaction().execute(async (trx) => {
      const admins = await UsersService.lockAdmins(trx);
      const u = await trx.selectFrom('users').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
      if (!u) throw notFound(CODE.userNotFound);
      // the user as the change leaves it
      const next = { role };
      if (!isAdmin(next)) UsersService.assertNotLastAdmin(u, admins);
      const becomesVendor = isVendor(next) && !isVendor(u);
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
      // a shop's staff member made a vendor, a rider or an admin leaves the staff (one role at a time), signed out
      if (role !== 'user' && (await trx.deleteFrom('shop_staff').where('user_id', '=', id).executeTakeFirst()).numDeletedRows > 0n) {
        await trx.deleteFrom('sessions').where('user_id', '=', id).execute();
      }
      return { ...note(CODE.userRoleUpdated), user: toUserDto(updated) };
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
    if (!updated) throw notFound(CODE.vendorNotFound);
    return { ...note(CODE.vendorStatusUpdated), isActive };
  }
}
