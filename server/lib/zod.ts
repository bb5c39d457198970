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

/** The path of the first string holding a NUL character (PostgreSQL text cannot store one), or null. */
export function findNul(data: unknown): string | null {
  const stack: Array<[unknown, string]> = [[data, '']];
  while (stack.length) {
    const [v, at] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return at;
    } else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        if (k.includes('\u0000')) return at ? `${at}.${k}` : k;
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
    const nul = findNul(data);
    if (nul !== null) return { error: new ValidationError(`${nul || httpPart || 'body'}: Text must not contain NUL characters`) };
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    const issue = result.error.issues[0];
    const field = issue.path.length ? issue.path.join('.') : httpPart ?? 'body';
    const message = isKnownMessage(issue.message) ? issue.message : `${field}: ${issue.message}`;
    return { error: new ValidationError(message) };
  };
