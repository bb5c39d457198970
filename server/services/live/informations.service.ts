import { CODE } from '../../../core/message-codes';
import type { Db } from '../../db';
import type { Selectable } from 'kysely';
import type { AnnouncementsTable } from '../../db/types';
import type { InformationDto } from '../../../core/schemas/information';
import { note, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';

const toDto = (r: Selectable<AnnouncementsTable>): InformationDto => ({
  _id: r.id,
  information: r.information,
  createdAt: new Date(r.created_at).toISOString(),
});

/** Announcements (information notices) shown on every role's home screen; written by admins. */
export class InformationsService {
  constructor(private readonly db: Db) {}

  /** Newest first. */
  async list(): Promise<InformationDto[]> {
    const rows = await this.db
      .selectFrom('announcements')
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(500)
      .execute();
    return rows.map(toDto);
  }

  async create(information: string) {
    const row = await this.db
      .insertInto('announcements')
      .values({ id: newId(), information, created_at: new Date() })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { ...note(CODE.informationCreated), information: toDto(row) };
  }

  /** A new text for an announcement; it keeps its place (created time) in the list. */
  async update(id: string, information: string) {
    const row = await this.db.updateTable('announcements').set({ information }).where('id', '=', id).returningAll().executeTakeFirst();
    if (!row) throw notFound(CODE.informationNotFound);
    return { ...note(CODE.informationUpdated), information: toDto(row) };
  }

  async delete(id: string) {
    const gone = await this.db.deleteFrom('announcements').where('id', '=', id).returning('id').executeTakeFirst();
    if (!gone) throw notFound(CODE.informationNotFound);
    return note(CODE.informationDeleted);
  }
}
