import { CODE } from '../../core/message-codes';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import type { App } from '../app-type';
import { currentUser } from '../plugins/auth';
import { badRequest, HttpError, tooLarge } from '../lib/errors';
import { MAX_UPLOAD_BYTES } from '../services/platform/uploads.service';
import { imageBytesResponse, uploadedImageResponse } from '../../core/schemas/upload';
import { uploadName } from '../lib/upload-name';
import { replies } from '../lib/zod';

const fileParams = z.object({ file: z.string().max(100) });

/** The sandbox policy of a served image: nothing in it may run or load anything, even opened directly. */
export const UPLOAD_CSP = "default-src 'none'; sandbox";

/**
 * /api/uploads: product image upload (vendor, admin; one image per request) and public, long-cached
 * serving from the database.
 */
export async function uploadsRoutes(app: App) {
  const svc = app.services.uploads;
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6 } });

  app.post(
    '/',
    {
      bodyLimit: MAX_UPLOAD_BYTES + 64 * 1024,
      schema: {
        response: replies({ 201: uploadedImageResponse }, [
          'imageBadType',
          'oneImageAtATime',
          'uploadTooManyFields',
          'fileNameInvalid',
          'imageTooLarge',
          'uploadQuotaTotal',
          'uploadQuotaUnused',
        ]),
      },
    },
    async (req, reply) => {
      if (!req.isMultipart()) throw badRequest(CODE.imageBadType);
      let buf: Buffer | undefined;
      let name: string | undefined;
      try {
        for await (const part of req.parts()) {
          if (part.type === 'file') {
            if (part.fieldname !== 'file' || buf) {
              part.file.resume();
              continue;
            }
            buf = await part.toBuffer();
            name = part.filename;
          }
        }
      } catch (err) {
        const code = (err as { code?: string }).code;
        // The count limits answer 413 in the plugin; they are checked first, so they are not told as "too large".
        if (code === 'FST_FILES_LIMIT') throw badRequest(CODE.oneImageAtATime);
        if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw badRequest(CODE.uploadTooManyFields);
        if (
          code === 'FST_REQ_FILE_TOO_LARGE' ||
          code === 'FST_ERR_CTP_BODY_TOO_LARGE' ||
          (err as { statusCode?: number }).statusCode === 413
        ) {
          throw tooLarge(CODE.imageTooLarge);
        }
        if (err instanceof HttpError) throw err;
        // A malformed multipart body (no boundary, cut short) is the client's error, not a 500.
        throw badRequest(CODE.imageBadType);
      }
      if (!buf) throw badRequest(CODE.imageBadType);
      // the name is not kept (images are named by their content), but it is input like any other
      uploadName(name, 'image');
      const stored = await svc.store(buf, currentUser(req));
      reply.code(201);
      return stored;
    },
  );

  app.get(
    '/:file',
    { schema: { params: fileParams, response: replies({ 200: imageBytesResponse, 304: imageBytesResponse }, ['imageNotFound']) } },
    async (req, reply) => {
      const conditional = req.headers['if-none-match'];
      const img = await svc.read(req.params.file, { withBody: !conditional });
      reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', UPLOAD_CSP)
        .header('etag', img.etag)
        .type(img.contentType);
      if (conditional === img.etag) return reply.code(304).send();
      return reply.send(img.body ?? (await svc.read(req.params.file)).body);
    },
  );
}
