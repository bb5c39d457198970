import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveOrderEvent } from '../../core/schemas/push';
import type { OrderDto } from '../../core/schemas/order';
import type { ReconciliationResponse, UpiQrResponse } from '../../core/schemas/payment';
import { istDayOf } from '../../core/sale-void';
import { loadConfig } from '../../server/config';
import { productionProblems } from '../../server/production-checks';
import { PaymentSettingsService } from '../../server/services/payments/payment-settings.service';
import { razorpayAdapter } from '../../server/services/payments/razorpay.adapter';
import { SecretBox } from '../../server/services/payments/secret-box';
import { codedBody, createTestApp, tokenRequests, type TestContext } from './helpers';
import { insertUser, makeProduct, makeShelf, sessionFor, vendorActor } from '../support/db-builders';
import { pollUntil } from '../support/poll';
import {
  type RazorpaySimulator,
  type RazorpayTestAccount,
  razorpayAccount,
  settingsBody,
  simulatorPayments,
  startRazorpaySimulator,
} from '../support/razorpay-simulator';

/**
 * UPI payments confirmed by a provider (docs/decisions/upi-confirmed-by-provider.md), against the local
 * Razorpay simulator this file starts: the shop's settings sealed at rest, a UPI sale kept Pending, the QR
 * for its exact amount, the signed webhook that marks it Paid, refusals of forged, re-signed and replayed
 * webhooks and of another shop's QR, mismatches kept, the confirmation by hand, and the reconciliation.
 * Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/razorpay');
const fixture = (name: string) => JSON.parse(fs.readFileSync(path.join(FIXTURES, name), 'utf8')) as Record<string, unknown>;

const KEY = randomBytes(32).toString('hex');
let sim: RazorpaySimulator;
let ctx: TestContext;
const db = () => ctx.handle.db;
const { call, ok, sale, shopSale, addStaff, paymentSettings, upiQr, razorpayWebhook } = tokenRequests(() => ctx.app);
const today = istDayOf(new Date());

/** Shop A and shop B have a Razorpay account each; shop C has none (its own static QR). */
const shops = {} as Record<'a' | 'b' | 'c', { id: string; token: string; productId: string; account: RazorpayTestAccount }>;

/** A UPI sale of one ₹45.50 piece (and `qty` of them) at a shop, handed over and sent as Paid, as a till sends it. */
const upiSale = (shop: 'a' | 'b' | 'c', quantity = 1, token = shops[shop].token) =>
  sale(token, [{ productId: shops[shop].productId, quantity }], { paymentMethod: 'upi', paymentStatus: 'Paid', handedOver: true });
const order = (token: string, id: string) => ok('GET', `/api/Orders/${id}`, token) as Promise<OrderDto>;
const qrOf = async (shop: 'a' | 'b' | 'c', orderId: string) => {
  const res = await upiQr(shops[shop].token, orderId);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as UpiQrResponse;
};
const paymentRows = () => db().selectFrom('upi_payments').selectAll().execute();
const reconciliation = (shop: 'a' | 'b' | 'c') =>
  ok('GET', `/api/payments/reconciliation?date=${today}`, shops[shop].token) as Promise<ReconciliationResponse>;

beforeAll(async () => {
  sim = await startRazorpaySimulator();
  ctx = await createTestApp({ payments: simulatorPayments(sim, KEY) });
  const shelf = await makeShelf(db());
  for (const [key, name] of [
    ['a', 'Anbu Stores'],
    ['b', 'Bharathi Stores'],
    ['c', 'Chola Stores'],
  ] as const) {
    const id = await insertUser(db(), { name: `${name} owner`, role: 'vendor', shopName: name });
    const token = await sessionFor(db(), id);
    const productId = await makeProduct(db(), { vendorId: id, shelf, shopPrice: 45.5, stock: 1000 });
    shops[key] = { id, token, productId, account: razorpayAccount() };
  }
  sim.accounts.push(shops.a.account, shops.b.account);
  await paymentSettings(shops.a.token, settingsBody(shops.a.account));
  await paymentSettings(shops.b.token, settingsBody(shops.b.account));
});
afterAll(async () => {
  await ctx?.close();
  await sim?.close();
});

describe('payment settings (PUT/GET/DELETE /api/payments/settings)', () => {
  it('keeps the secrets sealed at rest and never answers them', async () => {
    const account = razorpayAccount();
    const id = await insertUser(db(), { name: 'Settings owner', role: 'vendor', shopName: 'Settings Stores' });
    const token = await sessionFor(db(), id);
    expect(await ok('GET', '/api/payments/settings', token)).toEqual({ provider: null, keyId: null, configured: false });

    const saved = await call('PUT', '/api/payments/settings', token, settingsBody(account));
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ ...codedBody('paymentSettingsSaved'), provider: 'razorpay', keyId: account.keyId, configured: true });
    const read = await call('GET', '/api/payments/settings', token);
    expect(read.json()).toEqual({ provider: 'razorpay', keyId: account.keyId, configured: true });
    for (const body of [saved.body, read.body]) {
      expect(body).not.toContain(account.keySecret);
      expect(body).not.toContain(account.webhookSecret);
    }

    const row = await db().selectFrom('payment_settings').selectAll().where('shop_id', '=', id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(account.keySecret);
    expect(JSON.stringify(row)).not.toContain(account.webhookSecret);
    const box = new SecretBox(KEY);
    expect(box.open(row.key_secret_enc, `${id}:keySecret`)).toBe(account.keySecret);
    expect(box.open(row.webhook_secret_enc, `${id}:webhookSecret`)).toBe(account.webhookSecret);
    // bound to its shop and field: moved to another place, or opened with another key, it does not open
    expect(box.open(row.key_secret_enc, `${id}:webhookSecret`)).toBeNull();
    expect(box.open(row.key_secret_enc, `${shops.a.id}:keySecret`)).toBeNull();
    expect(new SecretBox(randomBytes(32).toString('hex')).open(row.key_secret_enc, `${id}:keySecret`)).toBeNull();

    const refused = await call('PUT', '/api/payments/settings', token, { ...settingsBody(account), provider: 'paytm' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'paymentProviderInvalid', field: 'provider' });
    const blank = await call('PUT', '/api/payments/settings', token, { ...settingsBody(account), webhookSecret: ' ' });
    expect(blank.json()).toMatchObject({ code: 'paymentWebhookSecretRequired', field: 'webhookSecret' });

    const off = await call('DELETE', '/api/payments/settings', token);
    expect(off.json()).toEqual({ ...codedBody('paymentSettingsRemoved'), provider: null, keyId: null, configured: false });
    expect(await db().selectFrom('payment_settings').select('shop_id').where('shop_id', '=', id).executeTakeFirst()).toBeUndefined();
  });

  it('refuses to turn a provider on without a key to seal its secrets (a production start without PAYMENTS_KEY)', async () => {
    const id = await insertUser(db(), { name: 'Keyless owner', role: 'vendor', shopName: 'Keyless Stores' });
    const keyless = new PaymentSettingsService(db(), null, simulatorPayments(sim, KEY), ctx.app.log);
    await expect(keyless.save(vendorActor(id), settingsBody(razorpayAccount()) as never)).rejects.toMatchObject({
      statusCode: 409,
      coded: { code: 'paymentsKeyMissing' },
    });
    expect(await db().selectFrom('payment_settings').select('shop_id').where('shop_id', '=', id).executeTakeFirst()).toBeUndefined();
  });

  it('a production start needs an https Razorpay address; PAYMENTS_KEY is 64 hex digits; only production refuses the development key', () => {
    const prod = { NODE_ENV: 'production', SMS_SENDER: 'webhook', SMS_WEBHOOK_URL: 'https://sms.example/send' };
    expect(productionProblems(loadConfig(prod), prod)).toEqual([]);
    const plain = { ...prod, RAZORPAY_API_URL: 'http://127.0.0.1:9' };
    expect(productionProblems(loadConfig(plain), plain)).toEqual([expect.stringContaining('RAZORPAY_API_URL')]);
    expect(productionProblems(loadConfig({ RAZORPAY_API_URL: 'http://127.0.0.1:9' }), {})).toEqual([]);
    expect(loadConfig(prod).payments).toEqual({ key: null, devKey: false, razorpayApiUrl: 'https://api.razorpay.com' });
    expect(loadConfig({}).payments.devKey).toBe(true);
    expect(loadConfig({ PAYMENTS_KEY: KEY.toUpperCase() }).payments.key).toBe(KEY);
    expect(() => loadConfig({ PAYMENTS_KEY: 'abc123' })).toThrow(/PAYMENTS_KEY/);
    expect(() => loadConfig({ RAZORPAY_API_URL: 'ftp://x' })).toThrow(/RAZORPAY_API_URL/);
  });
});

describe("Razorpay's documented shapes (tests/fixtures/razorpay)", () => {
  const adapter = razorpayAdapter(sim?.url ?? 'http://127.0.0.1:9', { keyId: 'rzp_test_x', keySecret: 'k', webhookSecret: 'whsec' });

  it('the adapter reads the documented qr_code.credited event and checks its signature over the exact bytes', () => {
    const raw = Buffer.from(JSON.stringify(fixture('qr-code-credited-webhook.json')));
    const signature = createHmac('sha256', 'whsec').update(raw).digest('hex');
    expect(adapter.verifyWebhook(raw, signature)).toBe(true);
    expect(adapter.verifyWebhook(raw, createHmac('sha256', 'other').update(raw).digest('hex'))).toBe(false);
    expect(adapter.verifyWebhook(Buffer.concat([raw, Buffer.from(' ')]), signature)).toBe(false);
    expect(adapter.verifyWebhook(raw, 'not-hex')).toBe(false);
    const event = adapter.parseWebhook(raw);
    expect(event).toMatchObject({
      kind: 'qrCredited',
      qrId: 'qr_HO2e0813YlchUn',
      payment: {
        paymentId: 'pay_HO2fEpc9JeOQU5',
        amountPaise: 200,
        status: 'captured',
        utr: '116812981837',
        payerVpa: 'gauri.kumar@okhdfcbank',
      },
    });
    expect(event.kind === 'qrCredited' && event.payment.paidAt.toISOString()).toBe(new Date(1623914419 * 1000).toISOString());
  });

  it('the simulator answers and signs in the documented shapes', async () => {
    const made = await upiSale('a');
    const qr = await qrOf('a', made._id);
    const request = sim.qrs.get(qr.qrId)!.request;
    expect(Object.keys(request).sort()).toEqual(
      Object.keys(fixture('create-qr-request.json'))
        .filter((k) => k !== 'customer_id')
        .sort(),
    );
    const created = sim.qrs.get(qr.qrId)!.entity;
    expect(Object.keys(fixture('create-qr-response.json')).filter((k) => !(k in created))).toEqual(['customer_id']);
    const paid = await sim.pay(qr.qrId, { deliver: false });
    const documented = fixture('qr-code-credited-webhook.json') as {
      payload: { payment: { entity: object }; qr_code: { entity: object } };
    };
    const event = JSON.parse(paid.rawBody) as typeof documented;
    expect(Object.keys(event).sort()).toEqual(Object.keys(documented).sort());
    expect(Object.keys(event.payload.payment.entity).sort()).toEqual(Object.keys(documented.payload.payment.entity).sort());
    // the QR as made here: no customer named, and its UPI link (the image content feature)
    const qrKeys = Object.keys(documented.payload.qr_code.entity).filter((k) => k !== 'customer_id');
    expect(Object.keys(event.payload.qr_code.entity).sort()).toEqual([...qrKeys, 'image_content'].sort());
    const listed = (await (
      await fetch(`${sim.url}/v1/payments/qr_codes/${qr.qrId}/payments`, {
        headers: { authorization: `Basic ${Buffer.from(`${shops.a.account.keyId}:${shops.a.account.keySecret}`).toString('base64')}` },
      })
    ).json()) as { items: object[] };
    const documentedList = fixture('qr-payments-response.json') as { items: object[] };
    expect(Object.keys(listed).sort()).toEqual(Object.keys(documentedList).sort());
    expect(Object.keys(listed.items[0]).sort()).toEqual(Object.keys(documentedList.items[0]).sort());
    expect((await fetch(`${sim.url}/v1/payments/qr_codes/${qr.qrId}/payments`)).status).toBe(401);
  });
});

describe('a UPI sale at a shop with a provider', () => {
  it('is recorded Pending, by UPI, even when the till sends it Paid; at a shop without one it stays Paid', async () => {
    const waiting = await upiSale('a');
    expect(waiting).toMatchObject({ paymentStatus: 'Pending', paymentMethod: 'upi', status: 'Delivered', payment: null });
    expect(waiting.invoiceNumber).not.toBeNull();
    // even sent as unpaid, a sale handed over by UPI waits for its payment rather than being refused
    const sentPending = await shopSale(shops.a.token, [{ productId: shops.a.productId, quantity: 1 }], {
      paymentMethod: 'upi',
      paymentStatus: 'Pending',
      handedOver: true,
    });
    expect(sentPending.statusCode, sentPending.body).toBe(201);
    expect(sentPending.json().order).toMatchObject({ paymentStatus: 'Pending', paymentMethod: 'upi' });
    expect(await upiSale('c')).toMatchObject({ paymentStatus: 'Paid', paymentMethod: 'upi', payment: null });
    // cash at the same shop is paid at once
    const cash = await sale(shops.a.token, [{ productId: shops.a.productId, quantity: 1 }]);
    expect(cash).toMatchObject({ paymentStatus: 'Paid', paymentMethod: 'cash' });
  });

  it("upi-qr makes the provider's single-use QR for the exact amount, closing in 15 minutes, and gives it again", async () => {
    const made = await upiSale('a', 3);
    const before = Date.now();
    const qr = await qrOf('a', made._id);
    const sent = sim.qrs.get(qr.qrId)!;
    expect(sent.request).toMatchObject({ type: 'upi_qr', usage: 'single_use', fixed_amount: true, payment_amount: 13650 });
    expect(sent.account.keyId).toBe(shops.a.account.keyId);
    const closeBy = Number(sent.request.close_by) * 1000;
    expect(closeBy - before).toBeGreaterThanOrEqual(15 * 60_000);
    expect(closeBy - before).toBeLessThan(16 * 60_000);
    expect(qr).toEqual({
      qrId: qr.qrId,
      upiUri: sent.entity.image_content,
      imageUrl: sent.entity.image_url,
      amount: 136.5,
      closeBy: new Date(closeBy).toISOString(),
      paid: false,
    });
    expect(qr.upiUri).toMatch(/^upi:\/\/pay\?.*am=136\.50/);

    const reads = sim.requests.length;
    expect(await qrOf('a', made._id)).toEqual(qr);
    // asked again, it read the QR's payments first (a late webhook) and made no new QR
    expect(sim.requests.slice(reads)).toEqual([
      { method: 'GET', path: `/v1/payments/qr_codes/${qr.qrId}/payments`, keyId: shops.a.account.keyId },
    ]);
  });

  it('a signed webhook marks the sale Paid with the payment id, UTR and payer, and sends an order event; a replay changes nothing', async () => {
    const made = await upiSale('a');
    const qr = await qrOf('a', made._id);
    const events: LiveOrderEvent[] = [];
    const stop = ctx.app.services.live.open(
      { id: shops.a.id, role: 'vendor' },
      (e) => events.push(e),
      () => {},
    );
    try {
      const hook = await sim.pay(qr.qrId, { vpa: 'meena.k@okaxis', utr: '412345678901' });
      const res = await razorpayWebhook(hook);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ status: 'matched' });
      const paid = await order(shops.a.token, made._id);
      expect(paid).toMatchObject({ paymentStatus: 'Paid', paymentMethod: 'upi' });
      expect(paid.payment).toEqual({
        provider: 'razorpay',
        paymentId: hook.payment.id,
        utr: '412345678901',
        payerVpa: 'meena.k@okaxis',
        amount: 45.5,
        confirmedBy: 'provider',
      });
      await pollUntil(
        () => events.find((e) => e.orderId === made._id && e.kind === 'payment'),
        (e) => !!e,
        {
          timeoutMs: 2000,
          what: 'the order event of the payment',
        },
      );
      expect(await qrOf('a', made._id)).toMatchObject({ qrId: qr.qrId, paid: true });

      const rows = (await paymentRows()).length;
      const again = await razorpayWebhook(hook);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ status: 'duplicate' });
      expect((await paymentRows()).length).toBe(rows);
      expect((await order(shops.a.token, made._id)).payment).toEqual(paid.payment);
    } finally {
      stop();
    }
  });

  it('a forged or re-signed webhook is refused and changes nothing', async () => {
    const made = await upiSale('a');
    const qr = await qrOf('a', made._id);
    const hook = await sim.pay(qr.qrId, { deliver: false });
    const rows = (await paymentRows()).length;
    const refusals = [
      { rawBody: hook.rawBody },
      { rawBody: hook.rawBody, signature: '' },
      { rawBody: hook.rawBody, signature: 'f'.repeat(64) },
      // the right body re-signed with another secret (a guessed one, or the key secret)
      { rawBody: hook.rawBody, signature: sim.sign(hook.rawBody, 'guessed-secret') },
      { rawBody: hook.rawBody, signature: sim.sign(hook.rawBody, shops.a.account.keySecret) },
      // the body changed under its signature: another amount, one space more
      { rawBody: hook.rawBody.replace('"amount":4550', '"amount":1'), signature: hook.signature },
      { rawBody: `${hook.rawBody} `, signature: hook.signature },
    ];
    for (const forged of refusals) {
      const res = await razorpayWebhook(forged);
      expect(res.statusCode, JSON.stringify(forged.signature)).toBe(401);
      expect(res.json()).toEqual(codedBody('webhookSignatureInvalid'));
    }
    // signed by the shop but not an event: refused as such
    const junk = '{"not":"an event"}';
    const bad = await razorpayWebhook({ rawBody: junk, signature: sim.sign(junk, shops.a.account.webhookSecret) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual(codedBody('webhookBodyInvalid'));
    expect((await paymentRows()).length).toBe(rows);
    expect(await order(shops.a.token, made._id)).toMatchObject({ paymentStatus: 'Pending', payment: null });
  });

  it("another shop's QR id is ignored: its sale stays unpaid, and the payment is kept as the signer's mismatch", async () => {
    const made = await upiSale('a');
    const qr = await qrOf('a', made._id);
    // shop B signs, with its own secret, a payment naming shop A's QR
    const hook = sim.credited(shops.b.account, sim.qrs.get(qr.qrId)!.entity);
    const res = await razorpayWebhook(hook);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'mismatched' });
    expect(await order(shops.a.token, made._id)).toMatchObject({ paymentStatus: 'Pending', payment: null });
    const row = await db()
      .selectFrom('upi_payments')
      .selectAll()
      .where('payment_id', '=', String(hook.payment.id))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ shop_id: shops.b.id, order_id: null, matched: 'mismatched', mismatch: 'unknownQr' });
    expect((await reconciliation('b')).entries).toContainEqual(
      expect.objectContaining({ orderId: null, status: 'mismatched', mismatch: 'unknownQr', paymentId: hook.payment.id, amount: 45.5 }),
    );
    expect((await reconciliation('a')).entries.filter((e) => e.paymentId === hook.payment.id)).toEqual([]);
    // the sale is still paid by its own QR
    expect((await razorpayWebhook(await sim.pay(qr.qrId))).json()).toEqual({ status: 'matched' });
  });

  it('an amount that differs, or a payment after the QR closed, is kept as mismatched and the sale stays unpaid', async () => {
    const short = await upiSale('a', 2);
    const shortQr = await qrOf('a', short._id);
    const underpaid = await sim.pay(shortQr.qrId, { amount: 90, utr: '400000000001' });
    expect((await razorpayWebhook(underpaid)).json()).toEqual({ status: 'mismatched' });
    expect(await order(shops.a.token, short._id)).toMatchObject({ paymentStatus: 'Pending', payment: null });

    const late = await upiSale('a');
    const lateQr = await qrOf('a', late._id);
    const afterClose = new Date(Date.parse(lateQr.closeBy) + 60_000);
    expect((await razorpayWebhook(await sim.pay(lateQr.qrId, { at: afterClose }))).json()).toEqual({ status: 'mismatched' });
    expect(await order(shops.a.token, late._id)).toMatchObject({ paymentStatus: 'Pending' });

    const day = await reconciliation('a');
    expect(day.entries).toContainEqual(
      expect.objectContaining({ orderId: short._id, status: 'mismatched', mismatch: 'amount', amount: 90, utr: '400000000001' }),
    );
    expect(day.entries).toContainEqual(expect.objectContaining({ orderId: short._id, status: 'pending', amount: 91, paymentId: null }));
    expect(day.entries).toContainEqual(expect.objectContaining({ orderId: late._id, status: 'mismatched', mismatch: 'closedQr' }));
  });

  it('upi-qr on an open QR reads its payments first (the webhook is late) and marks the sale Paid', async () => {
    const made = await upiSale('a');
    const qr = await qrOf('a', made._id);
    const hook = await sim.pay(qr.qrId, { deliver: false, utr: '455555555555' });
    expect(await order(shops.a.token, made._id)).toMatchObject({ paymentStatus: 'Pending' });
    expect(await qrOf('a', made._id)).toEqual({ ...qr, paid: true });
    expect((await order(shops.a.token, made._id)).payment).toMatchObject({
      paymentId: hook.payment.id,
      utr: '455555555555',
      confirmedBy: 'provider',
    });
    // the webhook that comes after matches nothing new
    expect((await razorpayWebhook(hook)).json()).toEqual({ status: 'duplicate' });
  });

  it('upi-qr answers 409 for a sale not waiting for UPI or at a shop without a provider, 404 for another shop, 502 when the provider refuses', async () => {
    const cash = await sale(shops.a.token, [{ productId: shops.a.productId, quantity: 1 }]);
    expect((await upiQr(shops.a.token, cash._id)).json()).toEqual(codedBody('upiNotPending'));
    const atC = await upiSale('c');
    expect((await upiQr(shops.c.token, atC._id)).json()).toEqual(codedBody('upiAlreadyPaid'));
    const waiting = await upiSale('a');
    expect((await upiQr(shops.b.token, waiting._id)).statusCode).toBe(404);
    expect((await upiQr(shops.a.token, 'not-an-id')).statusCode).toBe(404);

    // shop C turns a provider on with a key secret Razorpay does not know, then off
    await paymentSettings(shops.c.token, { ...settingsBody(razorpayAccount()) });
    const atCWaiting = await upiSale('c');
    const failed = await upiQr(shops.c.token, atCWaiting._id);
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toEqual(codedBody('upiProviderFailed'));
    await ok('DELETE', '/api/payments/settings', shops.c.token);
    const off = await upiQr(shops.c.token, atCWaiting._id);
    expect(off.statusCode).toBe(409);
    expect(off.json()).toEqual(codedBody('upiProviderOff'));
  });
});

describe('a UPI payment confirmed by hand (POST /api/Orders/:id/confirm-payment)', () => {
  it("needs a manager's PIN from a cashier, and the approver signs for it by name", async () => {
    const manager = await addStaff(shops.a.token, 'manager', { name: 'Meena', pin: '4826' });
    const cashier = await addStaff(shops.a.token, 'cashier', { name: 'Kavya' });
    const made = await upiSale('a', 1, cashier.token);
    expect(made.paymentStatus).toBe('Pending');
    const url = `/api/Orders/${made._id}/confirm-payment`;

    const asked = await call('POST', url, cashier.token, { reason: 'Customer showed the bank SMS' });
    expect(asked.statusCode).toBe(403);
    expect(asked.json()).toMatchObject({ code: 'approvalRequired', approval: { kind: 'upiByHand' } });
    expect(await order(shops.a.token, made._id)).toMatchObject({ paymentStatus: 'Pending', payment: null });

    const approval = { staffId: manager.staff._id, pin: '4826' };
    const done = await call('POST', url, cashier.token, { reason: 'Customer showed the bank SMS', approval });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ code: 'upiConfirmedByHand', order: { _id: made._id, paymentStatus: 'Paid' } });
    expect(done.json().order.payment).toEqual({
      provider: null,
      paymentId: null,
      utr: null,
      payerVpa: null,
      amount: 45.5,
      confirmedBy: { _id: manager.staff._id, name: 'Meena' },
    });
    const audit = (await ok('GET', '/api/shop/audit', shops.a.token)) as { entries: Array<Record<string, unknown>> };
    expect(audit.entries).toContainEqual(
      expect.objectContaining({
        kind: 'upiByHand',
        reason: 'Customer showed the bank SMS',
        ref: made._id,
        askedBy: { _id: cashier.staff._id, name: 'Kavya' },
        approvedBy: { _id: manager.staff._id, name: 'Meena' },
      }),
    );
    const again = await call('POST', url, cashier.token, { reason: 'Again', approval });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(codedBody('upiAlreadyPaid'));
    expect((await call('POST', url, shops.b.token, { reason: 'Not mine' })).statusCode).toBe(404);
    expect((await call('POST', url, shops.a.token, { reason: 'x' })).json()).toMatchObject({ code: 'upiReasonLength', field: 'reason' });
  });

  it("by the owner while the QR is open; the provider's payment that comes later is added to it", async () => {
    const made = await upiSale('a');
    const qr = await qrOf('a', made._id);
    const done = await ok('POST', `/api/Orders/${made._id}/confirm-payment`, shops.a.token, { reason: 'The network is down' });
    expect(done.order.payment).toMatchObject({ paymentId: null, confirmedBy: { _id: shops.a.id, name: 'Anbu Stores owner' } });
    const day = await reconciliation('a');
    expect(day.entries).toContainEqual(
      expect.objectContaining({ orderId: made._id, status: 'byHand', confirmedBy: { _id: shops.a.id, name: 'Anbu Stores owner' } }),
    );

    const hook = await sim.pay(qr.qrId, { utr: '466666666666' });
    expect((await razorpayWebhook(hook)).json()).toEqual({ status: 'matched' });
    const paid = await order(shops.a.token, made._id);
    expect(paid.payment).toEqual({
      provider: 'razorpay',
      paymentId: hook.payment.id,
      utr: '466666666666',
      payerVpa: hook.payment.vpa,
      amount: 45.5,
      confirmedBy: { _id: shops.a.id, name: 'Anbu Stores owner' },
    });
    expect((await reconciliation('a')).entries).toContainEqual(
      expect.objectContaining({ orderId: made._id, status: 'provider', paymentId: hook.payment.id, utr: '466666666666' }),
    );
  });

  it('refuses a sale that is not a UPI sale waiting for its payment', async () => {
    const cash = await sale(shops.a.token, [{ productId: shops.a.productId, quantity: 1 }]);
    const res = await call('POST', `/api/Orders/${cash._id}/confirm-payment`, shops.a.token, { reason: 'Wrong sale' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(codedBody('upiNotPending'));
  });
});

describe('reconciliation (GET /api/payments/reconciliation)', () => {
  it("lists the day's UPI sales confirmed by the provider, by hand and pending, and the mismatched payments, with totals", async () => {
    const byProvider = await upiSale('b');
    const hook = await sim.pay((await qrOf('b', byProvider._id)).qrId, { utr: '477777777777' });
    expect((await razorpayWebhook(hook)).json()).toEqual({ status: 'matched' });
    const byHand = await upiSale('b', 2);
    await ok('POST', `/api/Orders/${byHand._id}/confirm-payment`, shops.b.token, { reason: 'Paid to the old QR' });
    const pending = await upiSale('b', 3);
    const mismatched = await upiSale('b');
    await razorpayWebhook(await sim.pay((await qrOf('b', mismatched._id)).qrId, { amount: 40 }));

    const day = await reconciliation('b');
    const mine = (id: string) => day.entries.filter((e) => e.orderId === id);
    expect(mine(byProvider._id)).toEqual([
      expect.objectContaining({
        status: 'provider',
        amount: 45.5,
        paymentId: hook.payment.id,
        utr: '477777777777',
        payerVpa: hook.payment.vpa,
      }),
    ]);
    expect(mine(byHand._id)).toEqual([expect.objectContaining({ status: 'byHand', amount: 91, paymentId: null })]);
    expect(mine(pending._id)).toEqual([expect.objectContaining({ status: 'pending', amount: 136.5 })]);
    expect(mine(mismatched._id).map((e) => [e.status, e.amount])).toEqual(
      expect.arrayContaining([
        ['pending', 45.5],
        ['mismatched', 40],
      ]),
    );
    const sum = (status: string) =>
      Math.round(day.entries.filter((e) => e.status === status).reduce((s, e) => s + e.amount * 100, 0)) / 100;
    expect(day.totals).toEqual({
      provider: sum('provider'),
      byHand: sum('byHand'),
      mismatched: sum('mismatched'),
      pending: sum('pending'),
    });
    expect(day.totals.mismatched).toBeGreaterThanOrEqual(40);

    // another shop's day is refused; an admin must name the shop
    expect((await call('GET', `/api/payments/reconciliation?date=${today}&vendorId=${shops.b.id}`, shops.a.token)).statusCode).toBe(403);
    expect((await call('GET', '/api/payments/reconciliation?date=2026-02-30', shops.b.token)).json()).toMatchObject({ code: 'dayInvalid' });
  });
});
