import type { FastifyRequest } from 'fastify';
import { TILL_HEADER } from '../../core/shift';

/** The till a request says it comes from (the X-Till header), unchecked: tillOfAct decides whether it counts. */
export function tillHeader(req: FastifyRequest): string | undefined {
  const value = req.headers[TILL_HEADER];
  return typeof value === 'string' && value ? value : undefined;
}
