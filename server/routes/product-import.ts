import multipart from '@fastify/multipart';
import { datedFileName } from '../../core/dates';
import { CODE } from '../../core/message-codes';
import {
  exportFileResponse,
  IMPORT_LIMITS,
  productExportQuery,
  productImportQuery,
  productImportResult,
} from '../../core/schemas/product-import';
import type { App } from '../app-type';
import { badRequest } from '../lib/errors';
import { readUploadedFile } from '../lib/multipart-file';
import { uploadName } from '../lib/upload-name';
import { replies } from '../lib/zod';
import { currentUser } from '../plugins/auth';
import { localized } from '../plugins/i18n';

/** What an import may answer: the file's refusals, then the seller (an admin's vendorId). */
const IMPORT_CODES = [
  'importTooLarge',
  'importTooManyRows',
  'importZipBomb',
  'importFormula',
  'fileNameInvalid',
  'importBadType',
  'importBadFile',
  'importNoRows',
  'importMissingColumns',
  'importNotYours',
  'chooseValidVendor',
] as const;

const MIME = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/**
 * /api/products/import, /import/template and /export: a seller's catalogue from and to a CSV or XLSX file. Static
 * paths, so the catalogue's /:id routes under the same prefix never take them.
 */
export async function productImportRoutes(app: App) {
  const svc = app.services.productImport;
  await app.register(multipart, { limits: { fileSize: IMPORT_LIMITS.bytes, files: 1, fields: 5, parts: 6 } });

  app.post(
    '/import',
    {
      bodyLimit: IMPORT_LIMITS.bytes + 64 * 1024,
      schema: { querystring: productImportQuery, response: replies({ 200: productImportResult }, IMPORT_CODES) },
    },
    async (req, reply) => {
      const file = await readUploadedFile(req, {
        badType: () => badRequest(CODE.importBadType),
        tooLarge: () => badRequest(CODE.importTooLarge),
      });
      // the name is the stock ledger's reference of what the file sets: checked like any text, and cut
      const name = uploadName(file.name, 'import');
      const result = await svc.import(currentUser(req), { name, data: file.data }, req.query);
      return { ...result, errors: result.errors.map(({ row, column, ...c }) => ({ row, column, ...localized(req, reply, c) })) };
    },
  );

  app.get('/import/template', { schema: { response: replies({ 200: exportFileResponse }) } }, async (_req, reply) =>
    reply
      .type(MIME.csv)
      .header('content-disposition', 'attachment; filename="products-template.csv"')
      .header('cache-control', 'no-store')
      .send(svc.template()),
  );

  app.get(
    '/export',
    { schema: { querystring: productExportQuery, response: replies({ 200: exportFileResponse }) } },
    async (req, reply) => {
      const { format, vendorId } = req.query;
      const body = await svc.export(currentUser(req), format, vendorId);
      return reply
        .type(MIME[format])
        .header('content-disposition', `attachment; filename="${datedFileName('products', format)}"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
}
