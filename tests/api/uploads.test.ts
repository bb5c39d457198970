import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { startPurgeTimer } from '../../server/services/platform/purge.service';
import { purgeUnusedUploads, UPLOAD_GRACE_MS } from '../../server/services/platform/uploads.service';
import { bearer, createTestApp, DEMO, login, type TestContext, codedBody } from './helpers';
import { insertUser, makeProduct, makeShelf, sessionFor, userId } from '../support/db-builders';

let ctx: TestContext;
let dataDir: string;
let vendor: Record<string, string>;
let admin: Record<string, string>;

// A real 1x1 PNG, a minimal JPEG header and a minimal WebP (VP8L) file.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0'),
  Buffer.alloc(64, 1),
  Buffer.from([0xff, 0xd9]),
]);
const WEBP = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');

function multipart(content: Buffer, filename: string, contentType: string, field = 'file') {
  const boundary = '----vitestboundary' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A multipart body with several file parts. */
function multipartMany(files: Buffer[]) {
  const boundary = '----vitestboundary' + Math.random().toString(16).slice(2);
  const parts = files.map((content, i) =>
    Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p${i}.png"\r\nContent-Type: image/png\r\n\r\n`),
      content,
      Buffer.from('\r\n'),
    ]),
  );
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A distinct valid-looking JPEG per call (the type is read from its first bytes). */
let jpegSeq = 0;
const uniqueJpeg = () => Buffer.concat([JPEG.subarray(0, 6), Buffer.from(`unique-${Date.now()}-${jpegSeq++}-${Math.random()}`)]);
const hashOf = (url: string) => url.split('/').pop()!.split('.')[0];
const rowOf = (hash: string) =>
  ctx.handle.db
    .selectFrom('uploads')
    .select(['sha256', 'uploader_id', 'used_at', 'created_at'])
    .where('sha256', '=', hash)
    .executeTakeFirst();
const ago = (ms: number) => new Date(Date.now() - ms);

const upload = (headers: Record<string, string>, content: Buffer, filename = 'x.png', contentType = 'image/png', field = 'file') => {
  const m = multipart(content, filename, contentType, field);
  return ctx.app.inject({ method: 'POST', url: '/api/uploads', headers: { ...headers, ...m.headers }, payload: m.payload });
};

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uploads-test-'));
  ctx = await createTestApp({ dataDir });
  vendor = bearer(await login(ctx.app, DEMO.vendor));
  admin = bearer(await login(ctx.app, DEMO.admin));
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('image uploads', () => {
  it('accepts a real PNG, stores it by content and serves it back with a long cache', async () => {
    const res = await upload(vendor, PNG, 'photo.png', 'image/png');
    expect(res.statusCode).toBe(201);
    const { secure_url, url } = res.json();
    expect(secure_url).toMatch(/^\/api\/uploads\/[a-f0-9]{64}\.png$/);
    expect(url).toBe(secure_url);
    const hash = secure_url.split('/').pop().split('.')[0];
    const rows = await ctx.handle.db
      .selectFrom('uploads')
      .select(['sha256', 'ext', 'content_type', 'bytes', 'size'])
      .where('sha256', '=', hash)
      .execute();
    expect(rows.map((r) => ({ ...r, bytes: Buffer.from(r.bytes) }))).toEqual([
      { sha256: hash, ext: 'png', content_type: 'image/png', bytes: PNG, size: PNG.length },
    ]);

    const again = await upload(admin, PNG, 'another-name.jpg', 'image/jpeg');
    expect(again.json().secure_url).toBe(secure_url);
    expect(await ctx.handle.db.selectFrom('uploads').select('sha256').where('sha256', '=', hash).execute()).toHaveLength(1);
    expect(fs.existsSync(path.join(dataDir, 'uploads'))).toBe(false);

    const got = await ctx.app.inject({ method: 'GET', url: secure_url });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(got.rawPayload).toEqual(PNG);
    const notModified = await ctx.app.inject({ method: 'GET', url: secure_url, headers: { 'if-none-match': got.headers.etag as string } });
    expect(notModified.statusCode).toBe(304);
  });

  it('accepts JPEG and WebP by their bytes, whatever the name says', async () => {
    const jpg = await upload(vendor, JPEG, 'photo.png', 'image/png');
    expect(jpg.statusCode).toBe(201);
    expect(jpg.json().secure_url).toMatch(/\.jpg$/);
    const webp = await upload(vendor, WEBP, 'photo.gif', 'application/octet-stream');
    expect(webp.statusCode).toBe(201);
    expect(webp.json().secure_url).toMatch(/\.webp$/);
    const served = await ctx.app.inject({ method: 'GET', url: webp.json().secure_url });
    expect(served.headers['content-type']).toBe('image/webp');
    expect((await ctx.app.inject({ method: 'GET', url: jpg.json().secure_url })).headers['content-type']).toBe('image/jpeg');
  });

  it('refuses a text file renamed .png, SVG and HTML', async () => {
    for (const [content, name, type] of [
      [Buffer.from('hello, I am text'), 'evil.png', 'image/png'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'x.svg', 'image/svg+xml'],
      [Buffer.from('<html><script>alert(1)</script></html>'), 'x.webp', 'image/webp'],
    ] as const) {
      const res = await upload(vendor, content, name, type);
      expect(res.statusCode, name).toBe(400);
      expect(res.json()).toEqual(codedBody('imageBadType'));
    }
  });

  it('refuses an image over 5 MB with 413', async () => {
    const big = Buffer.concat([PNG.subarray(0, 8), Buffer.alloc(6 * 1024 * 1024, 0)]);
    const res = await upload(vendor, big, 'big.png', 'image/png');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual(codedBody('imageTooLarge'));
  });

  it('accepts an image just under 5 MB', async () => {
    const nearly = Buffer.concat([JPEG.subarray(0, 6), Buffer.alloc(5 * 1024 * 1024 - 100, 7)]);
    const res = await upload(vendor, nearly, 'big.jpg', 'image/jpeg');
    expect(res.statusCode).toBe(201);
  });

  it('refuses a request without a file field or not multipart', async () => {
    expect((await upload(vendor, PNG, 'x.png', 'image/png', 'other')).statusCode).toBe(400);
    const json = await ctx.app.inject({ method: 'POST', url: '/api/uploads', headers: vendor, payload: { file: 'x' } });
    expect(json.statusCode).toBe(400);
  });

  it('only vendors and admins upload', async () => {
    const customer = bearer(await login(ctx.app, DEMO.customer));
    expect((await upload(customer, PNG)).statusCode).toBe(403);
    const m = multipart(PNG, 'x.png', 'image/png');
    expect((await ctx.app.inject({ method: 'POST', url: '/api/uploads', headers: m.headers, payload: m.payload })).statusCode).toBe(401);
  });

  it('answers 404 for unknown or invalid names (no path traversal)', async () => {
    for (const bad of [
      '0'.repeat(64) + '.png',
      'abc.png',
      '..%2F..%2Fpackage.json',
      '%2E%2E%2Fetc%2Fpasswd',
      'A'.repeat(64) + '.png',
      'a'.repeat(64) + '.svg',
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/uploads/${bad}` });
      expect(res.statusCode, bad).toBe(404);
      expect(res.json()).toEqual(codedBody('imageNotFound'));
    }
  });
});

/** A multipart body whose file name is the given bytes, as a client may send them (not necessarily UTF-8). */
function multipartNamed(content: Buffer, name: Buffer) {
  const boundary = '----vitestboundary' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="`),
    name,
    Buffer.from(`"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('file names on every multipart route', () => {
  let seq = 0;
  /** Each route that takes a file, with a file it accepts (a new product each time for the import). */
  const ROUTES = [
    { url: '/api/uploads', ok: 201, content: () => uniqueJpeg() },
    {
      url: '/api/products/import',
      ok: 200,
      content: () =>
        Buffer.from(
          `Name,Category,Subcategory,MRP,Selling price,GST rate,Stock\nUpload name ${Date.now()} ${seq++},Groceries,Rice & Grains,100,90,5,4\n`,
        ),
    },
  ];
  const send = (url: string, content: Buffer, name: Buffer) => {
    const m = multipartNamed(content, name);
    return ctx.app.inject({ method: 'POST', url, headers: { ...vendor, ...m.headers }, payload: m.payload });
  };
  const counts = async () => ({
    uploads: Number(
      (
        await ctx.handle.db
          .selectFrom('uploads')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    products: Number(
      (
        await ctx.handle.db
          .selectFrom('products')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
  });

  it('a NUL byte, another control character or bytes that are not UTF-8 in the name: a coded 400 that stores nothing', async () => {
    for (const { url } of ROUTES) {
      for (const name of [Buffer.from('list\0.csv'), Buffer.from('list\u0007.csv'), Buffer.from([0x6c, 0xff, 0xfe, 0x2e, 0x63])]) {
        const before = await counts();
        const res = await send(url, ROUTES.find((r) => r.url === url)!.content(), name);
        expect([res.statusCode, res.json().code, res.json().field], `${url} ${name.toString('hex')}`).toEqual([
          400,
          'fileNameInvalid',
          'file',
        ]);
        expect(res.json().message).toBe('The file name has characters that are not allowed: rename the file and try again');
        expect(await counts()).toEqual(before);
      }
    }
  });

  it('a 60,000-character name is accepted and kept as its first 200 characters', async () => {
    for (const { url, ok, content } of ROUTES) {
      const res = await send(url, content(), Buffer.from('x'.repeat(60_000) + '.csv'));
      expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(ok);
    }
    // the import names its ledger lines by the file: the name cut, never copied whole onto each line
    const lines = await ctx.handle.db.selectFrom('stock_movements').select('ref').where('ref', 'like', 'xxxx%').execute();
    expect(lines.length).toBeGreaterThan(0);
    for (const l of lines) expect(l.ref).toBe('x'.repeat(200));
    // a name of characters that take two UTF-16 units each is cut between characters, never inside one
    const wide = await send('/api/products/import', ROUTES[1].content(), Buffer.from('😀'.repeat(150)));
    expect(wide.statusCode).toBe(200);
    const [cut] = await ctx.handle.db.selectFrom('stock_movements').select('ref').where('ref', 'like', '😀%').execute();
    expect(cut.ref).toBe('😀'.repeat(100));
  });
});

describe('uploads in the database', () => {
  it('serves an image from the database to another API process that has no files at all', async () => {
    const res = await upload(vendor, uniqueJpeg(), 'p.jpg', 'image/jpeg');
    expect(res.statusCode).toBe(201);
    const otherDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uploads-other-'));
    const other = await buildApp({ db: ctx.handle.db, config: { ...ctx.config, dataDir: otherDir } });
    try {
      const got = await other.inject({ method: 'GET', url: res.json().secure_url });
      expect(got.statusCode).toBe(200);
      expect(got.headers['content-type']).toBe('image/jpeg');
      expect(got.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
      expect(fs.readdirSync(otherDir)).toEqual([]);
    } finally {
      await other.close();
      fs.rmSync(otherDir, { recursive: true, force: true });
    }
  });

  it('moves an image of an older install from DATA_DIR/uploads into the table on first read', async () => {
    const body = uniqueJpeg();
    const hash = createHash('sha256').update(body).digest('hex');
    fs.mkdirSync(path.join(dataDir, 'uploads'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'uploads', `${hash}.jpg`), body);
    // a file whose bytes do not match its name is not taken
    const forged = '1'.repeat(64);
    fs.writeFileSync(path.join(dataDir, 'uploads', `${forged}.jpg`), body);

    const got = await ctx.app.inject({ method: 'GET', url: `/api/uploads/${hash}.jpg` });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload).toEqual(body);
    expect(got.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(fs.existsSync(path.join(dataDir, 'uploads', `${hash}.jpg`))).toBe(false);
    const row = await rowOf(hash);
    expect(row?.used_at).not.toBeNull(); // products and old orders may show it: never purged as unused
    expect((await ctx.app.inject({ method: 'GET', url: `/api/uploads/${hash}.jpg` })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/uploads/${forged}.jpg` })).statusCode).toBe(404);
  });

  it('answers 304 to a conditional request for a stored image', async () => {
    const res = await upload(vendor, uniqueJpeg(), 'p.jpg', 'image/jpeg');
    const url = res.json().secure_url;
    const etag = `"${hashOf(url)}"`;
    const cached = await ctx.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(cached.statusCode).toBe(304);
    const stale = await ctx.app.inject({ method: 'GET', url, headers: { 'if-none-match': '"other"' } });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.length).toBeGreaterThan(6);
  });

  it('refuses several files in one upload with 400 that says so, and stores none of them', async () => {
    const a = uniqueJpeg();
    const b = uniqueJpeg();
    const m = multipartMany([a, b]);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/uploads', headers: { ...vendor, ...m.headers }, payload: m.payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(codedBody('oneImageAtATime'));
    for (const body of [a, b]) expect(await rowOf(createHash('sha256').update(body).digest('hex'))).toBeUndefined();
  });
});

describe('upload quota', () => {
  /** A fresh vendor, so its quota starts empty. */
  async function freshVendor() {
    const id = await insertUser(ctx.handle.db, { name: 'Quota Vendor', role: 'vendor', shopName: 'Quota' });
    return { id, headers: bearer(await sessionFor(ctx.handle.db, id)) };
  }
  /** Rows standing for images the uploader already has (tiny bytes, the size counts). */
  async function preload(uploaderId: string, n: number, opts: { size?: number; used?: boolean } = {}) {
    const rows = Array.from({ length: n }, () => ({
      sha256: createHash('sha256').update(randomBytes(16)).digest('hex'),
      ext: 'jpg' as const,
      content_type: 'image/jpeg',
      bytes: Buffer.from([0xff, 0xd8, 0xff]),
      size: opts.size ?? 3,
      uploader_id: uploaderId,
      created_at: new Date(),
      used_at: opts.used ? new Date() : null,
    }));
    await ctx.handle.db.insertInto('uploads').values(rows).execute();
    return rows.map((r) => r.sha256);
  }

  it('refuses a vendor with 200 images no product uses, with a clear 400; using them frees the quota', async () => {
    const v = await freshVendor();
    const waiting = await preload(v.id, 199);
    expect((await upload(v.headers, uniqueJpeg(), 'a.jpg', 'image/jpeg')).statusCode).toBe(201);
    const over = await upload(v.headers, uniqueJpeg(), 'b.jpg', 'image/jpeg');
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual(codedBody('uploadQuotaUnused'));
    await ctx.handle.db.updateTable('uploads').set({ used_at: new Date() }).where('sha256', 'in', waiting.slice(0, 10)).execute();
    expect((await upload(v.headers, uniqueJpeg(), 'c.jpg', 'image/jpeg')).statusCode).toBe(201);
  });

  it('counts bytes too: 200 MB of unused images is the limit', async () => {
    const v = await freshVendor();
    await preload(v.id, 2, { size: 100 * 1024 * 1024 - 10 });
    const over = await upload(v.headers, uniqueJpeg(), 'a.jpg', 'image/jpeg');
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual(codedBody('uploadQuotaUnused'));
  });

  it('caps all images of one uploader, used or not', async () => {
    const v = await freshVendor();
    await preload(v.id, 2, { size: 1024 * 1024 * 1024 - 10, used: true });
    const over = await upload(v.headers, uniqueJpeg(), 'a.jpg', 'image/jpeg');
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual(codedBody('uploadQuotaTotal'));
  });

  it('lets parallel uploads through only up to the quota', async () => {
    const v = await freshVendor();
    await preload(v.id, 195);
    const answers = await Promise.all(Array.from({ length: 10 }, () => upload(v.headers, uniqueJpeg(), 'a.jpg', 'image/jpeg')));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(5);
    expect(answers.filter((r) => r.statusCode === 400)).toHaveLength(5);
  });

  it('does not limit admins', async () => {
    const adminId = await userId(ctx.handle.db, DEMO.admin);
    await preload(adminId, 200);
    expect((await upload(admin, uniqueJpeg(), 'a.jpg', 'image/jpeg')).statusCode).toBe(201);
  });
});

describe('purge of unused images', () => {
  it('removes images no product uses once the grace period is over, and keeps the rest', async () => {
    const db = ctx.handle.db;
    const urls: Record<string, string> = {};
    for (const k of ['usedByForm', 'usedDirectly', 'unusedOld', 'unusedFresh', 'usedThenDropped']) {
      urls[k] = (await upload(vendor, uniqueJpeg(), `${k}.jpg`, 'image/jpeg')).json().secure_url;
    }
    const vendorId = await userId(db, DEMO.vendor);
    const shelf = await makeShelf(db);
    const gst = (
      await ctx.app.inject({ method: 'POST', url: '/api/gsts', headers: admin, payload: { name: `Purge GST ${Date.now()}`, rate: 5 } })
    ).json()._id;
    const product = {
      name: 'Purge Test Soap',
      price: 50,
      shopPrice: 45,
      countInStock: 5,
      reOrderLevel: 1,
      category: shelf.category,
      subcategory: shelf.subcategory,
      gst,
    };
    const made = await ctx.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: vendor,
      payload: { ...product, images: [urls.usedByForm, urls.usedThenDropped] },
    });
    expect(made.statusCode).toBe(201);
    // the product changes its pictures: the dropped one stays (an old order may show it)
    const edited = await ctx.app.inject({
      method: 'PUT',
      url: `/api/products/${made.json()._id}`,
      headers: vendor,
      payload: { ...product, images: [urls.usedByForm] },
    });
    expect(edited.statusCode).toBe(200);
    // a product written without the API still keeps its image
    await makeProduct(db, { vendorId, shelf, shopPrice: 10, images: [`https://shop.example.in${urls.usedDirectly}`] });

    const all = Object.values(urls).map(hashOf);
    await db
      .updateTable('uploads')
      .set({ created_at: ago(UPLOAD_GRACE_MS + 60_000) })
      .where(
        'sha256',
        'in',
        all.filter((h) => h !== hashOf(urls.unusedFresh)),
      )
      .execute();

    const removed = await purgeUnusedUploads(db);
    expect(removed).toBeGreaterThanOrEqual(1);
    const left = (await db.selectFrom('uploads').select('sha256').where('sha256', 'in', all).execute()).map((r) => r.sha256);
    expect(left.sort()).toEqual(all.filter((h) => h !== hashOf(urls.unusedOld)).sort());
    expect((await ctx.app.inject({ method: 'GET', url: urls.unusedOld })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: urls.usedDirectly })).statusCode).toBe(200);
    expect((await rowOf(hashOf(urls.usedDirectly)))?.used_at).not.toBeNull();
  });

  it('uploading an unused image again restarts its grace period', async () => {
    const body = uniqueJpeg();
    const url = (await upload(vendor, body, 'a.jpg', 'image/jpeg')).json().secure_url;
    await ctx.handle.db
      .updateTable('uploads')
      .set({ created_at: ago(UPLOAD_GRACE_MS + 60_000) })
      .where('sha256', '=', hashOf(url))
      .execute();
    expect((await upload(vendor, body, 'a.jpg', 'image/jpeg')).statusCode).toBe(201);
    await purgeUnusedUploads(ctx.handle.db);
    expect(await rowOf(hashOf(url))).toBeDefined();
  });

  it('runs with the hourly purge: at start and then periodically, until stopped', async () => {
    const url = (await upload(vendor, uniqueJpeg(), 'a.jpg', 'image/jpeg')).json().secure_url;
    await ctx.handle.db
      .updateTable('uploads')
      .set({ created_at: ago(UPLOAD_GRACE_MS + 60_000) })
      .where('sha256', '=', hashOf(url))
      .execute();
    const warnings: unknown[] = [];
    const log = { info: () => {}, warn: (o: unknown) => warnings.push(o) } as unknown as Parameters<typeof startPurgeTimer>[1];
    const purge = startPurgeTimer(ctx.handle.db, log, 50);
    try {
      await expect.poll(async () => rowOf(hashOf(url)), { timeout: 5000, interval: 50 }).toBeUndefined();
      const later = (await upload(vendor, uniqueJpeg(), 'b.jpg', 'image/jpeg')).json().secure_url;
      await ctx.handle.db
        .updateTable('uploads')
        .set({ created_at: ago(UPLOAD_GRACE_MS + 60_000) })
        .where('sha256', '=', hashOf(later))
        .execute();
      await expect.poll(async () => rowOf(hashOf(later)), { timeout: 5000, interval: 50 }).toBeUndefined();
    } finally {
      await purge.stop();
    }
    expect(warnings).toEqual([]);
  });
});
