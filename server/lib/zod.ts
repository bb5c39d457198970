import type { FastifySchemaCompiler, FastifySerializerCompiler, FastifyTypeProvider } from 'fastify';
import type { z, ZodType } from 'zod';
import { isKnownMessage } from '../../core/messages';
import { errorResponse } from '../../core/schemas/common';

/** Lets route handlers see the parsed types of their zod schemas. */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends ZodType ? z.input<this['schema']> : unknown;
}

export class ValidationError extends Error {
  statusCode = 400;
}

/**
 * Text PostgreSQL cannot store: a NUL character, or half of a UTF-16 surrogate pair (no UTF-8 form;
 * in jsonb, e.g. an address, it made a 500 that the fuzz test found).
 */
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The path of the first string (or key) holding text PostgreSQL cannot store, or null. */
export function findUnstorableText(data: unknown): string | null {
  const stack: Array<[unknown, string]> = [[data, '']];
  while (stack.length) {
    const [v, at] = stack.pop()!;
    if (typeof v === 'string') {
      if (UNSTORABLE.test(v)) return at;
    } else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        if (UNSTORABLE.test(k)) return at ? `${at}.${k}` : k;
        stack.push([x, at ? `${at}.${k}` : k]);
      }
    }
  }
  return null;
}

/** Validates with the zod schema from core/; the first issue becomes `{ message }` naming its field. */
export const zodValidatorCompiler: FastifySchemaCompiler<ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const bad = findUnstorableText(data);
    if (bad !== null)
      return { error: new ValidationError(`${bad || httpPart || 'body'}: Text must not contain NUL characters or broken Unicode`) };
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    const issue = result.error.issues[0];
    const field = issue.path.length ? issue.path.join('.') : (httpPart ?? 'body');
    const message = isKnownMessage(issue.message) ? issue.message : `${field}: ${issue.message}`;
    return { error: new ValidationError(message) };
  };

/** Every route's error answers: the one `{ message }` shape. */
const errorReplies = { '4xx': errorResponse, '5xx': errorResponse } as const;

/** A route's `response` schemas: its success answers (from core) and the one error shape. */
export const replies = <T extends Record<number, ZodType>>(ok: T) => ({ ...ok, ...errorReplies });

/** An answer that does not match the schema its route declares: a broken contract. */
export class ResponseContractError extends Error {
  statusCode = 500;
}

/**
 * Serializes answers as JSON. With `check` (tests, `VALIDATE_RESPONSES=1`) each answer is first
 * checked against its route's declared response schema, and a mismatch fails the request with 500,
 * so a test that reaches it fails. In production the check is skipped: the schemas are the contract
 * the tests hold the code to, not a per-request cost.
 */
export function zodSerializerCompiler(check: boolean): FastifySerializerCompiler<ZodType> {
  return ({ schema, method, url, httpStatus }) =>
    (data) => {
      if (check) {
        const result = schema.safeParse(data);
        if (!result.success) {
          const issue = result.error.issues[0];
          throw new ResponseContractError(
            `${method} ${url} ${httpStatus}: the answer does not match its response schema at ${issue.path.join('.') || '(root)'}: ${issue.message}`,
          );
        }
      }
      return JSON.stringify(data);
    };
}
