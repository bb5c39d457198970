import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportAll, importAll } from '../../server/db/backup';
import { UploadsService } from '../../server/services/platform/uploads.service';
import { bearer, createTestApp, DEMO, login, type TestContext } from './helpers';
import { registerCustomer, vendorActor } from '../support/db-builders';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

describe('backup and restore', () => {
  it('round-trips every table and undoes later changes', async () => {
    // an uploaded image is in the backup (its bytes as base64)
    const vendorId = (await ctx.handle.db.selectFrom('users').select('id').where('phone', '=', DEMO.vendor).executeTakeFirstOrThrow()).id;
    const jpeg = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
      Buffer.from('JFIF\0backup'),
      Buffer.alloc(300, 7),
      Buffer.from([0xff, 0xd9]),
    ]);
    const image = await new UploadsService(ctx.handle.db).store(jpeg, vendorActor(vendorId));

    const before = await exportAll(ctx.handle.db);
    expect(before.tables.users.length).toBeGreaterThanOrEqual(5);
    // the demo products' pictures and the one stored here
    expect(before.tables.uploads.map((u) => u.sha256)).toContain(image.secure_url.split('/').pop()!.split('.')[0]);

    // change things after the backup: a new account, a new announcement-free session, a deleted area
    const later = await registerCustomer(ctx.app);
    await ctx.handle.db.deleteFrom('areas').where('name', '=', 'Tambaram').execute();
    await ctx.handle.db.deleteFrom('uploads').execute();
    expect((await ctx.app.inject({ method: 'GET', url: image.secure_url })).statusCode).toBe(404);

    // the backup survives JSON (as on disk)
    const restored = await importAll(ctx.handle.db, JSON.parse(JSON.stringify(before)));
    expect(restored.users).toBe(before.tables.users.length);

    const after = await exportAll(ctx.handle.db);
    for (const t of Object.keys(before.tables)) {
      expect(after.tables[t].length, t).toBe(before.tables[t].length);
    }
    // the stock ledger and the khata come back as they were; restoring sends no push for old orders
    expect(after.tables.stock_movements).toEqual(before.tables.stock_movements);
    expect(after.tables.customer_payments).toEqual(before.tables.customer_payments);
    expect(await ctx.handle.db.selectFrom('push_outbox').select('id').execute()).toEqual([]);
    const phones = after.tables.users.map((u) => u.phone);
    expect(phones).not.toContain(later.phone);
    expect(after.tables.areas.map((a) => a.name)).toContain('Tambaram');
    const served = await ctx.app.inject({ method: 'GET', url: image.secure_url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(jpeg)).toBe(true);

    // the restored database works: demo accounts sign in, the user made later is gone
    const token = await login(ctx.app, DEMO.admin);
    const users = await ctx.app.inject({ method: 'GET', url: '/api/users', headers: bearer(token) });
    expect(users.statusCode).toBe(200);
    expect(users.json().map((u: { phone: string }) => u.phone)).not.toContain(later.phone);
  });

  it('refuses a file that is not a backup and changes nothing', async () => {
    const count = (await exportAll(ctx.handle.db)).tables.users.length;
    await expect(importAll(ctx.handle.db, { tables: {} } as never)).rejects.toThrow(/Not a backup/);
    expect((await exportAll(ctx.handle.db)).tables.users.length).toBe(count);
  });
});
