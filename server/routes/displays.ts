import { z } from 'zod';
import {
  DISPLAY_LIMITS,
  displayListResponse,
  displayPairedResponse,
  displayPairingResponse,
  displayPairInput,
  displayStateInput,
  displayStateResponse,
  displayStreamQuery,
  displayTicketInput,
  displayTicketResponse,
  displayUnpairedResponse,
} from '../../core/schemas/display';
import type { App } from '../app-type';
import { replies } from '../lib/zod';
import { currentUser } from '../plugins/auth';
import { shopOf } from '../security/access';
import { openEventStream } from '../lib/event-stream';

/** Any text: a malformed id is simply "not found". */
const anyId = z.object({ id: z.string().max(200) });

/**
 * /api/displays: customer displays paired with a till by a short code (server/services/live/displays.service.ts).
 * The tablet is not signed in: POST / gives it a code and a token, POST /ticket turns the token into a
 * one-minute ticket (EventSource sends no headers, and a token in a URL would end up in logs), and GET
 * /stream?ticket= is its event stream. The public ones are limited per client address. At the counter,
 * /pair enters the code, PUT /state sends the bill, and the shop's displays are listed and unpaired.
 */
export async function displaysRoutes(app: App) {
  const { displays, displayStreams, limits } = app.services;
  await displayStreams.start();
  app.addHook('preClose', async () => displayStreams.endStreams());
  app.addHook('onClose', async () => displayStreams.close());

  app.post('/', { schema: { response: replies({ 201: displayPairingResponse }) } }, async (req, reply) => {
    await limits.displays.hit(`ip:${req.ip}`);
    reply.code(201);
    return displays.create();
  });

  app.post(
    '/ticket',
    { schema: { body: displayTicketInput, response: replies({ 200: displayTicketResponse }, ['displayTokenInvalid']) } },
    async (req) => {
      await limits.displays.hit(`ip:${req.ip}`);
      return displays.ticket(req.body.token);
    },
  );

  app.get(
    '/stream',
    { schema: { querystring: displayStreamQuery, response: replies({ 200: z.string() }, ['displayTokenInvalid']) } },
    async (req, reply) => {
      const displayId = await displays.redeem(req.query.ticket);
      const stream = openEventStream(reply);
      stream.onClose(
        await displayStreams.open(displayId, {
          status: (e) => stream.send('display', e),
          state: (m) => stream.send('state', m),
          paid: (e) => stream.send('payment', e),
          end: () => stream.end(),
        }),
      );
    },
  );

  app.post(
    '/pair',
    {
      schema: {
        body: displayPairInput,
        response: replies({ 200: displayPairedResponse }, ['displayCodeInvalid', 'deviceNotFound']),
      },
    },
    async (req) => {
      const user = currentUser(req);
      await limits.displayPairs.hit(`shop:${shopOf(user)}`, `ip:${req.ip}`);
      return displays.pair(user, req.body);
    },
  );

  app.put(
    '/state',
    {
      bodyLimit: DISPLAY_LIMITS.bodyBytes,
      schema: { body: displayStateInput, response: replies({ 200: displayStateResponse }) },
    },
    async (req) => displays.relay(currentUser(req), req.body),
  );

  app.get('/', { schema: { response: replies({ 200: displayListResponse }) } }, async (req) => displays.list(currentUser(req)));

  app.delete('/:id', { schema: { params: anyId, response: replies({ 200: displayUnpairedResponse }, ['displayNotFound']) } }, async (req) =>
    displays.unpair(currentUser(req), req.params.id),
  );
}
