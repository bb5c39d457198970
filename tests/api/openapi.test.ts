import { Validator } from '@seriousme/openapi-schema-validator';
import Fastify from 'fastify';
import { z } from 'zod';
import { replies, zodSerializerCompiler, zodValidatorCompiler } from '../../server/lib/zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({}, { seed: false });
});
afterAll(async () => ctx?.close());

type Operation = { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> };

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

  it('declares a 2xx response schema and the { message } error shape for every operation', async () => {
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

  it('in production the answer is sent as it is, without the per-request check', async () => {
    const app = await build(false);
    expect((await app.inject({ method: 'GET', url: '/wrong' })).statusCode).toBe(200);
    await app.close();
  });

  it('the API tests run with the check on', () => {
    expect(ctx.config.validateResponses).toBe(true);
  });
});
