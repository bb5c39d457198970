import { z } from 'zod';
import { einvoiceFile, ewayBillFile, ewayBillNumberSchema, ewayBillQuery, irnSchema } from '../../core/schemas/eway-einvoice';
import { orderDto } from '../../core/schemas/order';
import { creditNoteDto } from '../../core/schemas/returns';
import type { App } from '../app-type';
import { replies } from '../lib/zod';
import { currentUser } from '../plugins/auth';
import { EINVOICE_CODES, EWAY_BILL_CODES } from '../services/sales/eway-einvoice.service';

/** Any text: a malformed id is simply "not found". */
const anyId = z.object({ id: z.string().max(200) });

/**
 * The e-way bill's and the e-invoice's JSON of a shop's bills, and the numbers the portals gave,
 * entered back (server/services/sales/eway-einvoice.service.ts). Registered under /api.
 */
export async function ewayEinvoiceRoutes(app: App) {
  const { ewayEinvoice } = app.services;

  app.get(
    '/Orders/:id/eway-bill',
    { schema: { params: anyId, querystring: ewayBillQuery, response: replies({ 200: ewayBillFile }, EWAY_BILL_CODES) } },
    async (req) => ewayEinvoice.ewayBill(currentUser(req), req.params.id, req.query),
  );
  app.put(
    '/Orders/:id/eway-bill',
    { schema: { params: anyId, body: ewayBillNumberSchema, response: replies({ 200: orderDto }, EWAY_BILL_CODES) } },
    async (req) => ewayEinvoice.setEwayBillNo(currentUser(req), req.params.id, req.body),
  );
  app.get('/Orders/:id/einvoice', { schema: { params: anyId, response: replies({ 200: einvoiceFile }, EINVOICE_CODES) } }, async (req) =>
    ewayEinvoice.orderEinvoice(currentUser(req), req.params.id),
  );
  app.put(
    '/Orders/:id/einvoice',
    { schema: { params: anyId, body: irnSchema, response: replies({ 200: orderDto }, EINVOICE_CODES) } },
    async (req) => ewayEinvoice.setOrderIrn(currentUser(req), req.params.id, req.body),
  );
  app.get(
    '/credit-notes/:id/einvoice',
    { schema: { params: anyId, response: replies({ 200: einvoiceFile }, EINVOICE_CODES) } },
    async (req) => ewayEinvoice.creditNoteEinvoice(currentUser(req), req.params.id),
  );
  app.put(
    '/credit-notes/:id/einvoice',
    { schema: { params: anyId, body: irnSchema, response: replies({ 200: creditNoteDto }, EINVOICE_CODES) } },
    async (req) => ewayEinvoice.setCreditNoteIrn(currentUser(req), req.params.id, req.body),
  );
}
