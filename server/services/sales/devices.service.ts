import { sql } from 'kysely';
import { coded } from '../../../core/coded';
import { CODE } from '../../../core/message-codes';
import { defaultInvoicePrefix, financialYear, invoiceSeries } from '../../../core/invoice';
import type { CreatedDeviceDto, DeviceDto, NumberBlockDto } from '../../../core/schemas/device';
import { TILL_BLOCK_DEFAULT, TILL_NEXT_YEAR_DAYS, TILL_NO_MAX, TILL_SEQ_MAX, tillHead, tillPrefix } from '../../../core/till';
import type { Db } from '../../db';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { assertOwner, sellerScope } from '../../security/access';
import type { AuthUser } from '../accounts/auth.service';

interface DeviceRow {
  id: string;
  vendor_id: string;
  name: string;
  till_no: number;
  prefix: string;
  created_at: Date | string;
  retired_at: Date | string | null;
}

const iso = (d: Date | string) => new Date(d).toISOString();

/**
 * Tills (core/till.ts): a vendor registers its devices, each with a series of its own, and reserves
 * blocks of that series while online; the till gives the numbers, the sale checks them
 * (server/services/sales/till-numbers.ts). A vendor reaches its own tills; an admin sees every vendor's.
 */
export class DevicesService {
  constructor(private readonly db: Db) {}

  /** Registers a till of the signed-in vendor: the next till number, its prefix, and a first block of this year's numbers. */
  async register(user: AuthUser, name: string): Promise<CreatedDeviceDto> {
    const shopId = sellerScope(user) ?? user.id;
    const id = await this.db.transaction().execute(async (trx) => {
      // the vendor's row is locked so two registrations at once take till numbers one after the other
      const vendor = await trx
        .selectFrom('users')
        .select(['invoice_prefix', 'shop_name', 'name'])
        .where('id', '=', shopId)
        .forNoKeyUpdate()
        .executeTakeFirstOrThrow();
      const last = await trx
        .selectFrom('devices')
        .select((eb) => eb.fn.max('till_no').as('n'))
        .where('vendor_id', '=', shopId)
        .executeTakeFirst();
      const tillNo = Number(last?.n ?? 0) + 1;
      if (tillNo > TILL_NO_MAX) throw conflict(coded(CODE.tillLimit));
      const prefix = tillPrefix(vendor.invoice_prefix || defaultInvoicePrefix(vendor.shop_name || vendor.name), tillNo);
      const deviceId = newId();
      await trx.insertInto('devices').values({ id: deviceId, vendor_id: shopId, name, till_no: tillNo, prefix }).execute();
      return deviceId;
    });
    const block = await this.reserve(user, id, {});
    return { ...(await this.one(id)), block };
  }

  /** The vendor's tills (admin: every vendor's, or the vendor named), newest first. */
  async list(user: AuthUser, vendorId?: string): Promise<DeviceDto[]> {
    const scope = sellerScope(user) ?? vendorId;
    let q = this.db.selectFrom('devices').selectAll();
    if (scope) q = q.where('vendor_id', '=', scope);
    const rows = await q.orderBy('vendor_id').orderBy('till_no').execute();
    return this.dtos(rows);
  }

  /** Retires a till: it reserves no more numbers (those it already holds stay valid, so its queued sales arrive). */
  async retire(user: AuthUser, id: string): Promise<DeviceDto> {
    const row = assertOwner(user, await this.row(id), CODE.deviceNotFound);
    await this.db
      .updateTable('devices')
      .set({ retired_at: sql<Date>`coalesce(retired_at, now())` })
      .where('id', '=', row.id)
      .execute();
    return this.one(row.id);
  }

  /**
   * Reserves the next `count` numbers of the caller's till for a financial year: this one, or in
   * its last TILL_NEXT_YEAR_DAYS days the coming one. One upsert, so the counter row is locked and two
   * reservations of one till get blocks one after the other.
   */
  async reserve(user: AuthUser, id: string, input: { fy?: string; count?: number }): Promise<NumberBlockDto> {
    const row = await this.row(id);
    if (!row || row.vendor_id !== sellerScope(user)) throw notFound(CODE.deviceNotFound);
    if (row.retired_at) throw conflict(coded(CODE.deviceRetired));
    const now = new Date();
    const fy = input.fy ?? financialYear(now);
    if (fy !== financialYear(now) && fy !== financialYear(new Date(now.getTime() + TILL_NEXT_YEAR_DAYS * 86_400_000))) {
      throw badRequest(CODE.tillYearInvalid);
    }
    const count = input.count ?? TILL_BLOCK_DEFAULT;
    const { rows } = await sql<{ reserved_to: number }>`
      INSERT INTO device_counters (device_id, fy, reserved_to) VALUES (${row.id}, ${fy}, ${count})
      ON CONFLICT (device_id, fy) DO UPDATE SET reserved_to = device_counters.reserved_to + ${count}
        WHERE device_counters.reserved_to + ${count} <= ${TILL_SEQ_MAX}
      RETURNING reserved_to`.execute(this.db);
    if (!rows.length) throw conflict(coded(CODE.tillSeriesFull));
    const to = Number(rows[0].reserved_to);
    return { deviceId: row.id, fy, series: invoiceSeries(tillHead(row.prefix), fy), from: to - count + 1, to };
  }

  private row(id: string): Promise<DeviceRow | undefined> {
    return this.db.selectFrom('devices').selectAll().where('id', '=', id).executeTakeFirst();
  }

  private async one(id: string): Promise<DeviceDto> {
    const row = await this.row(id);
    if (!row) throw notFound(CODE.deviceNotFound);
    return (await this.dtos([row]))[0];
  }

  private async dtos(rows: DeviceRow[]): Promise<DeviceDto[]> {
    const ids = rows.map((r) => r.id);
    const years = ids.length
      ? await this.db
          .selectFrom('device_counters as c')
          .select([
            'c.device_id',
            'c.fy',
            'c.reserved_to',
            (eb) =>
              eb
                .selectFrom('invoices as i')
                .select((e) => e.fn.coalesce(e.fn.max('i.seq'), sql<number>`0`).as('m'))
                .whereRef('i.device_id', '=', 'c.device_id')
                .whereRef('i.fy', '=', 'c.fy')
                .as('last_used'),
          ])
          .where('c.device_id', 'in', ids)
          .orderBy('c.fy')
          .execute()
      : [];
    return rows.map((r) => ({
      _id: r.id,
      vendorId: r.vendor_id,
      name: r.name,
      tillNo: r.till_no,
      series: tillHead(r.prefix),
      createdAt: iso(r.created_at),
      retiredAt: r.retired_at ? iso(r.retired_at) : null,
      years: years
        .filter((y) => y.device_id === r.id)
        .map((y) => ({ fy: y.fy, reservedTo: Number(y.reserved_to), lastUsed: Number(y.last_used ?? 0) })),
    }));
  }
}
