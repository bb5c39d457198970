import type { FastifyRequest } from 'fastify';
import { payLinkParams, payLinkResponse, payPageResponse, payTokenParams } from '../../core/schemas/pay-link';
import type { App } from '../app-type';
import { replies } from '../lib/zod';
import { currentUser } from '../plugins/auth';

/**
 * The address for the link the caller sends: the configured public address (PUBLIC_URL) when there is
 * one; else the page the caller's app runs on, the browser's Origin (sent with every POST, so it is the
 * page's own address behind any proxy), else this request's scheme and host.
 */
function appOrigin(req: FastifyRequest, publicUrl: string | undefined): string {
  if (publicUrl) return publicUrl;
  try {
    const origin = new URL(req.headers.origin ?? '');
    if (origin.protocol === 'https:' || origin.protocol === 'http:') return origin.origin;
  } catch {
    // no Origin (not a browser), or "null": the request's own address
  }
  return `${req.protocol}://${req.host}`;
}

/**
 * A reminder's payment link (server/services/khata/pay-links.service.ts): the shop makes one for a
 * customer's balance due; /api/pay/:token is the public page's data, rate limited per client address.
 */
export async function payLinksRoutes(app: App) {
  const { payLinks, limits, config } = app.services;

  app.post(
    '/customers/:id/pay-link',
    {
      schema: {
        params: payLinkParams,
        response: replies({ 201: payLinkResponse }, ['customerNotFound', 'payLinkNothingDue', 'payLinkNoUpiId']),
      },
    },
    async (req, reply) => {
      const link = await payLinks.create(currentUser(req), req.params.id, appOrigin(req, config.publicUrl));
      reply.code(201);
      return link;
    },
  );

  app.get(
    '/pay/:token',
    { schema: { params: payTokenParams, response: replies({ 200: payPageResponse }, ['payLinkNotFound']) } },
    async (req) => {
      await limits.payPage.hit(`ip:${req.ip}`);
      return payLinks.open(req.params.token);
    },
  );
}
