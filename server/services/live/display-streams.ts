import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { DisplayMessage, DisplayPaidEvent, DisplayStatusEvent } from '../../../core/schemas/display';
import { type Db, databaseListener } from '../../db';

/** The NOTIFY channel of display changes, and the orders trigger's (migration 021). */
const DISPLAY_CHANNEL = 'display_events';
const ORDER_CHANNEL = 'order_events';

export type DisplayChange = 'paired' | 'unpaired' | 'state';

/** Says that a display changed (delivered at commit; the change itself is in its row, which the listener reads). */
export async function notifyDisplay(db: Db, displayId: string, kind: DisplayChange): Promise<void> {
  await sql`SELECT pg_notify(${DISPLAY_CHANNEL}, ${JSON.stringify({ displayId, kind })})`.execute(db);
}

export interface DisplaySink {
  status(event: DisplayStatusEvent): void;
  state(message: DisplayMessage): void;
  paid(event: DisplayPaidEvent): void;
  end(): void;
}

interface Stream {
  displayId: string;
  /** The shop it is paired with, as last read (null: waiting for its code to be entered). */
  shopId: string | null;
  sink: DisplaySink;
}

/**
 * The open streams of customer displays in this process. Every process LISTENs to display_events (a display
 * paired, unpaired, or a new bill for it) and to the orders trigger's order_events (a sale's payment
 * confirmed), and passes each to the streams it has open for that display or shop, reading what it sends
 * from the database: a change made through any process reaches a display served by any other.
 */
export class DisplayStreams {
  private readonly streams = new Set<Stream>();
  private stops: Array<() => Promise<void>> = [];

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    const listen = databaseListener(this.db);
    if (!listen) {
      this.log.warn('this database gives no LISTEN: customer displays on other devices are off');
      return;
    }
    this.stops.push(await listen(DISPLAY_CHANNEL, (payload) => void this.onDisplay(payload).catch((err) => this.failed(err))));
    this.stops.push(await listen(ORDER_CHANNEL, (payload) => void this.onOrder(payload).catch((err) => this.failed(err))));
  }

  async close(): Promise<void> {
    this.endStreams();
    const stops = this.stops;
    this.stops = [];
    for (const stop of stops) await stop();
  }

  /** Ends every open stream (its display reconnects, to another process when this one is stopping). */
  endStreams(): void {
    for (const s of this.streams) s.sink.end();
    this.streams.clear();
  }

  /** Opens a display's stream: it hears at once whether it is paired, with whom, and the last bill its till sent. */
  async open(displayId: string, sink: DisplaySink): Promise<() => void> {
    const stream: Stream = { displayId, shopId: null, sink };
    this.streams.add(stream);
    await this.refresh(stream, { status: true, state: true });
    return () => void this.streams.delete(stream);
  }

  private failed(err: unknown) {
    this.log.error({ err }, 'customer display event not passed on');
  }

  /** Reads the display's row and sends what is asked: its status (paired, with whom), its last bill. */
  private async refresh(stream: Stream, send: { status: boolean; state: boolean }): Promise<void> {
    const row = await this.db
      .selectFrom('customer_displays as d')
      .leftJoin('users as s', 's.id', 'd.shop_id')
      .select(['d.shop_id', 'd.state', 'd.state_seq', 's.shop_name', 's.name'])
      .where('d.id', '=', stream.displayId)
      .executeTakeFirst();
    if (!row) return this.unpaired(stream);
    stream.shopId = row.shop_id;
    if (send.status) stream.sink.status({ paired: !!row.shop_id, shop: row.shop_id ? row.shop_name?.trim() || row.name : null });
    if (send.state && row.shop_id && row.state) stream.sink.state({ seq: Number(row.state_seq), bill: row.state });
  }

  private unpaired(stream: Stream) {
    stream.sink.status({ paired: false, shop: null });
    stream.sink.end();
    this.streams.delete(stream);
  }

  private async onDisplay(payload: string) {
    const { displayId, kind } = parse<{ displayId: string; kind: DisplayChange }>(payload) ?? {};
    for (const s of [...this.streams].filter((x) => x.displayId === displayId)) {
      if (kind === 'unpaired') this.unpaired(s);
      else await this.refresh(s, { status: kind === 'paired', state: kind === 'state' });
    }
  }

  /** A shop sale's payment status changed: its displays hear that it is paid (they show it when it is their bill's). */
  private async onOrder(payload: string) {
    const event = parse<{ orderId: string; vendorId: string; kind: string; isShop: boolean }>(payload);
    if (!event || event.kind !== 'payment' || !event.isShop) return;
    const shown = [...this.streams].filter((s) => s.shopId === event.vendorId);
    if (!shown.length) return;
    const order = await this.db.selectFrom('orders').select('payment_status').where('id', '=', event.orderId).executeTakeFirst();
    if (order?.payment_status !== 'Paid') return;
    for (const s of shown) s.sink.paid({ orderId: event.orderId });
  }
}

function parse<T>(payload: string): T | undefined {
  try {
    return JSON.parse(payload) as T;
  } catch {
    return undefined;
  }
}
