import multipart from '@fastify/multipart';
import { z } from 'zod';
import type { App } from '../app';
import { badRequest, HttpError } from '../lib/errors';
import { MAX_UPLOAD_BYTES, UPLOAD_BAD_TYPE, UPLOAD_TOO_LARGE, UploadsService } from '../services/uploads.service';

const fileParams = z.object({ file: z.string().max(100) });

/** /api/uploads: product image upload (vendor, admin) and public, long-cached serving. */
export async function uploadsRoutes(app: App) {
  const svc = new UploadsService(app.services.config.dataDir);
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6 } });

  app.post('/', { onRequest: app.guard(['vendor', 'admin']), bodyLimit: MAX_UPLOAD_BYTES + 64 * 1024 }, async (req, reply) => {
    if (!req.isMultipart()) throw badRequest(UPLOAD_BAD_TYPE);
    let buf: Buffer | undefined;
    try {
      for await (const part of req.parts()) {
        if (part.type === 'file') {
          if (part.fieldname !== 'file' || buf) {
            part.file.resume();
            continue;
          }
          buf = await part.toBuffer();
        }
      }
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_ERR_CTP_BODY_TOO_LARGE' || (err as { statusCode?: number }).statusCode === 413) {
        throw new HttpError(413, UPLOAD_TOO_LARGE);
      }
      if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw badRequest(UPLOAD_BAD_TYPE);
      if (err instanceof HttpError) throw err;
      // A malformed multipart body (no boundary, cut short) is the client's error, not a 500.
      throw badRequest(UPLOAD_BAD_TYPE);
    }
    if (!buf) throw badRequest(UPLOAD_BAD_TYPE);
    const stored = await svc.store(buf);
    reply.code(201);
    return stored;
  });

  app.get('/:file', { schema: { params: fileParams } }, async (req, reply) => {
    const img = await svc.read(req.params.file);
    reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('etag', img.etag)
      .type(img.contentType);
    if (req.headers['if-none-match'] === img.etag) return reply.code(304).send();
    return reply.send(img.body);
  });
}
