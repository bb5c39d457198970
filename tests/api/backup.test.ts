import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportAll, importAll, restoreBackup, writeBackup, type Backup } from '../../server/db/backup';
import { UploadsService } from '../../server/services/platform/uploads.service';
import { bearer, createTestApp, DEMO, login, type TestContext } from './helpers';
import { insertOrder, numberedLines, registerCustomer, userId, vendorActor } from '../support/db-builders';

let ctx: TestContext;
let dir: string;
beforeAll(async () => {
  ctx = await createTestApp();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nk-backup-'));
});
afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  await ctx?.close();
});

/** Every table's rows as a file holds them (dates as text), each table's rows in a fixed order. */
const snapshot = async () => {
  const { tables } = JSON.parse(JSON.stringify(await exportAll(ctx.handle.db))) as Backup;
  for (const rows of Object.values(tables)) rows.sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
  return tables;
};
const counts = async () => Object.fromEntries(Object.entries(await snapshot()).map(([t, rows]) => [t, rows.length]));

describe('backup and restore', () => {
  it('round-trips every table through the streamed file and undoes later changes', async () => {
    // an uploaded image is in the backup (its bytes as base64)
    const vendorId = await userId(ctx.handle.db, DEMO.vendor);
    const jpeg = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
      Buffer.from('JFIF\0backup'),
      Buffer.alloc(300, 7),
      Buffer.from([0xff, 0xd9]),
    ]);
    const image = await new UploadsService(ctx.handle.db).store(jpeg, vendorActor(vendorId));

    const before = await snapshot();
    const file = path.join(dir, 'round-trip.ndjson.gz');
    const written = await writeBackup(ctx.handle.db, file);
    expect(fs.existsSync(`${file}.tmp`)).toBe(false);
    expect(written).toEqual(Object.fromEntries(Object.entries(before).map(([t, rows]) => [t, rows.length])));
    expect(before.users.length).toBeGreaterThanOrEqual(5);
    // the demo products' pictures and the one stored here
    expect(before.uploads.map((u) => u.sha256)).toContain(image.secure_url.split('/').pop()!.split('.')[0]);
    // the file: a header, each table's name line and rows, the counts last
    const lines = gunzipSync(fs.readFileSync(file)).toString('utf8').trimEnd().split('\n');
    expect(JSON.parse(lines[0])).toMatchObject({ format: 'namma-kadai-backup', version: 2 });
    expect(JSON.parse(lines[1])).toEqual({ table: 'users' });
    expect(JSON.parse(lines.at(-1)!)).toEqual({ counts: written });

    // change things after the backup: a new account, a deleted area, no uploads
    const later = await registerCustomer(ctx.app);
    await ctx.handle.db.deleteFrom('areas').where('name', '=', 'Tambaram').execute();
    await ctx.handle.db.deleteFrom('uploads').execute();
    expect((await ctx.app.inject({ method: 'GET', url: image.secure_url })).statusCode).toBe(404);

    const restored = await restoreBackup(ctx.handle.db, file);
    expect(restored).toEqual(written);

    const after = await snapshot();
    for (const t of Object.keys(before)) {
      // products get a new search stamp (the inserting transaction) from their trigger
      if (t === 'products') expect(after[t].map((p) => ({ ...p, search_xid: 0 }))).toEqual(before[t].map((p) => ({ ...p, search_xid: 0 })));
      else expect(after[t], t).toEqual(before[t]);
    }
    // restoring sends no push for old orders
    expect(await ctx.handle.db.selectFrom('push_outbox').select('id').execute()).toEqual([]);
    expect(after.users.map((u) => u.phone)).not.toContain(later.phone);
    expect(after.areas.map((a) => a.name)).toContain('Tambaram');
    const served = await ctx.app.inject({ method: 'GET', url: image.secure_url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(jpeg)).toBe(true);

    // the restored database works: demo accounts sign in, the user made later is gone
    const token = await login(ctx.app, DEMO.admin);
    const users = await ctx.app.inject({ method: 'GET', url: '/api/users', headers: bearer(token) });
    expect(users.statusCode).toBe(200);
    expect(users.json().map((u: { phone: string }) => u.phone)).not.toContain(later.phone);
  });

  it('reads the tables in batches through a cursor, and restores every row of them', async () => {
    const vendorId = await userId(ctx.handle.db, DEMO.vendor);
    const product = await ctx.handle.db
      .selectFrom('products')
      .select(['id', 'name'])
      .where('vendor_id', '=', vendorId)
      .executeTakeFirstOrThrow();
    await insertOrder(ctx.handle.db, {
      vendorId,
      customerId: await userId(ctx.handle.db, DEMO.customer),
      lines: numberedLines({ _id: product.id, name: product.name }, 1500),
    });
    const lines = (await counts()).order_lines;
    expect(lines).toBeGreaterThanOrEqual(1500);

    const fetches: number[] = [];
    const file = path.join(dir, 'batched.ndjson.gz');
    const written = await writeBackup(ctx.handle.db, file, {
      batchSize: 200,
      onFetch: (t, rows) => void (t === 'order_lines' && fetches.push(rows)),
    });
    // never more than a batch at a time, fetched until a short batch
    expect(fetches.length).toBe(Math.floor(lines / 200) + 1);
    expect(Math.max(...fetches)).toBe(200);
    expect(fetches.reduce((n, r) => n + r, 0)).toBe(lines);
    expect(written.order_lines).toBe(lines);

    await ctx.handle.db.deleteFrom('order_lines').execute();
    await restoreBackup(ctx.handle.db, file);
    expect((await counts()).order_lines).toBe(lines);
  });

  it('refuses a cut file and changes nothing', async () => {
    const file = path.join(dir, 'whole.ndjson.gz');
    const written = await writeBackup(ctx.handle.db, file);
    const gz = fs.readFileSync(file);
    await ctx.handle.db.deleteFrom('areas').where('name', '=', 'Tambaram').execute();
    const now = await counts();
    expect(now.areas).toBe(written.areas - 1);

    // the gzip stream cut in the middle
    const cut = path.join(dir, 'cut.ndjson.gz');
    fs.writeFileSync(cut, gz.subarray(0, Math.floor(gz.length * 0.6)));
    await expect(restoreBackup(ctx.handle.db, cut)).rejects.toThrow(/incomplete/);
    // whole lines, but the last ones (the counts among them) missing
    const text = gunzipSync(gz).toString('utf8').trimEnd().split('\n');
    fs.writeFileSync(cut, gzipSync(text.slice(0, -20).join('\n') + '\n'));
    await expect(restoreBackup(ctx.handle.db, cut)).rejects.toThrow(/incomplete/);
    // the counts line kept but rows missing before it (the last table's: uploads)
    expect(JSON.parse(text.at(-4)!)).toHaveProperty('sha256');
    fs.writeFileSync(cut, gzipSync([...text.slice(0, -3), text.at(-1)].join('\n') + '\n'));
    await expect(restoreBackup(ctx.handle.db, cut)).rejects.toThrow(/incomplete/);

    expect(await counts()).toEqual(now);
  });

  it('restores a version 1 file of earlier versions', async () => {
    const v1 = await exportAll(ctx.handle.db);
    const file = path.join(dir, 'backup-old.json');
    fs.writeFileSync(file, JSON.stringify(v1));
    const expected = Object.fromEntries(Object.entries(v1.tables).map(([t, rows]) => [t, rows.length]));
    await ctx.handle.db.deleteFrom('areas').where('name', '=', 'Tambaram').execute();
    expect(await restoreBackup(ctx.handle.db, file)).toEqual(expected);
    expect(await counts()).toEqual(expected);
  });

  it('refuses a file that is not a backup and changes nothing', async () => {
    const before = await counts();
    await expect(importAll(ctx.handle.db, { tables: {} } as never)).rejects.toThrow(/Not a backup/);
    const file = path.join(dir, 'other.json');
    fs.writeFileSync(file, '{"hello":1}');
    await expect(restoreBackup(ctx.handle.db, file)).rejects.toThrow(/Not a backup/);
    fs.writeFileSync(file, gzipSync('{"hello":1}\n'));
    await expect(restoreBackup(ctx.handle.db, file)).rejects.toThrow(/Not a backup/);
    expect(await counts()).toEqual(before);
  });
});
