import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, login, type TestContext, codedBody } from './helpers';

let ctx: TestContext;
const tok: Record<string, string> = {};
beforeAll(async () => {
  ctx = await createTestApp();
  for (const k of ['admin', 'vendor', 'customer', 'delivery'] as const) tok[k] = await login(ctx.app, DEMO[k]);
});
afterAll(async () => ctx?.close());

const post = (token: string | null, payload: unknown) =>
  ctx.app.inject({ method: 'POST', url: '/api/informations', headers: token ? bearer(token) : {}, payload: payload as object });
const list = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/informations', headers: bearer(token) });

describe('/api/informations', () => {
  it('an admin creates an announcement; every role reads it, newest first', async () => {
    const a = await post(tok.admin, { information: '  Diwali sale: shops open till 10 pm  ' });
    expect(a.statusCode).toBe(201);
    expect(a.json()).toMatchObject({
      ...codedBody('informationCreated'),
      information: { _id: expect.any(String), information: 'Diwali sale: shops open till 10 pm' },
    });
    await new Promise((r) => setTimeout(r, 5));
    const b = await post(tok.admin, { information: 'Pongal holiday on 15 January' });
    expect(b.statusCode).toBe(201);
    for (const role of ['admin', 'vendor', 'customer', 'delivery']) {
      const res = await list(tok[role]);
      expect(res.statusCode).toBe(200);
      const texts = res.json().map((i: { information: string }) => i.information);
      expect(texts.indexOf('Pongal holiday on 15 January')).toBeLessThan(texts.indexOf('Diwali sale: shops open till 10 pm'));
      expect(texts.indexOf('Diwali sale: shops open till 10 pm')).toBeGreaterThanOrEqual(0);
    }
    const item = (await list(tok.customer)).json()[0];
    expect(Object.keys(item).sort()).toEqual(['_id', 'createdAt', 'information']);
    expect(new Date(item.createdAt).toISOString()).toBe(item.createdAt);
  });

  it('needs a sign-in to read', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/informations' });
    expect(res.statusCode).toBe(401);
  });

  it('requires the text and changes nothing on bad input', async () => {
    const before = (await list(tok.admin)).json().length;
    for (const [payload, body] of [
      [{}, codedBody('informationRequired', { field: 'information' })],
      [{ information: '' }, codedBody('informationRequired', { field: 'information' })],
      [{ information: '    ' }, codedBody('informationRequired', { field: 'information' })],
      [{ information: 42 }, codedBody('informationRequired', { field: 'information' })],
    ] as const) {
      const res = await post(tok.admin, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json(), JSON.stringify(payload)).toEqual(body);
    }
    // too long: the schema's own code stands for every check of the text (zod applies it to them all)
    const long = await post(tok.admin, { information: 'x'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ code: expect.any(String), field: 'information' });
    expect((await list(tok.admin)).json().length).toBe(before);
  });

  it('only admins write: others 403, anonymous 401', async () => {
    for (const role of ['vendor', 'customer', 'delivery']) {
      expect((await post(tok[role], { information: 'hack' })).statusCode).toBe(403);
    }
    expect((await post(null, { information: 'hack' })).statusCode).toBe(401);
    const id = (await post(tok.admin, { information: 'to delete' })).json().information._id;
    for (const role of ['vendor', 'customer', 'delivery']) {
      const res = await ctx.app.inject({ method: 'DELETE', url: `/api/informations/${id}`, headers: bearer(tok[role]) });
      expect(res.statusCode).toBe(403);
    }
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/informations/${id}` })).statusCode).toBe(401);
    expect((await list(tok.admin)).json().some((i: { _id: string }) => i._id === id)).toBe(true);
  });

  it('an admin deletes one; deleting again or a bad id is answered clearly', async () => {
    const id = (await post(tok.admin, { information: 'short-lived' })).json().information._id;
    const del = await ctx.app.inject({ method: 'DELETE', url: `/api/informations/${id}`, headers: bearer(tok.admin) });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual(codedBody('informationDeleted'));
    expect((await list(tok.customer)).json().some((i: { _id: string }) => i._id === id)).toBe(false);
    const again = await ctx.app.inject({ method: 'DELETE', url: `/api/informations/${id}`, headers: bearer(tok.admin) });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual(codedBody('informationNotFound'));
    const bad = await ctx.app.inject({ method: 'DELETE', url: '/api/informations/not-an-id', headers: bearer(tok.admin) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual(codedBody('idInvalid', { field: 'id' }));
  });
});

describe('PUT /api/informations/:id (edit)', () => {
  const put = (token: string | null, id: string, payload: unknown, lang?: string) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/informations/${id}`,
      headers: { ...(token ? bearer(token) : {}), ...(lang ? { 'accept-language': lang } : {}) },
      payload: payload as object,
    });
  const textOf = async (id: string) =>
    ((await list(tok.customer)).json() as Array<{ _id: string; information: string; createdAt: string }>).find((i) => i._id === id);

  it('an admin changes the text; it keeps its place (created time) and everyone reads the new text', async () => {
    const made = (await post(tok.admin, { information: 'Shops close at 9 pm' })).json().information;
    const res = await put(tok.admin, made._id, { information: '  Shops close at 10 pm  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ...codedBody('informationUpdated'),
      information: { _id: made._id, information: 'Shops close at 10 pm', createdAt: made.createdAt },
    });
    expect(await textOf(made._id)).toEqual({ _id: made._id, information: 'Shops close at 10 pm', createdAt: made.createdAt });
    const ta = await put(tok.admin, made._id, { information: 'Shops close at 10 pm' }, 'ta');
    expect(ta.json().message).toBe('அறிவிப்பு மாற்றப்பட்டது.');
  });

  it('only admins edit: others 403, anonymous 401, and the text stays', async () => {
    const id = (await post(tok.admin, { information: 'Not yours to edit' })).json().information._id;
    for (const role of ['vendor', 'customer', 'delivery'])
      expect((await put(tok[role], id, { information: 'hacked' })).statusCode).toBe(403);
    expect((await put(null, id, { information: 'hacked' })).statusCode).toBe(401);
    expect((await textOf(id))?.information).toBe('Not yours to edit');
  });

  it('bad input gets its code and changes nothing; a missing one is not found', async () => {
    const id = (await post(tok.admin, { information: 'Keep me' })).json().information._id;
    for (const payload of [{}, { information: '' }, { information: '   ' }, { information: 7 }]) {
      const res = await put(tok.admin, id, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json(), JSON.stringify(payload)).toEqual(codedBody('informationRequired', { field: 'information' }));
    }
    const long = await put(tok.admin, id, { information: 'x'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ code: expect.any(String), field: 'information' });
    expect((await textOf(id))?.information).toBe('Keep me');

    const bad = await put(tok.admin, 'not-an-id', { information: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual(codedBody('idInvalid', { field: 'id' }));
    await ctx.app.inject({ method: 'DELETE', url: `/api/informations/${id}`, headers: bearer(tok.admin) });
    const gone = await put(tok.admin, id, { information: 'too late' });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual(codedBody('informationNotFound'));
  });
});
