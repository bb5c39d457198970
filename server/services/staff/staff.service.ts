import { coded } from '../../../core/coded';
import { CODE } from '../../../core/message-codes';
import type { CreateStaffInput, StaffDto, UpdateStaffInput } from '../../../core/schemas/staff';
import type { Db } from '../../db';
import { conflict, fieldError, note, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { assertPasswordAllowed } from '../../lib/password-policy';
import { isAdmin, sellerScope } from '../../security/access';
import { type AuthUser, hashPassword } from '../accounts/auth.service';
import { managedShop, staffJoined, toStaffDto } from './staff-queries';

/**
 * A shop's staff (/api/shop/staff, docs/decisions/shop-staff.md): the owner (or an admin, naming the shop) adds a
 * person by phone with a role, changes it, removes them. A person is on one shop's staff at a time;
 * an account that is a shop, a rider or an admin cannot be staff. Removal ends the person's sessions at
 * once, and the tills drop their PIN at their next sync.
 */
export class StaffService {
  constructor(private readonly db: Db) {}

  /** A staff member the caller reaches (an admin any shop's); 404 for missing and not yours alike. */
  private async reach(actor: AuthUser, id: string) {
    const row = await staffJoined(this.db).where('ss.user_id', '=', id).executeTakeFirst();
    if (!row || (!isAdmin(actor) && row.shop_id !== sellerScope(actor))) throw notFound(CODE.staffNotFound);
    return row;
  }

  async list(actor: AuthUser, shopId?: string): Promise<StaffDto[]> {
    const shop = isAdmin(actor) && !shopId ? undefined : await managedShop(this.db, actor, shopId);
    let q = staffJoined(this.db);
    if (shop) q = q.where('ss.shop_id', '=', shop);
    return (await q.orderBy('ss.name').execute()).map(toStaffDto);
  }

  async one(actor: AuthUser, id: string): Promise<StaffDto> {
    return toStaffDto(await this.reach(actor, id));
  }

  async add(actor: AuthUser, input: CreateStaffInput): Promise<StaffDto> {
    const shopId = await managedShop(this.db, actor, input.shopId);
    const passwordHash = input.password ? await hashPassword(input.password) : undefined;
    const userId = await this.db.transaction().execute(async (trx) => {
      const person = await trx.selectFrom('users').select(['id', 'role']).where('phone', '=', input.phone).forUpdate().executeTakeFirst();
      if (person?.id === shopId) throw conflict(coded(CODE.staffSelf), { field: 'phone' });
      if (person && person.role !== 'user') throw conflict(coded(CODE.staffPhoneNotPerson), { field: 'phone' });
      if (person) {
        const place = await trx.selectFrom('shop_staff').select('shop_id').where('user_id', '=', person.id).executeTakeFirst();
        if (place) throw conflict(coded(place.shop_id === shopId ? CODE.staffAlreadyHere : CODE.staffOfAnotherShop), { field: 'phone' });
      }
      let id = person?.id;
      if (!id) {
        // a phone without an account: one is made with the first password the owner gives
        if (!input.password || !passwordHash) throw fieldError('password', CODE.staffNeedsPassword);
        await assertPasswordAllowed(input.password, { phone: input.phone, name: input.name, shopName: null, admin: false });
        id = newId();
        await trx
          .insertInto('users')
          .values({ id, name: input.name, phone: input.phone, role: 'user', password_hash: passwordHash, addresses: '[]' })
          .execute();
      }
      await trx
        .insertInto('shop_staff')
        .values({ user_id: id, shop_id: shopId, name: input.name, role: input.role, added_by: actor.id })
        .execute();
      return id;
    });
    return toStaffDto(await this.reach(actor, userId));
  }

  async update(actor: AuthUser, id: string, input: UpdateStaffInput): Promise<StaffDto> {
    const row = await this.reach(actor, id);
    await this.db
      .updateTable('shop_staff')
      .set({ name: input.name ?? row.name, role: input.role ?? row.role })
      .where('user_id', '=', row.user_id)
      .execute();
    return toStaffDto(await this.reach(actor, id));
  }

  /** Removes a person from the staff and ends every session of theirs, on every device and till. */
  async remove(actor: AuthUser, id: string) {
    const row = await this.reach(actor, id);
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('shop_staff').where('user_id', '=', row.user_id).execute();
      await trx.deleteFrom('sessions').where('user_id', '=', row.user_id).execute();
      await trx.deleteFrom('pin_failures').where('user_id', '=', row.user_id).execute();
    });
    return { ...note(CODE.staffRemoved, { name: row.name }), staff: toStaffDto(row) };
  }
}
