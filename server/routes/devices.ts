import { z } from 'zod';
import {
  createDeviceSchema,
  createdDeviceDto,
  deviceDto,
  deviceIdParams,
  devicesQuery,
  numberBlockDto,
  reserveNumbersSchema,
} from '../../core/schemas/device';
import { switchResponse, switchSchema, tillPersonDto } from '../../core/schemas/staff';
import { replies } from '../lib/zod';
import type { App } from '../app-type';
import { currentUser } from '../plugins/auth';

/** /api/devices: a vendor's tills and the blocks of their invoice series (server/services/sales/devices.service.ts). */
export async function devicesRoutes(app: App) {
  const svc = app.services.devices;

  app.post(
    '/',
    { schema: { body: createDeviceSchema, response: replies({ 201: createdDeviceDto }, ['tillLimit']) } },
    async (req, reply) => {
      reply.code(201);
      return svc.register(currentUser(req), req.body.name);
    },
  );

  app.get('/', { schema: { querystring: devicesQuery, response: replies({ 200: z.array(deviceDto) }) } }, async (req) =>
    svc.list(currentUser(req), req.query.vendorId),
  );

  app.post(
    '/:id/numbers',
    {
      schema: {
        params: deviceIdParams,
        body: reserveNumbersSchema,
        response: replies({ 200: numberBlockDto }, ['deviceNotFound', 'deviceRetired', 'tillSeriesFull', 'tillYearInvalid']),
      },
    },
    async (req) => svc.reserve(currentUser(req), req.params.id, req.body),
  );

  app.delete('/:id', { schema: { params: deviceIdParams, response: replies({ 200: deviceDto }, ['deviceNotFound']) } }, async (req) =>
    svc.retire(currentUser(req), req.params.id),
  );

  // the people of the till's shop and what the till keeps to switch them offline (core/pin.ts)
  app.get(
    '/:id/people',
    { schema: { params: deviceIdParams, response: replies({ 200: z.array(tillPersonDto) }, ['deviceNotFound']) } },
    async (req) => app.services.pins.tillPeople(currentUser(req), req.params.id),
  );

  app.post(
    '/:id/switch',
    {
      schema: {
        params: deviceIdParams,
        body: switchSchema,
        response: replies({ 200: switchResponse }, ['deviceNotFound', 'staffNotFound', 'pinNotSet', 'pinWrong', 'pinLocked']),
      },
    },
    async (req) => app.services.pins.switchOnTill(currentUser(req), req.params.id, req.body.staffId, req.body.pin),
  );
}
