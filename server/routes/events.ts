import { z } from 'zod';
import { eventTicketResponse } from '../../core/schemas/push';
import type { App } from '../app-type';
import { openEventStream } from '../lib/event-stream';
import { replies } from '../lib/zod';
import { currentUser } from '../plugins/auth';

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
      const stream = openEventStream(reply);
      stream.onClose(
        live.open(
          user,
          (event) => stream.send('order', event),
          () => stream.end(),
        ),
      );
    },
  );
}
