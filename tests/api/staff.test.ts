import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actProof, checkPin } from '../../core/pin';
import type { CreatedDeviceDto } from '../../core/schemas/device';
import type { OrderDto } from '../../core/schemas/order';
import { createTestApp, DEMO, listedShelf, login, tokenRequests, type TestContext } from './helpers';
import { productBody } from '../support/api-builders';
import { registerCustomer } from '../support/db-builders';

/** A shop run by a team: staff with their own sign-in and role, removal, till PINs and acts queued under a PIN. */
let ctx: TestContext;
const tok: Record<string, string> = {};
const { call, ok, sale, shopSale, addStaff, setPin } = tokenRequests(() => ctx.app);
let vendorId: string;
let productId: string;
let till: CreatedDeviceDto;

beforeAll(async () => {
  ctx = await createTestApp();
  for (const k of ['admin', 'vendor', 'vendor2'] as const) tok[k] = await login(ctx.app, DEMO[k]);
  vendorId = (await ok('GET', '/api/users/profile', tok.vendor))._id;
  const gst = ((await ok('GET', '/api/gsts?active=true', tok.admin)) as Array<{ _id: string }>)[0]._id;
  const shelf = await listedShelf(ctx.app, tok.admin);
  productId = (
    await ok('POST', '/api/products', tok.vendor, productBody(shelf, gst, 'Team item', { countInStock: 500, costPrice: 40 }), 201)
  )._id;
  till = await ok('POST', '/api/devices', tok.vendor, { name: 'Front till' }, 201);
});
afterAll(async () => {
  await ctx?.close();
});

describe('staff of a shop', () => {
  it("signs in with their own phone as their role for the owner's shop, and sells as themselves", async () => {
    const { staff, token } = await addStaff(tok.vendor, 'cashier', { name: 'Kavya' });
    expect(staff).toMatchObject({ role: 'cashier', name: 'Kavya', shopId: vendorId, pinSet: false });
    const me = await ok('GET', '/api/users/profile', token);
    expect(me).toMatchObject({ _id: staff._id, role: 'cashier', shopId: vendorId, name: 'Kavya' });

    const order = await sale(token, [{ productId, quantity: 1 }]);
    expect(order.vendorId._id).toBe(vendorId);
    expect(order.by).toEqual({ _id: staff._id, name: 'Kavya' });
    const mine = await ok('GET', `/api/Orders/vendor?staffId=${staff._id}&limit=50`, tok.vendor);
    expect(mine.orders.map((o: OrderDto) => o._id)).toEqual([order._id]);
    expect((await ok('GET', `/api/Orders/${order._id}`, tok.vendor)).by).toEqual({ _id: staff._id, name: 'Kavya' });
  });

  it('refuses a cashier the reports, the staff and the cost price, each with a coded 403', async () => {
    const { token } = await addStaff(tok.vendor, 'cashier');
    for (const [method, url] of [
      ['GET', '/api/reports/vendor/summary'],
      ['GET', '/api/Orders/gstr1/report?startDate=2026-04-01&endDate=2026-04-30'],
      ['GET', '/api/shop/staff'],
      ['GET', '/api/purchases'],
      ['GET', '/api/products/export'],
    ] as const) {
      const res = await call(method, url, token);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code, url).toBe('staffRoleRefused');
    }
    const list = (await ok('GET', '/api/products/products', token)) as Array<{ _id: string; costPrice: number | null }>;
    expect(list.find((p) => p._id === productId)?.costPrice).toBeNull();
    const owners = (await ok('GET', '/api/products/products', tok.vendor)) as Array<{ _id: string; costPrice: number | null }>;
    expect(owners.find((p) => p._id === productId)?.costPrice).toBe(40);
  });

  it('lets stock staff receive goods but not sell or see the sales', async () => {
    const { token } = await addStaff(tok.vendor, 'stock');
    expect((await shopSale(token, [{ productId, quantity: 1 }])).statusCode).toBe(403);
    expect((await call('GET', '/api/Orders/vendor', token)).statusCode).toBe(403);
    expect((await call('GET', '/api/stock/reorder', token)).statusCode).toBe(200);
  });

  it('keeps a person on one shop at a time, and a shop, rider or admin phone off the staff', async () => {
    const { staff } = await addStaff(tok.vendor, 'manager');
    const elsewhere = await call('POST', '/api/shop/staff', tok.vendor2, { phone: staff.phone, name: 'Twice', role: 'cashier' });
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json().code).toBe('staffOfAnotherShop');
    for (const phone of [DEMO.delivery, DEMO.admin, DEMO.vendor2]) {
      const res = await call('POST', '/api/shop/staff', tok.vendor, { phone, name: 'No', role: 'cashier' });
      expect(res.json().code, phone).toBe('staffPhoneNotPerson');
    }
    expect((await call('POST', '/api/shop/staff', tok.vendor, { phone: DEMO.vendor, name: 'Me', role: 'cashier' })).json().code).toBe(
      'staffSelf',
    );
    // a new phone needs a first password; nothing is made without one
    const bare = await call('POST', '/api/shop/staff', tok.vendor, { phone: '7012345678', name: 'Nopass', role: 'cashier' });
    expect(bare.json()).toMatchObject({ code: 'staffNeedsPassword', field: 'password' });
    expect((await ok('GET', '/api/shop/staff', tok.vendor)).some((s: { phone: string }) => s.phone === '7012345678')).toBe(false);
  });

  it('makes a customer staff, and after removal the account shops again as a customer', async () => {
    const customer = await registerCustomer(ctx.app);
    const added = await ok('POST', '/api/shop/staff', tok.vendor, { phone: customer.phone, name: 'Ravi', role: 'cashier' }, 201);
    const token = await login(ctx.app, customer.phone, 'Secret@123');
    expect((await ok('GET', '/api/users/profile', token)).role).toBe('cashier');
    const removed = await ok('DELETE', `/api/shop/staff/${added._id}`, tok.vendor);
    expect(removed.code).toBe('staffRemoved');
    // every session of theirs ended at once
    expect((await call('GET', '/api/users/profile', token)).statusCode).toBe(401);
    const again = await login(ctx.app, customer.phone, 'Secret@123');
    expect((await ok('GET', '/api/users/profile', again)).role).toBe('user');
  });

  it("another shop cannot read, change or remove this shop's staff", async () => {
    const { staff } = await addStaff(tok.vendor, 'cashier');
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await call(method, `/api/shop/staff/${staff._id}`, tok.vendor2, method === 'PUT' ? { role: 'manager' } : undefined);
      expect(res.statusCode, method).toBe(404);
    }
    expect((await ok('GET', `/api/shop/staff/${staff._id}`, tok.vendor)).role).toBe('cashier');
  });
});

describe('till PINs', () => {
  it('refuses a simple PIN and keeps only a slow salted verifier', async () => {
    const { token, password, staff } = await addStaff(tok.vendor, 'cashier');
    const simple = await call('PUT', '/api/shop/staff/me/pin', token, { pin: '1234', currentPassword: password });
    expect(simple.json().code).toBe('pinTooSimple');
    await setPin(token, '5937', password);
    const row = await ctx.handle.db.selectFrom('users').select('pin_verifier').where('id', '=', staff._id).executeTakeFirstOrThrow();
    expect(row.pin_verifier).toMatch(/^pbkdf2-sha256\$120000\$/);
    expect(row.pin_verifier).not.toContain('5937');
    expect(await checkPin('5937', row.pin_verifier!)).not.toBeNull();
    // the till gets SHA-256 of the verifier, not the verifier
    const people = await ok('GET', `/api/devices/${till._id}/people`, tok.vendor);
    const kept = people.find((p: { _id: string }) => p._id === staff._id).pin;
    expect(kept.iterations).toBe(120000);
    expect(row.pin_verifier).not.toContain(kept.check);
  });

  it('switches a person in on the till; 5 wrong PINs lock them there for 15 minutes', async () => {
    const { staff } = await addStaff(tok.vendor, 'cashier', { name: 'Selvi', pin: '2580' });
    const good = await ok('POST', `/api/devices/${till._id}/switch`, tok.vendor, { staffId: staff._id, pin: '2580' });
    expect(good.person).toMatchObject({ _id: staff._id, role: 'cashier' });
    expect((await ok('GET', '/api/users/profile', good.token))._id).toBe(staff._id);
    for (let i = 1; i <= 4; i++) {
      const wrong = await call('POST', `/api/devices/${till._id}/switch`, tok.vendor, { staffId: staff._id, pin: '1470' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ code: 'pinWrong', params: { left: 5 - i } });
    }
    const fifth = await call('POST', `/api/devices/${till._id}/switch`, tok.vendor, { staffId: staff._id, pin: '1470' });
    expect(fifth.statusCode).toBe(423);
    expect(fifth.json().code).toBe('pinLocked');
    // locked: the right PIN is refused too, on this till only
    expect((await call('POST', `/api/devices/${till._id}/switch`, tok.vendor, { staffId: staff._id, pin: '2580' })).statusCode).toBe(423);
    const other: CreatedDeviceDto = await ok('POST', '/api/devices', tok.vendor, { name: 'Back till' }, 201);
    expect((await call('POST', `/api/devices/${other._id}/switch`, tok.vendor, { staffId: staff._id, pin: '2580' })).statusCode).toBe(200);
  });

  it("records a sale queued offline under a PIN as that person's, and refuses it once they are removed", async () => {
    const { staff } = await addStaff(tok.vendor, 'cashier', { name: 'Anbu', pin: '3692' });
    const verifier = (await ctx.handle.db.selectFrom('users').select('pin_verifier').where('id', '=', staff._id).executeTakeFirstOrThrow())
      .pin_verifier!;
    const v = (await checkPin('3692', verifier))!;
    const queued = async (proofKey = v) => {
      const id = randomUUID();
      return shopSale(
        tok.vendor,
        [{ productId, quantity: 1 }],
        { _id: id, paymentMethod: 'cash', handedOver: true },
        { 'idempotency-key': id, 'x-acted-by': `${staff._id}.${await actProof(proofKey, id)}` },
      );
    };
    const first = await queued();
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().order.by).toEqual({ _id: staff._id, name: 'Anbu' });
    // a proof made without the PIN is refused
    const forged = await queued(new Uint8Array(32));
    expect(forged.statusCode).toBe(403);
    expect(forged.json().code).toBe('staffGone');

    await ok('DELETE', `/api/shop/staff/${staff._id}`, tok.vendor);
    const after = await queued();
    expect(after.statusCode).toBe(403);
    expect(after.json().code).toBe('staffGone');
  });
});

describe('approvals', () => {
  it("a cashier's void needs a manager's PIN: refused without it, recorded with who asked and who approved", async () => {
    const manager = await addStaff(tok.vendor, 'manager', { name: 'Meena', pin: '8642' });
    const cashier = await addStaff(tok.vendor, 'cashier', { name: 'Karthik' });
    const order = await sale(cashier.token, [{ productId, quantity: 2 }]);
    const url = `/api/Orders/${order._id}/void`;

    // the till sends the void with one Idempotency-Key; the answer asking for a PIN does not keep it
    const key = randomUUID();
    const keyed = (payload: object) =>
      ctx.app.inject({ method: 'POST', url, payload, headers: { authorization: `Bearer ${cashier.token}`, 'idempotency-key': key } });
    const asked = await keyed({ reason: 'Rang up twice' });
    expect(asked.statusCode).toBe(403);
    expect(asked.json()).toMatchObject({ code: 'approvalRequired', approval: { kind: 'void' } });
    expect((await ok('GET', `/api/Orders/${order._id}`, tok.vendor)).voidedAt).toBeNull();

    const wrong = await keyed({
      reason: 'Rang up twice',
      approval: { staffId: manager.staff._id, pin: '1357' },
    });
    expect(wrong.json().code).toBe('pinWrong');
    const self = await call('POST', url, cashier.token, { reason: 'Rang up twice', approval: { staffId: cashier.staff._id, pin: '8642' } });
    expect(self.json().code).toBe('approvalSelf');
    // whose PIN the cashier may ask for: the manager with a PIN, never the cashier
    const { approvers } = await ok('GET', '/api/shop/approvers', cashier.token);
    expect(approvers).toContainEqual({ _id: manager.staff._id, name: 'Meena', role: 'manager' });
    expect(approvers.map((a: { _id: string }) => a._id)).not.toContain(cashier.staff._id);

    const approved = await keyed({ reason: 'Rang up twice', approval: { staffId: manager.staff._id, pin: '8642' } });
    expect(approved.statusCode).toBe(200);
    const done = approved.json();
    // the approved void is kept under the key: sent again, the same answer
    expect((await keyed({ reason: 'Rang up twice', approval: { staffId: manager.staff._id, pin: '8642' } })).json()).toEqual(done);
    expect(done.order.voidedBy).toEqual({ _id: cashier.staff._id, name: 'Karthik' });

    const { entries } = await ok('GET', `/api/shop/audit?staffId=${cashier.staff._id}`, tok.vendor);
    expect(entries).toEqual([
      expect.objectContaining({
        kind: 'void',
        reason: 'Rang up twice',
        ref: order._id,
        askedBy: { _id: cashier.staff._id, name: 'Karthik' },
        approvedBy: { _id: manager.staff._id, name: 'Meena' },
      }),
    ]);
  });

  it("a cashier's discount over the owner's percentage needs a PIN; within it, none", async () => {
    await ok('PUT', '/api/shop/settings', tok.vendor, { approvalLimits: { discountPercent: 5, returnAmount: 500 } });
    expect(await ok('GET', '/api/shop/settings', tok.vendor)).toEqual({ approvalLimits: { discountPercent: 5, returnAmount: 500 } });
    await setPin(tok.vendor, '9517', DEMO.password);
    const cashier = await addStaff(tok.vendor, 'cashier');
    const price = (await ok('GET', `/api/products/${productId}`, tok.vendor)).shopPrice as number;
    const small = await shopSale(cashier.token, [{ productId, quantity: 1, discount: Math.floor(price * 0.04) }], {
      handedOver: true,
      paymentMethod: 'cash',
    });
    expect(small.statusCode, small.body).toBe(201);
    const big = [{ productId, quantity: 1, discount: Math.ceil(price * 0.2) }];
    const refused = await shopSale(cashier.token, big, { handedOver: true, paymentMethod: 'cash' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'approvalRequired', approval: { kind: 'discount' } });
    const vendorId2 = (await ok('GET', '/api/users/profile', tok.vendor))._id;
    const approved = await shopSale(cashier.token, big, {
      handedOver: true,
      paymentMethod: 'cash',
      approval: { staffId: vendorId2, pin: '9517' },
    });
    expect(approved.statusCode, approved.body).toBe(201);
  });
});
