import { z } from 'zod';
import { eventTicketResponse } from '../../core/schemas/push';
import type { App } from '../app-type';
import { replies } from '../lib/zod';
import { currentUser } from '../plugins/auth';

/** A comment line this often keeps proxies and the browser from closing a quiet stream. */
export const HEARTBEAT_MS = 20_000;
/** How long the browser waits before it reconnects by itself (the app's hook reconnects with a new ticket). */
const RETRY_MS = 3_000;

const streamQuery = z.object({ ticket: z.string().min(1).max(200) });

/**
 * /api/events: server-sent events about orders (server/services/live/live-events.service.ts).
 * EventSource sends no headers, and a bearer token in a URL would end up in logs: a signed-in
 * POST /ticket answers a one-minute, single-use ticket, and GET /?ticket= opens the stream with it.
 * The stream is written to the raw response (no compression, no answer hooks) and ends when the
 * client goes away or the app closes.
 */
export async function eventsRoutes(app: App) {
  const live = app.services.live;
  app.addHook('preClose', async () => live.endStreams());

  app.post('/ticket', { schema: { response: replies({ 200: eventTicketResponse }) } }, async (req) => live.issueTicket(currentUser(req)));

  app.get(
    '/',
    { schema: { querystring: streamQuery, response: replies({ 200: z.string() }, ['eventTicketInvalid']) } },
    async (req, reply) => {
      const user = await live.redeem(req.query.ticket);
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no', // nginx: pass each event on at once
        'x-content-type-options': 'nosniff',
      });
      res.write(`retry: ${RETRY_MS}\n: open\n\n`);
      const close = live.open(
        user,
        (event) => res.write(`event: order\ndata: ${JSON.stringify(event)}\n\n`),
        () => res.end(),
      );
      const beat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
      res.on('close', () => {
        clearInterval(beat);
        close();
      });
    },
  );
}
