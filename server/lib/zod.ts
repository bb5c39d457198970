import type { FastifySchemaCompiler, FastifySerializerCompiler, FastifyTypeProvider, RouteOptions } from 'fastify';
import { z, type ZodType } from 'zod';
import { coded, type MessageCode } from '../../core/coded';
import { CODE, isMessageCode } from '../../core/message-codes';
import { codeErrorMap, issueToCoded, ZOD_CODES } from '../../core/zod-codes';
import { errorResponse } from '../../core/schemas/common';
import { HttpError } from './errors';
import { FASTIFY_ERROR_CODES } from './fastify-errors';

/** Lets route handlers see the parsed types of their zod schemas. */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends ZodType ? z.input<this['schema']> : unknown;
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

/** Validates with the zod schema from core/; the first issue becomes `{ message, code, params?, field }`. */
export const zodValidatorCompiler: FastifySchemaCompiler<ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const bad = findUnstorableText(data);
    if (bad !== null) return { error: new HttpError(400, coded(CODE.textUnstorable), { field: bad || httpPart || 'body' }) };
    const result = schema.safeParse(data, { error: codeErrorMap });
    if (result.success) return { value: result.data };
    const { field, ...message } = issueToCoded(result.error.issues[0]);
    return { error: new HttpError(400, message, { field: field || httpPart || 'body' }) };
  };

/**
 * The codes any route may answer, whatever its service does: a request refused by zod's own checks
 * or by Fastify (body too large, not JSON), the route guard (401, 403), a rate limit, the 404 of an
 * unknown path, a unique index hit by a race, the database down, a crash.
 */
export const ANY_ROUTE_CODES: readonly MessageCode[] = [
  ...ZOD_CODES,
  ...FASTIFY_ERROR_CODES,
  'textUnstorable',
  'unauthenticated',
  'forbidden',
  'staffRoleRefused',
  'staffGone',
  'tooManyRequests',
  'notFound',
  'alreadyExists',
  'serviceUnavailable',
  'internalError',
];

/** The codes a route declared with `replies`, by its error schema (the onRoute hook adds its request schemas' codes). */
const declaredCodes = new WeakMap<ZodType, readonly MessageCode[]>();

/** The error shape with `code` limited to these codes and those of ANY_ROUTE_CODES. */
function errorSchemaOf(codes: readonly MessageCode[]): ZodType {
  const all = [...new Set([...codes, ...ANY_ROUTE_CODES])].sort() as [MessageCode, ...MessageCode[]];
  const schema = errorResponse.extend({ code: z.enum(all) });
  declaredCodes.set(schema, codes);
  return schema;
}

/**
 * A route's `response` schemas: its success answers (from core) and the one error shape, whose
 * `code` lists what the route may answer: `codes` (those its service throws: `['productNotFound']`),
 * the codes its request schemas name (added by `declareSchemaCodes` as the route is registered) and
 * ANY_ROUTE_CODES. Under test an error answer with any other code breaks the contract (500), and the
 * OpenAPI document lists the codes per operation.
 */
export const replies = <T extends Record<number, ZodType>>(ok: T, codes: readonly MessageCode[] = []) => {
  const errors = errorSchemaOf(codes);
  return { ...ok, '4xx': errors, '5xx': errors };
};

/** A probe of a schema's error function: the issue of a missing, an empty and a wrong value. */
const PROBES = [undefined, '', 'x', -1].map((input) => ({ code: 'custom', input, path: [], message: '' }));

/**
 * The texts a zod schema gives as its errors (`{ error: 'fillRequired' }`, also in checks and nested
 * schemas): core's schemas give message codes. An error given as a function is called with PROBES.
 */
export function schemaErrorTexts(schema: unknown): string[] {
  const found = new Set<string>();
  const seen = new Set<unknown>();
  const addError = (error: unknown) => {
    if (typeof error !== 'function') return;
    for (const probe of PROBES) {
      let out: unknown;
      try {
        out = (error as (iss: unknown) => unknown)(probe);
      } catch {
        continue;
      }
      const text = typeof out === 'object' && out !== null ? (out as { message?: unknown }).message : out;
      if (typeof text === 'string') found.add(text);
    }
  };
  const walk = (value: unknown) => {
    if (!value || typeof value !== 'object' || seen.has(value)) return;
    seen.add(value);
    if (Array.isArray(value)) return value.forEach(walk);
    const def = (value as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
    if (!def) return;
    addError(def.error);
    for (const [key, v] of Object.entries(def)) {
      if (key === 'shape' && v && typeof v === 'object') Object.values(v).forEach(walk);
      else walk(v);
    }
  };
  walk(schema);
  return [...found];
}

/**
 * The message codes a request schema names (see schemaErrorTexts). A code a check pushes itself
 * (`ctx.issues.push`) is not seen here: the route declares it.
 */
export const schemaCodes = (schema: unknown): MessageCode[] => schemaErrorTexts(schema).filter(isMessageCode);

/**
 * onRoute hook: gives a route's error schema (from `replies`) the codes its body, query, params and
 * headers schemas name, so a validation answer is in its contract and in the OpenAPI document.
 */
export function declareSchemaCodes(route: RouteOptions): void {
  const schema = route.schema as Record<string, unknown> | undefined;
  const response = schema?.response as Record<string, ZodType> | undefined;
  const declared = response?.['4xx'] && declaredCodes.get(response['4xx']);
  if (!schema || !response || !declared) return;
  const fromRequest = ['body', 'querystring', 'params', 'headers'].flatMap((part) => schemaCodes(schema[part]));
  if (!fromRequest.length) return;
  const errors = errorSchemaOf([...declared, ...fromRequest]);
  route.schema = { ...schema, response: { ...response, '4xx': errors, '5xx': errors } };
}

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
