import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { FastifyInstance } from 'fastify';

/**
 * The OpenAPI document, generated from the routes' zod schemas (the contract in core/), at
 * /api/openapi.json, and a browsable reference at /api/docs. Register before the routes.
 */
export async function registerApiDocs(app: FastifyInstance) {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Namma Kadai API',
        version: '1.0.0',
        description:
          'The marketplace API. Money is in rupees, ids are UUIDs sent as `_id`, errors are `{ message, code, params?, field? }`: `code` names the message (each operation lists the codes it can answer), `params` are the values in its text, `field` the request field it is about. Sign in with POST /api/users/auth and send the token as `Authorization: Bearer <token>`. A `message` comes in Tamil when `Accept-Language` prefers `ta` (for example `ta-IN`), else in English.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    hideUntagged: false,
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
