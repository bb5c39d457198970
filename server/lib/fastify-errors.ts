import type { MessageCode } from '../../core/coded';

/** Fastify's own 4xx refusals (its `err.code`) by message code; any other is a plain bad request. */
const FASTIFY_CODES: Readonly<Record<string, MessageCode>> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'bodyTooLarge',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'mediaTypeUnsupported',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'bodyLengthMismatch',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'bodyEmpty',
  FST_ERR_CTP_INVALID_JSON_BODY: 'bodyNotJson',
  FST_ERR_CTP_EMPTY_TYPE: 'mediaTypeUnsupported',
  FST_ERR_CTP_INVALID_TYPE: 'mediaTypeUnsupported',
  // the router's own (app.ts frameworkErrors)
  FST_ERR_BAD_URL: 'urlInvalid',
  FST_ERR_MAX_PARAM_LENGTH: 'urlTooLong',
};

/** Every code a Fastify refusal can answer. */
export const FASTIFY_ERROR_CODES: readonly MessageCode[] = [...new Set([...Object.values(FASTIFY_CODES), 'badRequest' as const])];

export const fastifyErrorCode = (code: string | undefined): MessageCode =>
  (code && Object.hasOwn(FASTIFY_CODES, code) && FASTIFY_CODES[code]) || 'badRequest';
