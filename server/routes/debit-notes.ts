import { z } from 'zod';
import { createDebitNoteSchema, debitNoteDto, debitNoteEwayQuery } from '../../core/schemas/debit-note';
import { ewayBillFile, ewayBillNumberSchema } from '../../core/schemas/eway-einvoice';
import type { App } from '../app-type';
import { ACT_TIME_CODES } from '../lib/act-time';
import { replies } from '../lib/zod';
import { currentUser } from '../plugins/auth';
import { IDEMPOTENCY_CODES } from '../plugins/idempotency';
import { DEBIT_NOTE_EWAY_CODES } from '../services/stock/debit-note-eway.service';

/** What a return to the supplier may answer besides its schema's codes. */
const RETURN_CODES = [
  'purchaseNotFound',
  'duplicateProducts',
  'debitNoteProductNotOnBill',
  'debitNoteTooMuch',
  'debitNotePurchaseCancelled',
  'debitNoteIdTaken',
  'documentSeriesFull',
  'quantityPositive',
  'quantityTooLarge',
  'quantityDecimals',
  'quantityWhole',
  ...ACT_TIME_CODES,
  ...IDEMPOTENCY_CODES,
] as const;

/** Any text: a malformed id is simply "not found". */
const anyId = z.object({ id: z.string().max(200) });

/**
 * Goods returned to suppliers and their debit notes (server/services/stock/debit-notes.service.ts):
 * /api/purchases/:id/returns beside the bill's other calls, /api/debit-notes/:id to print one, and the
 * e-way bill of the returned goods (server/services/stock/debit-note-eway.service.ts).
 */
export async function debitNotesRoutes(app: App) {
  const svc = app.services.debitNotes;

  // the offline outbox may send it with an Idempotency-Key (a replay answers the first 201); a note sent again by its _id answers 200
  app.post(
    '/purchases/:id/returns',
    { schema: { params: anyId, body: createDebitNoteSchema, response: replies({ 200: debitNoteDto, 201: debitNoteDto }, RETURN_CODES) } },
    async (req, reply) => {
      const { created, debitNote } = await svc.create(currentUser(req), req.params.id, req.body, req.idempotency ?? undefined);
      reply.code(created ? 201 : 200);
      return debitNote;
    },
  );
  app.get('/debit-notes/:id', { schema: { params: anyId, response: replies({ 200: debitNoteDto }, ['debitNoteNotFound']) } }, async (req) =>
    svc.get(currentUser(req), req.params.id),
  );
  app.get(
    '/debit-notes/:id/eway-bill',
    { schema: { params: anyId, querystring: debitNoteEwayQuery, response: replies({ 200: ewayBillFile }, DEBIT_NOTE_EWAY_CODES) } },
    async (req) => app.services.debitNoteEway.ewayBill(currentUser(req), req.params.id, req.query),
  );
  app.put(
    '/debit-notes/:id/eway-bill',
    { schema: { params: anyId, body: ewayBillNumberSchema, response: replies({ 200: debitNoteDto }, DEBIT_NOTE_EWAY_CODES) } },
    async (req) => app.services.debitNoteEway.setEwayBillNo(currentUser(req), req.params.id, req.body),
  );
}
