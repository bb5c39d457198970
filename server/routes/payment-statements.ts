import multipart from '@fastify/multipart';
import { CODE } from '../../core/message-codes';
import { paymentSettingsQuery, STATEMENT_LIMITS, statementResponse } from '../../core/schemas/payment';
import type { App } from '../app-type';
import { badRequest } from '../lib/errors';
import { readUploadedFile } from '../lib/multipart-file';
import { uploadName } from '../lib/upload-name';
import { replies } from '../lib/zod';
import { currentUser } from '../plugins/auth';
import { localized } from '../plugins/i18n';

/** What an upload may answer besides its matches: the file's refusals, then the shop (an admin's shopId). */
const STATEMENT_CODES = [
  'statementBadType',
  'statementBadFile',
  'statementTooLarge',
  'statementTooManyLines',
  'statementMissingColumns',
  'statementNoLines',
  'fileNameInvalid',
  'chooseVendor',
  'vendorNotFound',
] as const;

const tooLarge = () => badRequest(CODE.statementTooLarge, { mb: STATEMENT_LIMITS.bytes / (1024 * 1024) });

/**
 * POST /api/payments/statements: a settlement statement (multipart `file`, a CSV) matched to the shop's UPI
 * sales (server/services/payments/statements.ts). In a context of its own: only this route reads multipart.
 */
export async function paymentStatementRoutes(app: App) {
  const { payments } = app.services;
  await app.register(multipart, { limits: { fileSize: STATEMENT_LIMITS.bytes, files: 1, fields: 5, parts: 6 } });

  app.post(
    '/payments/statements',
    {
      bodyLimit: STATEMENT_LIMITS.bytes + 64 * 1024,
      schema: { querystring: paymentSettingsQuery, response: replies({ 200: statementResponse }, STATEMENT_CODES) },
    },
    async (req, reply) => {
      const file = await readUploadedFile(req, { badType: () => badRequest(CODE.statementBadType), tooLarge });
      uploadName(file.name, 'statement');
      const result = await payments.statement(currentUser(req), file.data, req.query.shopId);
      return {
        ...result,
        unmatchedLines: result.unmatchedLines.map(({ coded, ...l }) => ({ ...l, message: localized(req, reply, coded).message })),
      };
    },
  );
}
