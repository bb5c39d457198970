import { CODE } from '../../../core/message-codes';
import type { GstDto, GstInput } from '../../../core/schemas/gst';
import type { AuthUser } from '../accounts/auth.service';
import type { Db } from '../../db';
import type { GstsTable } from '../../db/types';
import type { Selectable } from 'kysely';
import { coded } from '../../../core/coded';
import { conflict, fieldError, note, notFound } from '../../lib/errors';
import { isAdmin } from '../../security/access';
import { newId } from '../../lib/ids';

export function toGstDto(g: Selectable<GstsTable>): GstDto {
  return {
    _id: g.id,
    name: g.name,
    rate: Number(g.rate),
    hsnCode: g.hsn_code,
    cgst: Number(g.cgst),
    sgst: Number(g.sgst),
    igst: Number(g.igst),
    isActive: g.is_active,
  };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Fills in the split from the rate and checks that a given split adds up. */
function splitOf(input: GstInput) {
  const rate = round2(input.rate);
  const cgst = input.cgst ?? round2(rate / 2);
  const sgst = input.sgst ?? round2(rate - cgst);
  const igst = input.igst ?? rate;
  if (Math.abs(cgst + sgst - rate) > 0.001) throw fieldError('sgst', CODE.cgstSgstSum);
  if (Math.abs(igst - rate) > 0.001) throw fieldError('igst', CODE.igstEqual);
  return { rate, cgst, sgst, igst };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class GstsService {
  constructor(private readonly db: Db) {}

  /** Admin: every record (or only active ones on request); vendor: active records only. */
  async list(user: AuthUser, activeOnly: boolean): Promise<GstDto[]> {
    let q = this.db.selectFrom('gsts').selectAll();
    if (activeOnly || !isAdmin(user)) q = q.where('is_active', '=', true);
    const rows = await q.orderBy('rate').orderBy('name').execute();
    return rows.map(toGstDto);
  }

  async get(id: string): Promise<GstDto> {
    const row = await this.db.selectFrom('gsts').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound(CODE.gstNotFound);
    return toGstDto(row);
  }

  /** The active GST record a product may point at; 400 otherwise. */
  async requireActive(id: string) {
    if (!UUID.test(id)) throw fieldError('gst', CODE.chooseValidGst);
    const row = await this.db.selectFrom('gsts').select(['id', 'is_active']).where('id', '=', id).executeTakeFirst();
    if (!row || !row.is_active) throw fieldError('gst', CODE.chooseValidGst);
    return row.id;
  }

  private async assertNameFree(name: string, exceptId?: string) {
    let q = this.db
      .selectFrom('gsts')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
    if (exceptId) q = q.where('id', '<>', exceptId);
    if (await q.executeTakeFirst()) throw conflict(coded(CODE.gstNameTaken), { field: 'name' });
  }

  async create(input: GstInput): Promise<GstDto> {
    const split = splitOf(input);
    await this.assertNameFree(input.name);
    const row = await this.db
      .insertInto('gsts')
      .values({ id: newId(), name: input.name, hsn_code: input.hsnCode, is_active: input.isActive, ...split })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toGstDto(row);
  }

  async update(id: string, input: GstInput): Promise<GstDto> {
    const split = splitOf(input);
    await this.assertNameFree(input.name, id);
    const row = await this.db
      .updateTable('gsts')
      .set({ name: input.name, hsn_code: input.hsnCode, is_active: input.isActive, ...split })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw notFound(CODE.gstNotFound);
    return toGstDto(row);
  }

  /** Deletes an unused record; one that products still point at is deactivated instead, so they stay valid. */
  async remove(id: string) {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('gsts').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
      if (!row) throw notFound(CODE.gstNotFound);
      const used = await trx.selectFrom('products').select('id').where('gst_id', '=', id).limit(1).executeTakeFirst();
      if (used) {
        await trx.updateTable('gsts').set({ is_active: false }).where('id', '=', id).execute();
        return note(CODE.gstDeactivated);
      }
      await trx.deleteFrom('gsts').where('id', '=', id).execute();
      return note(CODE.gstDeleted);
    });
  }
}
