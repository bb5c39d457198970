import { z } from 'zod';
import {
  approversResponse,
  auditQuery,
  auditResponse,
  createStaffSchema,
  drawerOpenSchema,
  setPinSchema,
  shopSettingsSchema,
  staffDto,
  staffQuery,
  staffRemovedResponse,
  updateStaffSchema,
} from '../../core/schemas/staff';
import { idParams, messageResponse } from '../../core/schemas/common';
import { scaleLayoutSavedResponse, scaleLayoutSchema } from '../../core/schemas/scale-barcode';
import type { App } from '../app-type';
import { APPROVAL_CODES } from '../../core/approvals';
import { CODE } from '../../core/message-codes';
import { note } from '../lib/errors';
import { replies } from '../lib/zod';
import { currentUser } from '../plugins/auth';

const STAFF_CODES = [
  'staffNotFound',
  'staffSelf',
  'staffPhoneNotPerson',
  'staffOfAnotherShop',
  'staffAlreadyHere',
  'staffNeedsPassword',
  'chooseVendor',
  'vendorNotFound',
] as const;

/** What reading or setting the scale label layout may answer: an admin names no shop, or one that is none; another shop's id. */
const SCALE_CODES = ['chooseVendor', 'vendorNotFound', 'ownShopOnly'] as const;

/** /api/shop: the shop's team (server/services/staff): its staff and each person's own till PIN. */
export async function shopRoutes(app: App) {
  const { staff, pins, approvals, scaleLabels } = app.services;

  app.post('/staff', { schema: { body: createStaffSchema, response: replies({ 201: staffDto }, STAFF_CODES) } }, async (req, reply) => {
    reply.code(201);
    return staff.add(currentUser(req), req.body);
  });
  app.get('/staff', { schema: { querystring: staffQuery, response: replies({ 200: z.array(staffDto) }, STAFF_CODES) } }, async (req) =>
    staff.list(currentUser(req), req.query.shopId),
  );
  app.put(
    '/staff/me/pin',
    {
      schema: {
        body: setPinSchema,
        response: replies({ 200: messageResponse }, ['currentPasswordWrong', 'currentPasswordRequired', 'pinTooSimple', 'tooManyRequests']),
      },
    },
    async (req) => pins.setOwn(currentUser(req), req.body.pin, req.body.currentPassword),
  );
  app.get('/staff/:id', { schema: { params: idParams, response: replies({ 200: staffDto }, ['staffNotFound']) } }, async (req) =>
    staff.one(currentUser(req), req.params.id),
  );
  app.put(
    '/staff/:id',
    { schema: { params: idParams, body: updateStaffSchema, response: replies({ 200: staffDto }, ['staffNotFound']) } },
    async (req) => staff.update(currentUser(req), req.params.id, req.body),
  );
  app.delete(
    '/staff/:id',
    { schema: { params: idParams, response: replies({ 200: staffRemovedResponse }, ['staffNotFound']) } },
    async (req) => staff.remove(currentUser(req), req.params.id),
  );

  app.get(
    '/settings',
    { schema: { querystring: staffQuery, response: replies({ 200: shopSettingsSchema }, ['chooseVendor']) } },
    async (req) => approvals.settings(currentUser(req), req.query.shopId),
  );
  app.put(
    '/settings',
    {
      schema: {
        querystring: staffQuery,
        body: shopSettingsSchema,
        response: replies({ 200: shopSettingsSchema.extend(messageResponse.shape) }, ['chooseVendor']),
      },
    },
    async (req) => approvals.saveSettings(currentUser(req), req.body, req.query.shopId),
  );
  // the layout of the shop's scale labels: every seller's counter reads it, the owner and a manager set it
  app.get(
    '/scale-barcode',
    { schema: { querystring: staffQuery, response: replies({ 200: scaleLayoutSchema }, SCALE_CODES) } },
    async (req) => scaleLabels.layout(currentUser(req), req.query.shopId),
  );
  app.put(
    '/scale-barcode',
    { schema: { querystring: staffQuery, body: scaleLayoutSchema, response: replies({ 200: scaleLayoutSavedResponse }, SCALE_CODES) } },
    async (req) => scaleLabels.save(currentUser(req), req.body, req.query.shopId),
  );
  app.get('/audit', { schema: { querystring: auditQuery, response: replies({ 200: auditResponse }, ['chooseVendor']) } }, async (req) =>
    approvals.audit(currentUser(req), req.query),
  );
  app.get('/approvers', { schema: { response: replies({ 200: approversResponse }) } }, async (req) =>
    approvals.approvers(currentUser(req)),
  );
  // the drawer opened without a sale: a cashier needs a manager's PIN; recorded either way
  app.post(
    '/drawer',
    { schema: { body: drawerOpenSchema, response: replies({ 201: messageResponse }, APPROVAL_CODES) } },
    async (req, reply) => {
      const user = currentUser(req);
      const ask = { kind: 'drawerOpen' as const, reason: req.body.reason };
      const by = await approvals.approver(user, ask, req.body.approval);
      await approvals.record(app.services.db, user, ask, by);
      reply.code(201);
      return note(CODE.drawerOpened);
    },
  );
}
