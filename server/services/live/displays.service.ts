import { randomInt } from 'node:crypto';
import { DISPLAY_CODE_ALPHABET, DISPLAY_CODE_LENGTH, DISPLAY_CODE_MINUTES, normalizeDisplayCode } from '../../../core/display';
import { CODE } from '../../../core/message-codes';
import { idSchema } from '../../../core/schemas/common';
import type { DisplayDto, DisplayPairInput, DisplayStateInput } from '../../../core/schemas/display';
import type { Db } from '../../db';
import { badRequest, notFound, note, unauthorized } from '../../lib/errors';
import { newId, newToken, sha256 } from '../../lib/ids';
import { uniqueViolation } from '../../lib/unique-violation';
import { shopOf } from '../../security/access';
import type { AuthUser } from '../accounts/auth.service';
import { notifyDisplay } from './display-streams';

/** How long a stream ticket opens the display's stream. */
const TICKET_TTL_MS = 60_000;
/** A paired display not heard from this long is forgotten (its token then opens nothing). */
const IDLE_DAYS = 90;

const iso = (d: Date | string) => new Date(d).toISOString();
const newCode = () =>
  Array.from({ length: DISPLAY_CODE_LENGTH }, () => DISPLAY_CODE_ALPHABET[randomInt(DISPLAY_CODE_ALPHABET.length)]).join('');

/**
 * Customer displays (core/display.ts): a tablet asks for a pairing (a short code and its own token), a till's
 * person enters the code, and from then on the till's bills reach the tablet. Everything is in the database
 * (customer_displays, migration 036) and every change is announced by NOTIFY (display-streams.ts), so any
 * API process serves any display. A code is single use and lasts ten minutes; codes, tokens and tickets are
 * kept hashed. A display never learns anything of a shop but its name and the bills its till sends.
 */
export class DisplaysService {
  constructor(private readonly db: Db) {}

  /** A new display's code and token (unpaired rows whose code has expired, and long-idle displays, go first). */
  async create(): Promise<{ code: string; token: string; expiresAt: string }> {
    await this.db
      .deleteFrom('customer_displays')
      .where((eb) =>
        eb.or([
          eb.and([eb('shop_id', 'is', null), eb('code_expires_at', '<', new Date())]),
          eb('seen_at', '<', new Date(Date.now() - IDLE_DAYS * 86_400_000)),
        ]),
      )
      .execute();
    const token = newToken();
    const expiresAt = new Date(Date.now() + DISPLAY_CODE_MINUTES * 60_000);
    // a code drawn while another display holds it (1 in ~900 million a display) is drawn again
    for (let attempt = 0; ; attempt++) {
      const code = newCode();
      try {
        await this.db
          .insertInto('customer_displays')
          .values({ id: newId(), token_hash: sha256(token), code_hash: sha256(code), code_expires_at: expiresAt })
          .execute();
        return { code, token, expiresAt: expiresAt.toISOString() };
      } catch (err) {
        if (attempt >= 4 || uniqueViolation(err)?.constraint !== 'customer_displays_code') throw err;
      }
    }
  }

  /**
   * Pairs the display showing `code` with the caller's shop and, when given, its till. Wrong, expired and used
   * codes get the same answer; the code is spent by the one update that pairs it, so two counters entering
   * it at once pair it once.
   */
  async pair(actor: AuthUser, input: DisplayPairInput) {
    const shop = shopOf(actor)!;
    const deviceId = input.deviceId ?? null;
    if (deviceId) {
      const till = await this.db
        .selectFrom('devices')
        .select('id')
        .where('id', '=', deviceId)
        .where('vendor_id', '=', shop)
        .where('retired_at', 'is', null)
        .executeTakeFirst();
      if (!till) throw notFound(CODE.deviceNotFound);
    }
    const row = await this.db
      .updateTable('customer_displays')
      .set({
        shop_id: shop,
        device_id: deviceId,
        paired_by: actor.id,
        paired_at: new Date(),
        code_hash: null,
        code_expires_at: null,
        state: null,
        state_seq: 0,
      })
      .where('code_hash', '=', sha256(normalizeDisplayCode(input.code)))
      .where('shop_id', 'is', null)
      .where('code_expires_at', '>', new Date())
      .returning('id')
      .executeTakeFirst();
    if (!row) throw badRequest(CODE.displayCodeInvalid);
    await notifyDisplay(this.db, row.id, 'paired');
    const [paired] = await this.list(actor, row.id);
    return { ...note(CODE.displayPaired), ...paired };
  }

  /** The displays paired with the caller's shop (or the one `id`), newest first. */
  async list(actor: AuthUser, id?: string): Promise<DisplayDto[]> {
    let q = this.db
      .selectFrom('customer_displays as d')
      .leftJoin('devices as t', 't.id', 'd.device_id')
      .leftJoin('users as u', 'u.id', 'd.paired_by')
      .select(['d.id', 'd.device_id', 't.name as device_name', 'd.paired_at', 'u.name as paired_by', 'd.seen_at'])
      .where('d.shop_id', '=', shopOf(actor)!);
    if (id) q = q.where('d.id', '=', id);
    const rows = await q.orderBy('d.paired_at', 'desc').execute();
    return rows.map((r) => ({
      _id: r.id,
      deviceId: r.device_id,
      deviceName: r.device_name,
      pairedAt: iso(r.paired_at!),
      pairedBy: r.paired_by,
      seenAt: iso(r.seen_at),
    }));
  }

  /** Unpairs one of the shop's displays: its token opens nothing from now on, and its screen goes back to a code. */
  async unpair(actor: AuthUser, id: string) {
    if (!idSchema.safeParse(id).success) throw notFound(CODE.displayNotFound);
    const gone = await this.db
      .deleteFrom('customer_displays')
      .where('id', '=', id)
      .where('shop_id', '=', shopOf(actor)!)
      .returning('id')
      .executeTakeFirst();
    if (!gone) throw notFound(CODE.displayNotFound);
    await notifyDisplay(this.db, gone.id, 'unpaired');
    return note(CODE.displayUnpaired);
  }

  /**
   * The till's bill for the displays paired with it (`deviceId`, or the shop's counter without a till): kept
   * on each unless it already holds a newer one, and announced. Answers how many displays follow the till.
   */
  async relay(actor: AuthUser, input: DisplayStateInput): Promise<{ displays: number }> {
    const shop = shopOf(actor)!;
    const device = input.deviceId ?? null;
    const updated = await this.db
      .updateTable('customer_displays')
      .set({ state: JSON.stringify(input.bill), state_seq: input.seq })
      .where('shop_id', '=', shop)
      .where('device_id', device ? '=' : 'is', device)
      .where('state_seq', '<', input.seq)
      .returning('id')
      .execute();
    for (const d of updated) await notifyDisplay(this.db, d.id, 'state');
    if (updated.length) return { displays: updated.length };
    const { n } = await this.db
      .selectFrom('customer_displays')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('shop_id', '=', shop)
      .where('device_id', device ? '=' : 'is', device)
      .executeTakeFirstOrThrow();
    return { displays: Number(n) };
  }

  /**
   * A one-minute ticket for the display's stream, for its token: a display paired, or one whose code is still
   * good. Anything else is 401 (the display asks for a new code).
   */
  async ticket(token: string): Promise<{ ticket: string }> {
    const ticket = newToken();
    const now = new Date();
    const row = await this.db
      .updateTable('customer_displays')
      .set({ ticket_hash: sha256(ticket), ticket_expires_at: new Date(now.getTime() + TICKET_TTL_MS), seen_at: now })
      .where('token_hash', '=', sha256(token))
      .where((eb) => eb.or([eb('shop_id', 'is not', null), eb('code_expires_at', '>', now)]))
      .returning('id')
      .executeTakeFirst();
    if (!row) throw unauthorized(CODE.displayTokenInvalid);
    return { ticket };
  }

  /** The display a ticket opens (then it is used up); 401 otherwise. Any process redeems any ticket. */
  async redeem(ticket: string): Promise<string> {
    const row = await this.db
      .updateTable('customer_displays')
      .set({ ticket_hash: null, ticket_expires_at: null })
      .where('ticket_hash', '=', sha256(ticket))
      .where('ticket_expires_at', '>', new Date())
      .returning('id')
      .executeTakeFirst();
    if (!row) throw unauthorized(CODE.displayTokenInvalid);
    return row.id;
  }
}
