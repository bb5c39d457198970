import { CODE } from '../../../../core/message-codes';
import { Inflate } from 'fflate';
import { IMPORT_LIMITS } from '../../../../core/schemas/product-import';
import { badRequest, HttpError } from '../../../lib/errors';

/** One file in a zip, as its central directory declares it. */
interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** Zip64 marks sizes it keeps elsewhere with this: a spreadsheet we accept never needs it. */
const ZIP64 = 0xffffffff;
/** Compressed bytes handed to the inflater at a time: one push then inflates to at most ~1 MB. */
const PUSH = 1024;

const bad = () => badRequest(CODE.importBadFile);

/**
 * A zip read from a buffer, without trusting it: the sizes its directory declares must add up to at
 * most IMPORT_LIMITS.unpackedBytes, and reading an entry stops as soon as the inflated bytes pass
 * what was declared or the limit (a zip bomb lies about its sizes).
 */
export class ZipReader {
  private readonly entries = new Map<string, ZipEntry>();
  /** Bytes inflated so far, over every entry read. */
  private inflated = 0;

  constructor(private readonly buf: Buffer) {
    let eocd = -1;
    for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 65535); i--) {
      if (buf.readUInt32LE(i) === EOCD) {
        eocd = i;
        break;
      }
    }
    if (eocd < 0) throw bad();
    const count = buf.readUInt16LE(eocd + 10);
    let at = buf.readUInt32LE(eocd + 16);
    let declared = 0;
    for (let n = 0; n < count; n++) {
      if (at + 46 > buf.length || buf.readUInt32LE(at) !== CENTRAL) throw bad();
      const nameLen = buf.readUInt16LE(at + 28);
      const entry: ZipEntry = {
        method: buf.readUInt16LE(at + 10),
        compressedSize: buf.readUInt32LE(at + 20),
        size: buf.readUInt32LE(at + 24),
        localOffset: buf.readUInt32LE(at + 42),
        name: buf.toString('utf8', at + 46, at + 46 + nameLen),
      };
      if (entry.size === ZIP64 || entry.compressedSize === ZIP64) throw badRequest(CODE.importZipBomb);
      declared += entry.size;
      if (declared > IMPORT_LIMITS.unpackedBytes) throw badRequest(CODE.importZipBomb);
      this.entries.set(entry.name, entry);
      at += 46 + nameLen + buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
    }
  }

  names(): string[] {
    return [...this.entries.keys()];
  }

  /**
   * Inflates an entry chunk by chunk, handing each chunk to `onData`; refused past its declared size
   * or the limit over all entries. False when the zip has no such entry.
   */
  read(name: string, onData: (chunk: Uint8Array) => void): boolean {
    const e = this.entries.get(name);
    if (!e) return false;
    const at = e.localOffset;
    if (at + 30 > this.buf.length || this.buf.readUInt32LE(at) !== LOCAL) throw bad();
    const start = at + 30 + this.buf.readUInt16LE(at + 26) + this.buf.readUInt16LE(at + 28);
    const end = start + e.compressedSize;
    if (end > this.buf.length) throw bad();
    let got = 0;
    const take = (chunk: Uint8Array) => {
      got += chunk.length;
      this.inflated += chunk.length;
      if (got > e.size || this.inflated > IMPORT_LIMITS.unpackedBytes) throw badRequest(CODE.importZipBomb);
      onData(chunk);
    };
    if (e.method === 0) {
      take(this.buf.subarray(start, end));
      return true;
    }
    if (e.method !== 8) throw bad();
    const inflater = new Inflate((chunk) => take(chunk));
    try {
      for (let i = start; i < end; i += PUSH) inflater.push(this.buf.subarray(i, Math.min(i + PUSH, end)), i + PUSH >= end);
    } catch (err) {
      if (err instanceof HttpError) throw err;
      throw bad();
    }
    return true;
  }
}
