import { type OfflineDb, type OutboxItem, offlineDb } from './db';

/**
 * The outbox as a file: what waits to be sent and what was refused, saved by the user so that a
 * browser clearing its storage loses nothing, and loaded on another device signed in to the same
 * account to send from there. Each item keeps its Idempotency-Key: the server answers a key it has
 * seen with the stored answer (keys are the account's, whichever device or session sends them), and
 * a device skips a key it holds or has sent. So a file loaded twice, or after its device synced,
 * makes nothing twice.
 */

export const OUTBOX_FILE_FORMAT = 'namma-kadai-outbox';
export const OUTBOX_FILE_VERSION = 1;

/** One request of the file: what is sent, and how lists show it. */
export interface OutboxFileItem {
  /** The Idempotency-Key. */
  idempotencyKey: string;
  method: OutboxItem['method'];
  /** The request's URL from the site's root: "/api/Orders". */
  url: string;
  body: unknown;
  /** Headers of its own (who made it, on a shared device). */
  headers?: Record<string, string>;
  /** When the user did it (ISO). */
  createdAt: string;
  kind: string;
  label: string;
  subject?: string;
  parallel?: boolean;
  display?: unknown;
  dropWhenSent?: OutboxItem['dropWhenSent'];
  /** Why the server refused it, for an item that needed attention. */
  refused?: string;
}

export interface OutboxFile {
  format: typeof OUTBOX_FILE_FORMAT;
  version: typeof OUTBOX_FILE_VERSION;
  /** The account the requests are of (a shop, a rider): only it may send them. */
  userId: string;
  savedAt: string;
  items: OutboxFileItem[];
}

const API = '/api/';

const toFileItem = (i: OutboxItem): OutboxFileItem => ({
  idempotencyKey: i.id,
  method: i.method,
  url: `${API}${i.path}`,
  body: i.body,
  ...(i.headers ? { headers: i.headers } : {}),
  createdAt: new Date(i.createdAt).toISOString(),
  kind: i.kind,
  label: i.label,
  ...(i.subject !== undefined ? { subject: i.subject } : {}),
  ...(i.parallel ? { parallel: true } : {}),
  ...(i.display !== undefined ? { display: i.display } : {}),
  ...(i.dropWhenSent ? { dropWhenSent: i.dropWhenSent } : {}),
  ...(i.status === 'failed' ? { refused: i.lastError ?? '' } : {}),
});

/** The user's waiting and refused items as a file, oldest first. */
export async function exportOutbox(userId: string, db: OfflineDb = offlineDb(), now = Date.now()): Promise<OutboxFile> {
  const items = await db.outbox.where('userId').equals(userId).sortBy('seq');
  return {
    format: OUTBOX_FILE_FORMAT,
    version: OUTBOX_FILE_VERSION,
    userId,
    savedAt: new Date(now).toISOString(),
    items: items.map(toFileItem),
  };
}

/** The file's name: the day it was saved, so two saves of a day sort together. */
export const outboxFileName = (file: OutboxFile): string => `namma-kadai-unsent-${file.savedAt.slice(0, 19).replace(/[:T]/g, '-')}.json`;

export type OutboxImport =
  | { ok: true; added: number; skipped: number }
  /** notFile: not a file of saved changes (or damaged); newer: saved by a newer version of the app; otherAccount: another account's. */
  | { ok: false; reason: 'notFile' | 'newer' | 'otherAccount' };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown, max = 2000): v is string => typeof v === 'string' && v.length > 0 && v.length <= max;

/** A path under /api the outbox may send to: letters, digits and URL punctuation, no way up. */
const SAFE_PATH = /^[A-Za-z0-9][A-Za-z0-9/_.~%=&?-]*$/;

/** A header of the outbox's own items: an `x-` name and a short value (never one the outbox sets itself). */
const ownHeaders = (h: unknown): h is Record<string, string> =>
  isObject(h) && Object.entries(h).every(([k, v]) => /^x-[a-z0-9-]{1,60}$/i.test(k) && typeof v === 'string' && v.length <= 500);

/** The file's item as an outbox item of `userId`, waiting to be sent; null when it is not well formed. */
function fromFileItem(x: unknown, userId: string): OutboxItem | null {
  if (!isObject(x)) return null;
  const { idempotencyKey, method, url, createdAt, kind, label } = x;
  if (!str(idempotencyKey, 200) || (method !== 'POST' && method !== 'PUT') || !str(url) || !str(kind, 200) || typeof label !== 'string')
    return null;
  if (!url.startsWith(API)) return null;
  const path = url.slice(API.length);
  if (!SAFE_PATH.test(path) || path.split('/').includes('..')) return null;
  const made = typeof createdAt === 'string' ? Date.parse(createdAt) : NaN;
  if (!Number.isFinite(made)) return null;
  const drop = x.dropWhenSent;
  if (x.headers !== undefined && !ownHeaders(x.headers)) return null;
  return {
    id: idempotencyKey,
    userId,
    kind,
    method,
    path,
    body: x.body,
    ...(x.headers !== undefined ? { headers: x.headers } : {}),
    label,
    createdAt: made,
    status: 'pending',
    attempts: 0,
    nextAttemptAt: 0,
    ...(typeof x.subject === 'string' ? { subject: x.subject } : {}),
    ...(x.parallel === true ? { parallel: true } : {}),
    ...(x.display !== undefined ? { display: x.display } : {}),
    ...(isObject(drop) && typeof drop.prefix === 'string' && typeof drop.id === 'string'
      ? { dropWhenSent: { prefix: drop.prefix, id: drop.id } }
      : {}),
  };
}

/**
 * Loads a saved file into the outbox of the signed-in user `userId`, to be sent from this device:
 * each item under its own key, skipping a key this device holds or has sent. A file of another
 * account, of a newer version, or not well formed changes nothing.
 */
export async function importOutbox(userId: string, text: string, db: OfflineDb = offlineDb()): Promise<OutboxImport> {
  let file: unknown;
  try {
    file = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'notFile' };
  }
  if (!isObject(file) || file.format !== OUTBOX_FILE_FORMAT || typeof file.version !== 'number' || !Array.isArray(file.items)) {
    return { ok: false, reason: 'notFile' };
  }
  if (file.version > OUTBOX_FILE_VERSION) return { ok: false, reason: 'newer' };
  if (file.userId !== userId) return { ok: false, reason: 'otherAccount' };
  const items = file.items.map((x) => fromFileItem(x, userId));
  if (items.some((i) => i === null)) return { ok: false, reason: 'notFile' };

  return db.transaction('rw', db.outbox, db.sent, async () => {
    let added = 0;
    let skipped = 0;
    const seen = new Set<string>();
    for (const item of items as OutboxItem[]) {
      const known = seen.has(item.id) || (await db.outbox.where('id').equals(item.id).count()) > 0 || !!(await db.sent.get(item.id));
      seen.add(item.id);
      if (known) {
        skipped++;
        continue;
      }
      await db.outbox.add(item);
      added++;
    }
    return { ok: true as const, added, skipped };
  });
}
