import type { FastifySchemaCompiler, FastifyTypeProvider } from 'fastify';
import type { z, ZodType } from 'zod';
import { isKnownMessage } from '../../core/messages';

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
    if (bad !== null) return { error: new ValidationError(`${bad || httpPart || 'body'}: Text must not contain NUL characters or broken Unicode`) };
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    const issue = result.error.issues[0];
    const field = issue.path.length ? issue.path.join('.') : httpPart ?? 'body';
    const message = isKnownMessage(issue.message) ? issue.message : `${field}: ${issue.message}`;
    return { error: new ValidationError(message) };
  };
