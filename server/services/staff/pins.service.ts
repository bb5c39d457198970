import { coded } from '../../../core/coded';
import { CODE } from '../../../core/message-codes';
import { checkActProof, checkPin, isSimplePin, makePinVerifier, PIN_LOCK_MINUTES, PIN_MAX_FAILURES, tillPinCheck } from '../../../core/pin';
import type { TillPersonDto } from '../../../core/schemas/staff';
import type { Db } from '../../db';
import { HttpError, fieldError, forbidden, note, notFound } from '../../lib/errors';
import { sellerScope } from '../../security/access';
import type { AuthUser, SessionService } from '../accounts/auth.service';
import type { UsersService } from '../accounts/users.service';
import { asPerson, shopPeople } from './staff-queries';

/** A PIN switch opens a session on the till for a working day. */
const TILL_SESSION_HOURS = 14;

/**
 * Till PINs (core/pin.ts, docs/security.md): each person of a shop (the owner and the staff) sets their
 * own; on a registered till a person switches in with theirs, without the owner signing out. Five
 * wrong PINs in a row lock that person on that till for 15 minutes. What a till queued offline under a
 * PIN is taken as that person's only with its proof, and only while they are still on the staff.
 */
export class PinsService {
  constructor(
    private readonly db: Db,
    private readonly sessions: SessionService,
    private readonly users: UsersService,
  ) {}

  /** The caller's own PIN, with their password (a phone left signed in cannot set it). */
  async setOwn(actor: AuthUser, pin: string, currentPassword: string) {
    if (isSimplePin(pin)) throw fieldError('pin', CODE.pinTooSimple);
    const u = await this.db.selectFrom('users').selectAll().where('id', '=', actor.id).executeTakeFirstOrThrow();
    await this.users.reauthenticate(u, currentPassword);
    await this.db
      .updateTable('users')
      .set({ pin_verifier: await makePinVerifier(pin), updated_at: new Date() })
      .where('id', '=', actor.id)
      .execute();
    return note(CODE.pinSaved);
  }

  /** The caller's shop's till, or 404. */
  private async till(actor: AuthUser, deviceId: string) {
    const d = await this.db.selectFrom('devices').select(['id', 'vendor_id', 'retired_at']).where('id', '=', deviceId).executeTakeFirst();
    if (!d || d.vendor_id !== sellerScope(actor)) throw notFound(CODE.deviceNotFound);
    return d;
  }

  /** What the till keeps to switch people offline: per person only SHA-256 of the PIN's verifier (never the PIN, never V). */
  async tillPeople(actor: AuthUser, deviceId: string): Promise<TillPersonDto[]> {
    const till = await this.till(actor, deviceId);
    const rows = await shopPeople(this.db, till.vendor_id).orderBy('u.name').execute();
    return Promise.all(
      rows.map(async (r) => ({
        _id: r.id,
        name: asPerson(r).name,
        role: r.staff_role ?? 'vendor',
        pin: r.pin_verifier ? await tillPinCheck(r.pin_verifier) : null,
      })),
    );
  }

  /**
   * Switches the person at a till: their PIN opens a session of theirs on that till. A wrong PIN counts
   * towards the lock (the row is locked, so parallel guesses count one by one); the fifth locks them
   * on this till for 15 minutes (423), and while locked even the right PIN is refused.
   */
  async switchOnTill(actor: AuthUser, deviceId: string, staffId: string, pin: string) {
    const till = await this.till(actor, deviceId);
    const person = await shopPeople(this.db, till.vendor_id).where('u.id', '=', staffId).executeTakeFirst();
    if (!person) throw notFound(CODE.staffNotFound);
    if (!person.pin_verifier) throw new HttpError(409, coded(CODE.pinNotSet, { name: asPerson(person).name }));
    await this.verifyCounted(person.id, person.pin_verifier, pin, till.id);
    const { token, expiresAt } = await this.sessions.create(person.id, { deviceId: till.id, hours: TILL_SESSION_HOURS });
    return {
      token,
      expiresAt: expiresAt.getTime(),
      person: { _id: person.id, name: asPerson(person).name, role: asPerson(person).role },
    };
  }

  /**
   * Checks a person's PIN where it is given (`place`: a till's id, or 'approvals'). A wrong PIN counts
   * (the row is locked, so parallel guesses count one by one); the fifth locks the person there for 15
   * minutes (423), and while locked even the right PIN is refused. The count is committed whatever the answer.
   */
  async verifyCounted(userId: string, verifier: string, pin: string, place: string): Promise<void> {
    const ok = await checkPin(pin, verifier);
    // the count is written and committed whatever the answer; the row lock counts parallel guesses one by one
    const refusal = await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('pin_failures')
        .values({ user_id: userId, place: place })
        .onConflict((oc) => oc.doNothing())
        .execute();
      const where = trx.updateTable('pin_failures').where('user_id', '=', userId).where('place', '=', place);
      const f = await trx
        .selectFrom('pin_failures')
        .select(['failures', 'locked_until'])
        .where('user_id', '=', userId)
        .where('place', '=', place)
        .forUpdate()
        .executeTakeFirstOrThrow();
      const now = Date.now();
      const lockedFor = f.locked_until ? new Date(f.locked_until).getTime() - now : 0;
      if (lockedFor > 0) return new HttpError(423, coded(CODE.pinLocked, { minutes: Math.ceil(lockedFor / 60_000) }), { field: 'pin' });
      if (ok) {
        await where.set({ failures: 0, locked_until: null }).execute();
        return null;
      }
      // a lock that has run out starts the count again
      const failures = (f.locked_until ? 0 : f.failures) + 1;
      const lock = failures >= PIN_MAX_FAILURES;
      await where.set({ failures: lock ? 0 : failures, locked_until: lock ? new Date(now + PIN_LOCK_MINUTES * 60_000) : null }).execute();
      return lock
        ? new HttpError(423, coded(CODE.pinLocked, { minutes: PIN_LOCK_MINUTES }), { field: 'pin' })
        : new HttpError(400, coded(CODE.pinWrong, { left: PIN_MAX_FAILURES - failures }), { field: 'pin' });
    });
    if (refusal) throw refusal;
  }

  /**
   * The person a till's queued act was made by (the `X-Acted-By: <staffId>.<proof>` it carries): a
   * person of the caller's shop whose PIN made the proof over the act's Idempotency-Key. Someone no
   * longer on the staff is refused (403), and so is a proof that does not match.
   */
  async actedBy(actor: AuthUser, claim: string, idempotencyKey: string | undefined): Promise<AuthUser> {
    const [staffId, proof] = claim.split('.');
    const shopId = sellerScope(actor);
    if (!shopId || !idempotencyKey || !staffId || !proof) throw forbidden(CODE.staffGone);
    if (staffId === actor.id) return actor;
    const person = await shopPeople(this.db, shopId).where('u.id', '=', staffId).executeTakeFirst();
    if (!person || !person.pin_verifier || !(await checkActProof(person.pin_verifier, idempotencyKey, proof)))
      throw forbidden(CODE.staffGone);
    return { ...asPerson(person), shopId, deviceId: actor.deviceId };
  }
}
