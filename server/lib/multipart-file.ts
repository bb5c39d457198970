import type { FastifyRequest } from 'fastify';
import { HttpError } from './errors';

/** The one file of an upload: its name as sent and its bytes. */
export interface UploadedFile {
  name: string | undefined;
  data: Buffer;
}

/**
 * Reads the multipart field `file` of a request (@fastify/multipart registered with its size limit), ignoring any
 * other part. A body that is not multipart, unreadable or without the file throws `badType()`; a file over the
 * limit throws `tooLarge()`. The plugin stops at the limit, so a big file is never held whole.
 */
export async function readUploadedFile(
  req: FastifyRequest,
  refuse: { badType: () => Error; tooLarge: () => Error },
): Promise<UploadedFile> {
  if (!req.isMultipart()) throw refuse.badType();
  let file: UploadedFile | undefined;
  try {
    for await (const part of req.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file' || file) {
        part.file.resume();
        continue;
      }
      file = { name: part.filename, data: await part.toBuffer() };
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const code = (err as { code?: string }).code;
    const status = (err as { statusCode?: number }).statusCode;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413) throw refuse.tooLarge();
    throw refuse.badType();
  }
  if (!file) throw refuse.badType();
  return file;
}
