import {
  closeShiftResponse,
  closeShiftSchema,
  openShiftSchema,
  shiftCashSchema,
  shiftDto,
  shiftParams,
  shiftsQuery,
  shiftsResponse,
} from '../../core/schemas/shift';
import type { App } from '../app-type';
import { replies } from '../lib/zod';
import { currentUser } from '../plugins/auth';
import { IDEMPOTENCY_CODES } from '../plugins/idempotency';
import { REPORT_VENDOR_CODES } from '../services/reports/report-vendor';
import { OPEN_SHIFT_CODES, SHIFT_ACT_CODES } from '../services/shifts/shifts.service';

/**
 * /api/shifts: a till's shifts (server/services/shifts/shifts.service.ts): opened with a float, cash in
 * and out, closed by counting the drawer. The till's outbox sends the writes with an Idempotency-Key.
 */
export async function shiftsRoutes(app: App) {
  const { shifts } = app.services;

  app.post(
    '/',
    { schema: { body: openShiftSchema, response: replies({ 200: shiftDto, 201: shiftDto }, [...OPEN_SHIFT_CODES, ...IDEMPOTENCY_CODES]) } },
    async (req, reply) => {
      const { created, shift } = await shifts.open(currentUser(req), req.body, req.idempotency ?? undefined);
      reply.code(created ? 201 : 200);
      return shift;
    },
  );
  app.post(
    '/:id/cash',
    {
      schema: {
        params: shiftParams,
        body: shiftCashSchema,
        response: replies({ 201: shiftDto }, [...SHIFT_ACT_CODES, ...IDEMPOTENCY_CODES]),
      },
    },
    async (req, reply) => {
      const shift = await shifts.moveCash(currentUser(req), req.params.id, req.body, req.idempotency ?? undefined);
      reply.code(201);
      return shift;
    },
  );
  app.post(
    '/:id/close',
    {
      schema: {
        params: shiftParams,
        body: closeShiftSchema,
        response: replies({ 200: closeShiftResponse }, [...SHIFT_ACT_CODES, ...IDEMPOTENCY_CODES]),
      },
    },
    async (req) => shifts.close(currentUser(req), req.params.id, req.body, req.idempotency ?? undefined),
  );
  app.get('/', { schema: { querystring: shiftsQuery, response: replies({ 200: shiftsResponse }, REPORT_VENDOR_CODES) } }, async (req) =>
    shifts.list(currentUser(req), req.query),
  );
}
