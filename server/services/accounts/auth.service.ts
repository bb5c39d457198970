import { CODE } from '../../../core/message-codes';
import { hash, verify } from '@node-rs/argon2';
import { sql } from 'kysely';
import { type Db, preparedStatement } from '../../db';
import { unauthorized } from '../../lib/errors';
import { newId, newToken, sha256 } from '../../lib/ids';
import { asPerson, PERSON_COLUMNS, peopleJoined } from '../staff/staff-queries';

import type { AuthUser } from './auth-user';

export type { AuthUser };

// argon2id with the library defaults (19 MiB, t=2), as OWASP suggests.
export const hashPassword = (password: string) => hash(password);
export const verifyPassword = (passwordHash: string, password: string) => verify(passwordHash, password).catch(() => false);

let dummyHash: Promise<string> | undefined;
/** Spends the same time as a real check, so a missing account cannot be told apart by timing. */
export const burnPasswordCheck = async (password: string) => {
  dummyHash ??= hashPassword('not-a-real-password');
  await verifyPassword(await dummyHash, password);
};

/**
 * A signed-in request: its user, and the catalogue version read in the same query, so a catalogue
 * read (search, lists, product pages; answers cached by version) needs no second round trip.
 */
export interface AuthSession {
  user: AuthUser;
  catalogVersion: bigint;
}

export class SessionService {
  constructor(
    private readonly db: Db,
    private readonly sessionDays: number,
  ) {
    preparedStatement(this.sessionQuery('').compile().sql); // every request runs it: parsed and planned once per connection
  }

  /**
   * Creates an opaque bearer token; only its SHA-256 is stored. A PIN switch on a till opens a session
   * on that till (`deviceId`) for a working day (`hours`).
   */
  async create(userId: string, opts: { deviceId?: string; hours?: number } = {}): Promise<{ token: string; expiresAt: Date }> {
    const token = newToken();
    const expiresAt = new Date(Date.now() + (opts.hours ? opts.hours * 3_600_000 : this.sessionDays * 86_400_000));
    await this.db
      .insertInto('sessions')
      .values({ id: newId(), user_id: userId, token_hash: sha256(token), expires_at: expiresAt, device_id: opts.deviceId ?? null })
      .execute();
    return { token, expiresAt };
  }

  /** The user behind a token, read fresh each request so role changes and deletions apply at once. */
  async authenticate(token: string): Promise<AuthSession> {
    const row = await this.sessionQuery(sha256(token)).executeTakeFirst();
    if (!row || new Date(row.expires_at).getTime() <= Date.now()) throw unauthorized(CODE.unauthenticated);
    return { user: { ...asPerson(row), deviceId: row.device_id }, catalogVersion: BigInt(row.catalog_version ?? 0) };
  }

  private sessionQuery(tokenHash: string) {
    // a staff member works as the role their shop gave them (migration 030)
    return peopleJoined(this.db)
      .innerJoin('sessions', 'sessions.user_id', 'u.id')
      .select(PERSON_COLUMNS)
      .select(['sessions.expires_at', 'sessions.device_id'])
      .select(sql<string>`(SELECT version FROM catalog_version WHERE id = 1)`.as('catalog_version'))
      .where('sessions.token_hash', '=', tokenHash);
  }

  async revoke(token: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('token_hash', '=', sha256(token)).execute();
  }

  async revokeAllFor(userId: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('user_id', '=', userId).execute();
  }
}
