import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { badRequest, HttpError, notFound } from '../lib/errors';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const UPLOAD_TOO_LARGE = 'Image is larger than 5 MB';
export const UPLOAD_BAD_TYPE = 'Only JPEG, PNG or WebP images are allowed';
export const UPLOAD_NOT_FOUND = 'Image not found';
/** Where stored images are served from (same origin as the API). */
export const UPLOAD_URL_PREFIX = '/api/uploads/';

const NAME = /^([a-f0-9]{64})\.(jpg|png|webp)$/;
const TYPES = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const;
type Ext = keyof typeof TYPES;

/** The image type from the first bytes of the file (never from its name or the client's content-type). */
export function sniffImage(buf: Buffer): Ext | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpg';
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (buf.length >= 12 && buf.toString('latin1', 0, 4) === 'RIFF' && buf.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

/** Product images on disk, content-addressed: `<dataDir>/uploads/<sha256>.<ext>`. */
export class UploadsService {
  readonly dir: string;
  constructor(dataDir: string) {
    this.dir = path.join(dataDir, 'uploads');
  }

  /** Stores an image once per content; returns the URL it is served at. */
  async store(buf: Buffer): Promise<{ secure_url: string; url: string }> {
    if (buf.length > MAX_UPLOAD_BYTES) throw new HttpError(413, UPLOAD_TOO_LARGE);
    const ext = sniffImage(buf);
    if (!ext) throw badRequest(UPLOAD_BAD_TYPE);
    const name = `${createHash('sha256').update(buf).digest('hex')}.${ext}`;
    const target = path.join(this.dir, name);
    await fs.mkdir(this.dir, { recursive: true });
    const exists = await fs.stat(target).then((s) => s.size === buf.length, () => false);
    if (!exists) {
      const tmp = path.join(this.dir, `.tmp-${randomBytes(8).toString('hex')}`);
      try {
        await fs.writeFile(tmp, buf, { flag: 'wx' });
        await fs.rename(tmp, target);
      } catch (err) {
        await fs.rm(tmp, { force: true });
        throw err;
      }
    }
    const url = `${UPLOAD_URL_PREFIX}${name}`;
    return { secure_url: url, url };
  }

  /** A stored image by its name; 404 for anything that is not one of our names or not on disk. */
  async read(name: string): Promise<{ body: Buffer; contentType: string; etag: string }> {
    const m = NAME.exec(name);
    if (!m) throw notFound(UPLOAD_NOT_FOUND);
    const body = await fs.readFile(path.join(this.dir, name)).catch(() => null);
    if (!body) throw notFound(UPLOAD_NOT_FOUND);
    return { body, contentType: TYPES[m[2] as Ext], etag: `"${m[1]}"` };
  }
}
