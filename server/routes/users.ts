import { CODE } from '../../core/message-codes';
import { z } from 'zod';
import { idParams, messageResponse } from '../../core/schemas/common';
import {
  addressesSchema,
  areasResponse,
  profileCodeSentResponse,
  roleChangedResponse,
  sessionResponse,
  userDto,
  vendorsResponse,
  forgotPasswordSchema,
  loginSchema,
  profileUpdateSchema,
  registerSchema,
  resetPasswordSchema,
  roleChangeSchema,
  undoPhoneChangeSchema,
  verifyPhoneSchema,
  verifyRegistrationSchema,
} from '../../core/schemas/user';
import type { App } from '../app-type';
import { note } from '../lib/errors';
import { PASSWORD_CODES } from '../lib/password-policy';
import { replies } from '../lib/zod';
import { currentUser } from '../plugins/auth';

/** A one-time code checked: wrong or expired, or the phone's wrong guesses for the day used up. */
const CODE_CODES = ['otpInvalid', 'codeGuessesSpent'] as const;

export async function usersRoutes(app: App) {
  const { users, phoneCodes, sessions, limits } = app.services;

  app.post(
    '/auth',
    { schema: { body: loginSchema, response: replies({ 200: sessionResponse }, ['invalidCredentials', 'loginDelayed', 'loginLocked']) } },
    async (req) => {
      await limits.login.hit(`ip:${req.ip}`, `phone:${req.body.phone}`);
      return users.login(req.body.phone, req.body.password);
    },
  );

  // Registration in two steps: the same 202 for every phone, then the SMS code creates the account.
  app.post(
    '/',
    { schema: { body: registerSchema, response: replies({ 202: messageResponse }, ['chooseAreaFromList', ...PASSWORD_CODES]) } },
    async (req, reply) => {
      await limits.register.hit(`ip:${req.ip}`);
      await limits.registerPhone.hit(`phone:${req.body.phone}`);
      reply.code(202);
      return phoneCodes.register(req.body);
    },
  );

  app.post(
    '/verify-registration',
    { schema: { body: verifyRegistrationSchema, response: replies({ 201: sessionResponse }, CODE_CODES) } },
    async (req, reply) => {
      await limits.verify.hit(`ip:${req.ip}`, `phone:${req.body.phone}`);
      const created = await phoneCodes.verifyRegistration(req.body.phone, req.body.code);
      reply.code(201);
      return created;
    },
  );

  app.post('/logout', { schema: { response: replies({ 200: messageResponse }) } }, async (req) => {
    await sessions.revoke(req.token!);
    return note(CODE.loggedOut);
  });

  app.get('/profile', { schema: { response: replies({ 200: userDto }, ['userNotFound']) } }, async (req) =>
    users.profile(currentUser(req).id),
  );
  // A new phone is confirmed by a code sent to it (202 with a message; the other fields are saved).
  app.put(
    '/profile',
    {
      schema: {
        body: profileUpdateSchema,
        response: replies({ 200: userDto, 202: profileCodeSentResponse }, [
          'userNotFound',
          'unknownDeliveryArea',
          'currentPasswordRequired',
          'currentPasswordWrong',
          'reauthDelayed',
          'reauthLocked',
          'gstinState',
          'gstinCheck',
          ...PASSWORD_CODES,
        ]),
      },
    },
    async (req, reply) => {
      const me = currentUser(req);
      if (req.body.phone && req.body.phone !== me.phone) await limits.phoneChange.hit(`user:${me.id}`, `phone:${req.body.phone}`);
      const saved = await users.updateProfile(me, req.token!, req.body);
      if (!saved.phoneCodeSent) return saved.user;
      reply.code(202);
      return { ...note(CODE.phoneCodeSent), user: saved.user };
    },
  );
  app.post(
    '/verify-phone',
    { schema: { body: verifyPhoneSchema, response: replies({ 200: userDto }, [...CODE_CODES, 'phoneTaken']) } },
    async (req) => {
      await limits.verifyPhone.hit(`ip:${req.ip}`, `phone:${req.body.phone}`);
      return phoneCodes.confirmPhoneChange(currentUser(req).id, req.token!, req.body.phone, req.body.code);
    },
  );

  // From the old number: the code texted there when the phone changed restores it, with a new password.
  app.post(
    '/undo-phone-change',
    {
      schema: {
        body: undoPhoneChangeSchema,
        response: replies({ 200: messageResponse }, [...CODE_CODES, 'phoneTaken', ...PASSWORD_CODES]),
      },
    },
    async (req) => {
      await limits.verify.hit(`ip:${req.ip}`, `phone:${req.body.phone}`);
      return phoneCodes.undoPhoneChange(req.body.phone, req.body.code, req.body.password);
    },
  );

  app.post('/forgot-password', { schema: { body: forgotPasswordSchema, response: replies({ 200: messageResponse }) } }, async (req) => {
    await limits.forgot.hit(`ip:${req.ip}`, `phone:${req.body.phone}`);
    return phoneCodes.forgotPassword(req.body.phone);
  });

  app.post(
    '/reset-password',
    { schema: { body: resetPasswordSchema, response: replies({ 200: messageResponse }, [...CODE_CODES, ...PASSWORD_CODES]) } },
    async (req) => {
      await limits.reset.hit(`ip:${req.ip}`, `phone:${req.body.phone}`);
      return phoneCodes.resetPassword(req.body.phone, req.body.otp, req.body.password);
    },
  );

  app.get('/misc/areas', { schema: { response: replies({ 200: areasResponse }) } }, async () => ({ areas: await users.areas() }));

  app.put('/addresses', { schema: { body: addressesSchema, response: replies({ 200: userDto }, ['userNotFound']) } }, async (req) =>
    users.updateAddresses(currentUser(req).id, req.body.addresses),
  );

  app.get('/vendors', { schema: { response: replies({ 200: vendorsResponse }) } }, async (req) => users.vendors(currentUser(req)));

  app.get('/', { schema: { response: replies({ 200: z.array(userDto) }) } }, async () => users.list());
  app.get('/:id', { schema: { params: idParams, response: replies({ 200: userDto }, ['userNotFound']) } }, async (req) =>
    users.get(req.params.id),
  );
  app.delete(
    '/:id',
    { schema: { params: idParams, response: replies({ 200: messageResponse }, ['userNotFound', 'lastAdmin', 'vendorHasOrders']) } },
    async (req) => users.delete(req.params.id),
  );
  app.put(
    '/:id',
    {
      schema: { params: idParams, body: roleChangeSchema, response: replies({ 200: roleChangedResponse }, ['userNotFound', 'lastAdmin']) },
    },
    async (req) => users.changeRole(req.params.id, req.body.role),
  );
}
