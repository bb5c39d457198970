import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A JSON answer serialized once, with its Brotli and gzip forms made on first use: an answer many
 * clients ask for unchanged (a cached list) is sent without being serialized or compressed again.
 */
export interface JsonAnswer {
  plain: Buffer;
  br: () => Buffer;
  gzip: () => Buffer;
}

export function jsonAnswer(value: unknown): JsonAnswer {
  const plain = Buffer.from(JSON.stringify(value));
  let br: Buffer | undefined;
  let gzip: Buffer | undefined;
  return {
    plain,
    // the compression plugin's settings (server/app.ts): Brotli quality 4, gzip's default
    br: () => (br ??= zlib.brotliCompressSync(plain, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } })),
    gzip: () => (gzip ??= zlib.gzipSync(plain)),
  };
}

/** Below this the compression plugin sends answers as they are (its threshold). */
const COMPRESS_FROM = 1024;

/** Whether the request's Accept-Encoding takes `encoding` (named, and not with q=0). */
const accepts = (header: string, encoding: string) =>
  header
    .split(',')
    .map((part) => part.trim().split(';'))
    .some(([name, ...params]) => name.trim() === encoding && !params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p)));

/**
 * Sends a JsonAnswer in the encoding the client accepts (Brotli, else gzip, else plain), as the
 * compression plugin would have: the plugin leaves an answer that already has a Content-Encoding alone.
 */
export function sendJsonAnswer(req: FastifyRequest, reply: FastifyReply, answer: JsonAnswer): Buffer {
  reply.type('application/json; charset=utf-8');
  if (answer.plain.length < COMPRESS_FROM) return answer.plain;
  reply.header('vary', 'accept-encoding');
  const header = String(req.headers['accept-encoding'] ?? '');
  if (accepts(header, 'br')) {
    reply.header('content-encoding', 'br');
    return answer.br();
  }
  if (accepts(header, 'gzip')) {
    reply.header('content-encoding', 'gzip');
    return answer.gzip();
  }
  return answer.plain;
}
