import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { sql } from 'kysely';
import webpush from 'web-push';
import type { FastifyBaseLogger } from 'fastify';
import type { MessageCode } from '../../../core/coded';
import { CODE } from '../../../core/message-codes';
import { messageText } from '../../../core/message-text';
import type { PushPayload, PushSubscribeInput } from '../../../core/schemas/push';
import type { Config } from '../../config';
import type { Db } from '../../db';
import type { PushOutboxTable } from '../../db/types';
import { note } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { assertPublicEndpoint, isPublicAddress, parsePushEndpoint, pushLookup } from '../../lib/push-endpoint';
import { followsAreas } from '../../security/access';
import type { AuthUser } from '../accounts/auth.service';

/** How long a push service keeps an undelivered message (seconds), and how long one send may take. */
const PUSH_TTL_S = 24 * 3600;
const SEND_TIMEOUT_MS = 10_000;
/** Outbox rows claimed at a time. */
const CLAIM = 20;
/** A row older than this (every process was down) is dropped unsent: the news is stale. */
const STALE_MS = 3_600_000;

type OutboxRow = Omit<PushOutboxTable, 'id' | 'created_at'> & { id: number; created_at: Date | string };
interface Recipient {
  id: string;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  language: 'en' | 'ta';
}

/**
 * Web Push (VAPID). Subscriptions are a person's devices. What to send comes from push_outbox,
 * which the orders trigger fills in the order's own transaction (migration 021): a new delivery order
 * (to its vendor and to the riders following its area), a delivered one and one the shop deleted (to
 * its customer).
 *
 * Exactly one process sends each push: every process wakes on the order's NOTIFY, and each claims
 * outbox rows with DELETE ... FOR UPDATE SKIP LOCKED, so a row goes to one of them. A row is removed
 * when claimed: a process that dies mid-send loses that push (at most once; a notification is a hint,
 * the screens are the record). Sending is after commit and off the request path.
 */
export class PushService {
  private keys?: { publicKey: string; privateKey: string };
  private draining?: Promise<void>;
  private again = false;

  constructor(
    private readonly db: Db,
    private readonly config: Config['push'],
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The VAPID key pair: made by the first process that needs it, then the one row every process reads. */
  async vapidKeys(): Promise<{ publicKey: string; privateKey: string }> {
    if (this.keys) return this.keys;
    const made = webpush.generateVAPIDKeys();
    await this.db
      .insertInto('push_keys')
      .values({ id: 1, public_key: made.publicKey, private_key: made.privateKey })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    const row = await this.db.selectFrom('push_keys').select(['public_key', 'private_key']).where('id', '=', 1).executeTakeFirstOrThrow();
    this.keys = { publicKey: row.public_key, privateKey: row.private_key };
    return this.keys;
  }

  async publicKey(): Promise<{ publicKey: string }> {
    return { publicKey: (await this.vapidKeys()).publicKey };
  }

  /** Saves this device's subscription for the caller (a device signed in again moves to the new account). */
  async subscribe(user: AuthUser, input: PushSubscribeInput) {
    await assertPublicEndpoint(input.endpoint, this.config.allowLocal);
    const areas = followsAreas(user) ? [...new Set((input.areas ?? []).map((a) => a.trim()))] : [];
    await this.db
      .insertInto('push_subscriptions')
      .values({
        id: newId(),
        user_id: user.id,
        endpoint: input.endpoint,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
        areas: JSON.stringify(areas),
      })
      .onConflict((oc) =>
        oc.column('endpoint').doUpdateSet({
          user_id: user.id,
          p256dh: input.keys.p256dh,
          auth: input.keys.auth,
          areas: JSON.stringify(areas),
        }),
      )
      .execute();
    return note(CODE.pushSubscribed);
  }

  /** Removes the caller's subscription of this endpoint (another person's stays: the same answer). */
  async unsubscribe(user: AuthUser, endpoint: string) {
    await this.db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).where('user_id', '=', user.id).execute();
    return note(CODE.pushUnsubscribed);
  }

  /** Sends what the outbox holds; a call while a run is going makes that run go round once more. */
  drain(): Promise<void> {
    if (this.draining) {
      this.again = true;
      return this.draining;
    }
    this.draining = (async () => {
      try {
        do {
          this.again = false;
          while (await this.sendBatch()) {
            /* until the outbox is empty */
          }
        } while (this.again);
      } catch (err) {
        this.log.error({ err }, 'push outbox run failed');
      } finally {
        this.draining = undefined;
      }
    })();
    return this.draining;
  }

  /** Waits for a run in progress (before the database closes). */
  async idle(): Promise<void> {
    await this.draining;
  }

  private async sendBatch(): Promise<boolean> {
    const { rows } = await sql<OutboxRow>`
      DELETE FROM push_outbox WHERE id IN (
        SELECT id FROM push_outbox ORDER BY id LIMIT ${CLAIM} FOR UPDATE SKIP LOCKED
      ) RETURNING id, kind, order_id, order_number, vendor_id, customer_id, area, created_at`.execute(this.db);
    for (const row of rows) {
      if (Date.now() - new Date(row.created_at).getTime() > STALE_MS) continue;
      for (const [recipient, payload] of await this.messagesFor(row)) await this.send(recipient, payload);
    }
    return rows.length === CLAIM;
  }

  /** Who hears of an outbox row, each with the texts in their language. */
  private async messagesFor(row: OutboxRow): Promise<Array<[Recipient, PushPayload]>> {
    const ref = `#${row.order_number}`;
    const base = this.db
      .selectFrom('push_subscriptions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select(['s.id', 's.user_id', 's.endpoint', 's.p256dh', 's.auth', 'u.language']);
    const text = (r: Recipient, code: MessageCode, params?: unknown) => messageText(code, r.language, params);
    const out: Array<[Recipient, PushPayload]> = [];
    if (row.kind === 'placed') {
      for (const r of await base.where('s.user_id', '=', row.vendor_id).execute()) {
        const p = { title: text(r, CODE.pushOrderPlacedTitle, { ref }), body: text(r, CODE.pushOrderPlacedBody, { area: row.area }) };
        out.push([r, { ...p, url: `/vendor/orders/${row.order_id}`, orderId: row.order_id, tag: `order-${row.order_id}` }]);
      }
      const riders = await base
        .where('u.role', '=', 'delivery')
        .where(sql<boolean>`exists (select 1 from jsonb_array_elements_text(s.areas) a where lower(a) = lower(${row.area}))`)
        .execute();
      for (const r of riders) {
        const p = { title: text(r, CODE.pushAreaOrderTitle, { area: row.area }), body: text(r, CODE.pushAreaOrderBody, { ref }) };
        out.push([
          r,
          { ...p, url: `/orders-by-area/${encodeURIComponent(row.area)}`, orderId: row.order_id, tag: `order-${row.order_id}` },
        ]);
      }
    } else if (row.customer_id) {
      const delivered = row.kind === 'delivered';
      for (const r of await base.where('s.user_id', '=', row.customer_id).execute()) {
        const p = delivered
          ? { title: text(r, CODE.pushDeliveredTitle, { ref }), body: text(r, CODE.pushDeliveredBody) }
          : { title: text(r, CODE.pushDeletedTitle, { ref }), body: text(r, CODE.pushDeletedBody) };
        out.push([
          r,
          { ...p, url: delivered ? `/order/${row.order_id}` : '/my-orders', orderId: row.order_id, tag: `order-${row.order_id}` },
        ]);
      }
    }
    return out;
  }

  /** One encrypted (aes128gcm) POST with its VAPID Authorization; a 404 or 410 removes the subscription. */
  private async send(r: Recipient, payload: PushPayload): Promise<void> {
    const keys = await this.vapidKeys();
    let url: URL;
    try {
      url = parsePushEndpoint(r.endpoint, this.config.allowLocal);
      // a literal address is connected to without a lookup: checked here
      const host = url.hostname.replace(/^\[|\]$/g, '');
      if (!this.config.allowLocal && net.isIP(host) && !isPublicAddress(host)) throw new Error('not public');
    } catch {
      await this.db.deleteFrom('push_subscriptions').where('id', '=', r.id).execute();
      return;
    }
    const details = webpush.generateRequestDetails(
      { endpoint: r.endpoint, keys: { p256dh: r.p256dh, auth: r.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: { subject: this.config.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
        TTL: PUSH_TTL_S,
        contentEncoding: 'aes128gcm',
        urgency: 'high',
      },
    );
    try {
      const status = await post(url, details.headers as Record<string, string | number>, details.body as Buffer, this.config.allowLocal);
      if (status === 404 || status === 410) {
        await this.db.deleteFrom('push_subscriptions').where('id', '=', r.id).execute();
      } else if (status >= 400) {
        this.log.warn({ status, subscription: r.id }, 'push service refused a message');
      }
    } catch (err) {
      this.log.warn({ err: (err as Error).message, subscription: r.id }, 'push not sent');
    }
  }
}

/** POSTs to the endpoint through the checking lookup (the address connected to is the one checked). */
function post(url: URL, headers: Record<string, string | number>, body: Buffer | null, allowLocal: boolean): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = url.protocol === 'https:' ? https.request : http.request;
    const req = request(url, { method: 'POST', headers, lookup: pushLookup(allowLocal), timeout: SEND_TIMEOUT_MS }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('timeout', () => req.destroy(new Error('push send timed out')));
    req.on('error', reject);
    req.end(body ?? undefined);
  });
}
