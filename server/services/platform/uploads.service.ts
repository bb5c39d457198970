import { CODE } from '../../../core/message-codes';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import type { Db } from '../../db';
import type { Database } from '../../db/types';
import { badRequest, notFound, tooLarge } from '../../lib/errors';
import { isAdmin } from '../../security/access';
import type { AuthUser } from '../accounts/auth.service';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** Where stored images are served from (same origin as the API). */
export const UPLOAD_URL_PREFIX = '/api/uploads/';

/**
 * What one uploader (admins are exempt) may keep: images not yet used by any product (those are
 * purged after UPLOAD_GRACE_MS), and all images together.
 */
export const UPLOAD_QUOTA = {
  unusedImages: 200,
  unusedBytes: 200 * 1024 * 1024,
  images: 2000,
  bytes: 2 * 1024 * 1024 * 1024,
} as const;
export type UploadQuota = { [K in keyof typeof UPLOAD_QUOTA]: number };

/** An image no product uses is removed this long after its (last) upload. */
export const UPLOAD_GRACE_MS = 24 * 3_600_000;
/** How often each API process runs the purge. */

const NAME = /^([a-f0-9]{64})\.(jpg|png|webp)$/;
/** An image URL of ours, absolute or not: `.../api/uploads/<sha256>.<ext>`. */
const URL_NAME = /\/api\/uploads\/([a-f0-9]{64})\.(?:jpg|png|webp)$/;
const TYPES = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const;
type Ext = keyof typeof TYPES;

/** The image type from the first bytes of the file (never from its name or the client's content-type). */
export function sniffImage(buf: Buffer): Ext | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpg';
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (buf.length >= 12 && buf.toString('latin1', 0, 4) === 'RIFF' && buf.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

const sha256Hex = (buf: Buffer) => createHash('sha256').update(buf).digest('hex');
/** bytea reads back as a Buffer (node-postgres) or a Uint8Array (PGlite). */
const asBuffer = (b: Uint8Array) => (Buffer.isBuffer(b) ? b : Buffer.from(b.buffer, b.byteOffset, b.byteLength));

/** The content hash in one of our image URLs, or null for any other URL. */
export function uploadHashOf(url: string): string | null {
  return URL_NAME.exec(url.split(/[?#]/)[0])?.[1] ?? null;
}

/**
 * Marks the uploads a product's images refer to as used, so the purge keeps them (also once the
 * product changes its pictures: old orders still show them). Call in the product's transaction.
 */
export async function markUploadsUsed(db: Kysely<Database>, urls: readonly string[]): Promise<void> {
  const hashes = [...new Set(urls.map(uploadHashOf).filter((h): h is string => !!h))];
  if (!hashes.length) return;
  await db.updateTable('uploads').set({ used_at: new Date() }).where('sha256', 'in', hashes).where('used_at', 'is', null).execute();
}

/**
 * Upload hashes the products' images refer to, in one pass over products (URLs of ours, absolute
 * or not, e.g. `/api/uploads/<sha256>.jpg`).
 */
const productImageHashes = sql`
  SELECT DISTINCT substring(e FROM '/api/uploads/([0-9a-f]{64})[.](?:jpg|png|webp)') AS sha256
  FROM products p, jsonb_array_elements_text(p.images) e
  WHERE e LIKE '%/api/uploads/%'`;

/**
 * Removes images uploaded more than `graceMs` ago that no product has used. An image a product
 * refers to without having marked it (a product written by other means) is marked instead.
 * Each statement is atomic, so several processes may purge at the same time; products are read
 * once per statement, and not at all when nothing is due. Returns how many images went.
 */
export async function purgeUnusedUploads(db: Db, graceMs = UPLOAD_GRACE_MS, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - graceMs);
  const due = await db
    .selectFrom('uploads')
    .select('sha256')
    .where('used_at', 'is', null)
    .where('created_at', '<', cutoff)
    .limit(1)
    .executeTakeFirst();
  if (!due) return 0;
  await db
    .updateTable('uploads')
    .set({ used_at: now })
    .where('used_at', 'is', null)
    .where('created_at', '<', cutoff)
    .where('sha256', 'in', sql<string>`(SELECT r.sha256 FROM (${productImageHashes}) r WHERE r.sha256 IS NOT NULL)`)
    .execute();
  const gone = await db
    .deleteFrom('uploads')
    .where('used_at', 'is', null)
    .where('created_at', '<', cutoff)
    .where('sha256', 'not in', sql<string>`(SELECT r.sha256 FROM (${productImageHashes}) r WHERE r.sha256 IS NOT NULL)`)
    .executeTakeFirst();
  return Number(gone.numDeletedRows ?? 0);
}

export interface StoredImage {
  body: Buffer | null;
  contentType: string;
  etag: string;
}

/**
 * Product images in the database, content-addressed by SHA-256 (table uploads), so every API
 * process serves every image. Images of older installs, under `<dataDir>/uploads`, move into the
 * table the first time they are asked for.
 */
export class UploadsService {
  private readonly legacyDir: string | undefined;

  constructor(
    private readonly db: Db,
    dataDir?: string,
    private readonly quota: UploadQuota = UPLOAD_QUOTA,
  ) {
    this.legacyDir = dataDir ? path.join(dataDir, 'uploads') : undefined;
  }

  /** Stores an image once per content; returns the URL it is served at. */
  async store(buf: Buffer, uploader: AuthUser): Promise<{ secure_url: string; url: string }> {
    if (buf.length > MAX_UPLOAD_BYTES) throw tooLarge(CODE.imageTooLarge);
    const ext = sniffImage(buf);
    if (!ext) throw badRequest(CODE.imageBadType);
    const sha256 = sha256Hex(buf);
    await this.db.transaction().execute(async (trx) => {
      // Already stored: uploading it again restarts the grace period of an image not used yet.
      const again = await trx
        .updateTable('uploads')
        .set({ created_at: new Date() })
        .where('sha256', '=', sha256)
        .where('used_at', 'is', null)
        .returning('sha256')
        .executeTakeFirst();
      if (again) return;
      const stored = await trx.selectFrom('uploads').select('sha256').where('sha256', '=', sha256).executeTakeFirst();
      if (stored) return;
      if (!isAdmin(uploader)) await this.checkQuota(trx, uploader.id, buf.length);
      await trx
        .insertInto('uploads')
        .values({
          sha256,
          ext,
          content_type: TYPES[ext],
          bytes: buf,
          size: buf.length,
          uploader_id: uploader.id,
          created_at: new Date(),
          used_at: null,
        })
        .onConflict((oc) => oc.column('sha256').doNothing())
        .execute();
    });
    const url = `${UPLOAD_URL_PREFIX}${sha256}.${ext}`;
    return { secure_url: url, url };
  }

  /** Refuses an upload past the uploader's quota; a per-uploader lock makes parallel uploads count one by one. */
  private async checkQuota(trx: Db, uploaderId: string, size: number) {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`uploads:${uploaderId}`}))`.execute(trx);
    const used = await trx
      .selectFrom('uploads')
      .select([
        sql<string>`count(*) FILTER (WHERE used_at IS NULL)`.as('unused_images'),
        sql<string>`COALESCE(sum(size) FILTER (WHERE used_at IS NULL), 0)`.as('unused_bytes'),
        sql<string>`count(*)`.as('images'),
        sql<string>`COALESCE(sum(size), 0)`.as('bytes'),
      ])
      .where('uploader_id', '=', uploaderId)
      .executeTakeFirstOrThrow();
    if (Number(used.images) + 1 > this.quota.images || Number(used.bytes) + size > this.quota.bytes)
      throw badRequest(CODE.uploadQuotaTotal);
    if (Number(used.unused_images) + 1 > this.quota.unusedImages || Number(used.unused_bytes) + size > this.quota.unusedBytes) {
      throw badRequest(CODE.uploadQuotaUnused);
    }
  }

  /**
   * A stored image by its name; 404 for anything that is not one of our names or not stored.
   * `withBody: false` only checks that it exists (for a conditional request).
   */
  async read(name: string, opts: { withBody?: boolean } = {}): Promise<StoredImage> {
    const m = NAME.exec(name);
    if (!m) throw notFound(CODE.imageNotFound);
    const [, sha256, ext] = m as unknown as [string, string, Ext];
    const withBody = opts.withBody !== false;
    const row = await this.db
      .selectFrom('uploads')
      .select(['content_type', withBody ? 'bytes' : sql<null>`NULL`.as('bytes')])
      .where('sha256', '=', sha256)
      .where('ext', '=', ext)
      .executeTakeFirst();
    const etag = `"${sha256}"`;
    if (row) return { body: row.bytes ? asBuffer(row.bytes) : null, contentType: row.content_type, etag };
    const legacy = await this.importLegacy(name, sha256, ext);
    if (!legacy) throw notFound(CODE.imageNotFound);
    return { body: withBody ? legacy : null, contentType: TYPES[ext], etag };
  }

  /**
   * Moves an image an older install kept on disk into the table (kept as used: products and old
   * orders may show it). Only a file whose bytes match its name is taken. Several processes may do
   * this at once: the insert ignores a row that is already there, and the file is removed after.
   */
  private async importLegacy(name: string, sha256: string, ext: Ext): Promise<Buffer | null> {
    if (!this.legacyDir) return null;
    const file = path.join(this.legacyDir, name);
    const body = await fs.readFile(file).catch(() => null);
    if (!body || body.length > MAX_UPLOAD_BYTES || sniffImage(body) !== ext || sha256Hex(body) !== sha256) return null;
    const now = new Date();
    await this.db
      .insertInto('uploads')
      .values({ sha256, ext, content_type: TYPES[ext], bytes: body, size: body.length, uploader_id: null, created_at: now, used_at: now })
      .onConflict((oc) => oc.column('sha256').doNothing())
      .execute();
    await fs.rm(file, { force: true });
    return body;
  }
}
