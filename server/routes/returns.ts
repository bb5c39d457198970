import { z } from 'zod';
import { APPROVAL_CODES } from '../../core/approvals';
import { createReturnSchema, creditNoteDto, creditNoteRangeQuery, orderReturnsResponse } from '../../core/schemas/returns';
import type { App } from '../app-type';
import { replies } from '../lib/zod';
import { currentUser } from '../plugins/auth';
import { tillHeader } from '../lib/till-header';
import { IDEMPOTENCY_CODES } from '../plugins/idempotency';
import { ACT_TIME_CODES } from '../lib/act-time';

/** What a return may answer besides its schema's codes. */
const RETURN_CODES = [
  'orderNotFound',
  'duplicateProducts',
  'returnProductNotOnOrder',
  'returnTooMuch',
  'returnNotDelivered',
  'returnVoided',
  'returnCreditNeedsCustomer',
  // a return of a sale paid in parts refunds by its parts (core/credit-note.ts splitRefundProblem)
  'refundNotPaidBy',
  'refundOverPart',
  'creditNoteIdTaken',
  'documentSeriesFull',
  'quantityPositive',
  'quantityTooLarge',
  'quantityDecimals',
  'quantityWhole',
  ...ACT_TIME_CODES,
  ...IDEMPOTENCY_CODES,
  ...APPROVAL_CODES,
] as const;

/** Any text: a malformed id is simply "not found". */
const anyId = z.object({ id: z.string().max(200) });

/**
 * Returns against delivered sales and their credit notes (server/services/sales/returns.service.ts):
 * /api/Orders/:id/returns beside the order's other calls, and /api/credit-notes for the vendor's notes.
 */
export async function returnsRoutes(app: App) {
  const svc = app.services.returns;

  // the offline outbox may send it with an Idempotency-Key; a replay answers the first 201
  app.post(
    '/Orders/:id/returns',
    { schema: { params: anyId, body: createReturnSchema, response: replies({ 200: creditNoteDto, 201: creditNoteDto }, RETURN_CODES) } },
    async (req, reply) => {
      const { created, creditNote } = await svc.create(
        currentUser(req),
        req.params.id,
        req.body,
        req.idempotency ?? undefined,
        tillHeader(req),
      );
      reply.code(created ? 201 : 200);
      return creditNote;
    },
  );
  app.get(
    '/Orders/:id/returns',
    { schema: { params: anyId, response: replies({ 200: orderReturnsResponse }, ['orderNotFound']) } },
    async (req) => svc.forOrder(currentUser(req), req.params.id),
  );
  app.get(
    '/credit-notes',
    { schema: { querystring: creditNoteRangeQuery, response: replies({ 200: z.array(creditNoteDto) }) } },
    async (req) => svc.list(currentUser(req), req.query),
  );
  app.get(
    '/credit-notes/:id',
    { schema: { params: anyId, response: replies({ 200: creditNoteDto }, ['creditNoteNotFound']) } },
    async (req) => svc.get(currentUser(req), req.params.id),
  );
}
