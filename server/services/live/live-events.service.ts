import { asPerson, PERSON_COLUMNS, peopleJoined } from '../staff/staff-queries';
import type { FastifyBaseLogger } from 'fastify';
import { CODE } from '../../../core/message-codes';
import type { LiveOrderEvent } from '../../../core/schemas/push';
import { type Db, databaseListener } from '../../db';
import { unauthorized } from '../../lib/errors';
import { newToken, sha256 } from '../../lib/ids';
import { liveEventReach } from '../../security/access';
import type { AuthUser } from '../accounts/auth.service';
import type { PushService } from './push.service';

/** How long a stream ticket opens a stream, and how often the outbox is swept for pushes a missed NOTIFY left. */
export const TICKET_TTL_MS = 60_000;
const SWEEP_MS = 60_000;
/** The NOTIFY channel of the orders trigger (migration 021). */
const CHANNEL = 'order_events';

/** The trigger's payload: the order's event and who it concerns. */
interface OrderNotice extends LiveOrderEvent {
  vendorId: string;
  customerId: string | null;
  push: boolean;
}

interface Stream {
  user: { id: string; role: AuthUser['role'] };
  send(event: LiveOrderEvent): void;
  end(): void;
}

/**
 * Order events for the open screens. Every API process LISTENs to the orders trigger's NOTIFY (a
 * dedicated connection on PostgreSQL; PGlite's own listen in the embedded one-process case), and
 * passes each event to the streams open on it that may see it (liveEventReach). The event itself
 * always comes through the database, never from one process's memory: a change made through any
 * process reaches the streams of all. The same NOTIFY wakes the push outbox.
 */
export class LiveEventsService {
  private readonly streams = new Set<Stream>();
  private stop?: () => Promise<void>;
  private sweep?: NodeJS.Timeout;

  constructor(
    private readonly db: Db,
    private readonly push: PushService,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    const listen = databaseListener(this.db);
    if (!listen) {
      this.log.warn('this database gives no LISTEN: live screens and pushes are off');
      return;
    }
    this.stop = await listen(CHANNEL, (payload) => this.dispatch(payload));
    this.sweep = setInterval(() => void this.push.drain(), SWEEP_MS);
    this.sweep.unref();
    void this.push.drain(); // what was left while no process listened
  }

  /** Ends every stream and stops listening (before the database closes). */
  async close(): Promise<void> {
    clearInterval(this.sweep);
    await this.stop?.();
    this.stop = undefined;
    await this.push.idle();
  }

  private dispatch(payload: string) {
    let notice: OrderNotice;
    try {
      notice = JSON.parse(payload) as OrderNotice;
    } catch {
      return;
    }
    const event: LiveOrderEvent = {
      orderId: notice.orderId,
      kind: notice.kind,
      status: notice.status,
      area: notice.area,
      isShop: notice.isShop,
    };
    for (const s of this.streams) if (liveEventReach(s.user, notice)) s.send(event);
    if (notice.push) void this.push.drain();
  }

  /** A new stream ticket for the caller: one minute, single use, kept hashed in the database. */
  async issueTicket(user: AuthUser): Promise<{ ticket: string }> {
    const ticket = newToken();
    const now = Date.now();
    await this.db.deleteFrom('event_tickets').where('expires_at', '<', new Date(now)).execute();
    await this.db
      .insertInto('event_tickets')
      .values({ ticket_hash: sha256(ticket), user_id: user.id, expires_at: new Date(now + TICKET_TTL_MS) })
      .execute();
    return { ticket };
  }

  /** The ticket's user when it is valid (then it is used up); 401 otherwise. Any process redeems any ticket. */
  async redeem(ticket: string): Promise<Pick<AuthUser, 'id' | 'role' | 'shopId'>> {
    const row = await this.db
      .deleteFrom('event_tickets')
      .where('ticket_hash', '=', sha256(ticket))
      .returning(['user_id', 'expires_at'])
      .executeTakeFirst();
    if (!row || row.expires_at.getTime() < Date.now()) throw unauthorized(CODE.eventTicketInvalid);
    // a shop's staff member follows the shop's orders (migration 030)
    const user = await peopleJoined(this.db).select(PERSON_COLUMNS).where('u.id', '=', row.user_id).executeTakeFirst();
    if (!user) throw unauthorized(CODE.eventTicketInvalid);
    const { id, role, shopId } = asPerson(user);
    return { id, role, shopId };
  }

  /**
   * Ends every open stream (their clients reconnect, to another process when this one is stopping):
   * called when the app closes and, on SIGTERM, before the drain waits for requests in progress,
   * which an open stream always is.
   */
  endStreams(): void {
    for (const s of this.streams) s.end();
    this.streams.clear();
  }

  /** Adds an open stream; answers the function that removes it. */
  open(user: Stream['user'], send: Stream['send'], end: Stream['end']): () => void {
    const stream: Stream = { user, send, end };
    this.streams.add(stream);
    return () => this.streams.delete(stream);
  }
}
