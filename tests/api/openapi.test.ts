import { Validator } from '@seriousme/openapi-schema-validator';
import Fastify from 'fastify';
import { z } from 'zod';
import { isMessageCode } from '../../core/message-codes';
import { notFound } from '../../server/lib/errors';
import { declareSchemaCodes, replies, schemaCodes, zodSerializerCompiler, zodValidatorCompiler } from '../../server/lib/zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({}, { seed: false });
});
afterAll(async () => ctx?.close());

type Operation = { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> };
type Doc = { paths: Record<string, Record<string, Operation>> };

/** The message codes an operation's error answers may carry, from its 4XX schema in the document. */
function errorCodes(doc: Doc, path: string, method: string): string[] {
  const schema = doc.paths[path]?.[method]?.responses?.['4XX']?.content?.['application/json']?.schema as
    { properties?: { code?: { enum?: string[] } } } | undefined;
  return schema?.properties?.code?.enum ?? [];
}

describe('the OpenAPI document', () => {
  it('is served at /api/openapi.json and validates against the OpenAPI 3.1 schema', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(doc);
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 2)).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('declares a 2xx response schema and the { message, code } error shape for every operation', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([method]) => ['get', 'post', 'put', 'delete', 'patch'].includes(method))
        .map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
    );
    expect(operations.length).toBeGreaterThan(50);
    const missing = operations.filter(({ op }) => !Object.entries(op.responses ?? {}).some(([code, r]) => /^2/.test(code) && r.content));
    expect(missing.map((m) => m.name)).toEqual([]);
    const noErrorShape = operations.filter(({ op }) => !op.responses?.['4XX']?.content?.['application/json']?.schema);
    expect(noErrorShape.map((m) => m.name)).toEqual([]);
  });

  it("lists each operation's error codes: its service's, its request schema's and those of every route", async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as Doc;
    const product = errorCodes(doc, '/api/products/{id}', 'get');
    expect(product).toContain('productNotFound');
    expect(product).toContain('unauthenticated');
    expect(product).not.toContain('invalidCredentials');
    const login = errorCodes(doc, '/api/users/auth', 'post');
    expect(login).toEqual(expect.arrayContaining(['invalidCredentials', 'loginDelayed', 'loginLocked', 'tooManyRequests']));
    // named by loginSchema: the phone's and the password's own messages
    expect(login).toEqual(expect.arrayContaining(['invalidPhone', 'fillRequired']));
    expect(login).not.toContain('productNotFound');
    // a product's form: the service's checks, the barcode's check digit and its schema's messages
    expect(errorCodes(doc, '/api/products/', 'post')).toEqual(
      expect.arrayContaining(['barcodeTaken', 'barcodeCheckDigit', 'barcodeFormat', 'imageRequired', 'unitInvalid', 'invalidNumeric']),
    );
    // the writes the outbox replays answer the Idempotency-Key refusals
    expect(errorCodes(doc, '/api/Orders/', 'post')).toEqual(expect.arrayContaining(['idempotencyKeyReused', 'pricesChanged', 'cartEmpty']));
    const all = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((method) => errorCodes(doc, path, method)));
    for (const codes of all) expect(codes.filter((c) => !isMessageCode(c))).toEqual([]);
  });

  it('has a browsable reference at /api/docs', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(res.statusCode);
    const page = await ctx.app.inject({ method: 'GET', url: res.statusCode === 302 ? String(res.headers.location) : '/api/docs' });
    expect(page.body).toContain('swagger');
  });
});

describe('answers match their contract', () => {
  const build = async (check: boolean) => {
    const app = Fastify();
    app.setValidatorCompiler(zodValidatorCompiler);
    app.setSerializerCompiler(zodSerializerCompiler(check));
    const schema = { response: replies({ 200: z.object({ name: z.string(), price: z.number() }) }) };
    app.get('/right', { schema }, async () => ({ name: 'Rice', price: 68 }));
    app.get('/wrong', { schema }, async () => ({ name: 'Rice', price: '68' }));
    await app.ready();
    return app;
  };

  it('under test an answer that breaks its declared schema fails with 500', async () => {
    const app = await build(true);
    expect((await app.inject({ method: 'GET', url: '/right' })).json()).toEqual({ name: 'Rice', price: 68 });
    const wrong = await app.inject({ method: 'GET', url: '/wrong' });
    expect(wrong.statusCode).toBe(500);
    await app.close();
  });

  it('under test an error whose code its route does not declare fails with 500; a declared one passes', async () => {
    const app = Fastify();
    app.setValidatorCompiler(zodValidatorCompiler);
    app.setSerializerCompiler(zodSerializerCompiler(true));
    app.addHook('onRoute', declareSchemaCodes);
    app.setErrorHandler((err, _req, reply) => {
      const body = (err as { body?: () => unknown }).body;
      return reply
        .code((err as { statusCode?: number }).statusCode ?? 500)
        .send(body ? body.call(err) : { message: 'x', code: 'internalError' });
    });
    const thrower = async () => {
      throw notFound('productNotFound');
    };
    app.get('/declared', { schema: { response: replies({ 200: z.object({}) }, ['productNotFound']) } }, thrower);
    app.get('/undeclared', { schema: { response: replies({ 200: z.object({}) }, ['orderNotFound']) } }, thrower);
    app.post(
      '/validated',
      { schema: { body: z.object({ name: z.string({ error: 'nameRequired' }) }), response: replies({ 200: z.object({}) }) } },
      async () => ({}),
    );
    await app.ready();
    const declared = await app.inject({ method: 'GET', url: '/declared' });
    expect(declared.statusCode).toBe(404);
    expect(declared.json()).toMatchObject({ code: 'productNotFound' });
    expect((await app.inject({ method: 'GET', url: '/undeclared' })).statusCode).toBe(500);
    // a code the body schema names is declared without listing it
    const invalid = await app.inject({ method: 'POST', url: '/validated', payload: {} });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ code: 'nameRequired', field: 'name' });
    await app.close();
  });

  it('finds the codes a request schema names, in nested schemas, checks and error functions', () => {
    const schema = z.object({
      a: z.string({ error: 'fillRequired' }).regex(/x/, { error: 'invalidPhone' }).optional(),
      b: z.array(z.object({ c: z.uuid({ error: 'idInvalid' }) })),
      d: z.preprocess((v) => v, z.number({ error: (iss) => (iss.input === undefined ? 'fillRequired' : 'invalidNumeric') })),
      e: z.string().refine(() => true, { error: 'not a code' }),
    });
    expect(schemaCodes(schema).sort()).toEqual(['fillRequired', 'idInvalid', 'invalidNumeric', 'invalidPhone']);
  });

  it('in production the answer is sent as it is, without the per-request check', async () => {
    const app = await build(false);
    expect((await app.inject({ method: 'GET', url: '/wrong' })).statusCode).toBe(200);
    await app.close();
  });

  it('the API tests run with the check on', () => {
    expect(ctx.config.validateResponses).toBe(true);
  });
});
