import { MSG } from '../../core/messages';
import { idParams } from '../../core/schemas/common';
import {
  addressesSchema,
  forgotPasswordSchema,
  loginSchema,
  profileUpdateSchema,
  registerSchema,
  resetPasswordSchema,
  roleChangeSchema,
  verifyPhoneSchema,
  verifyRegistrationSchema,
} from '../../core/schemas/user';
import type { App } from '../app';
import { currentUser } from '../plugins/auth';

export async function usersRoutes(app: App) {
  const { users, phoneCodes, sessions, limits } = app.services;
  const all = app.guard();
  const admin = app.guard(['admin']);

  app.post('/auth', { schema: { body: loginSchema } }, async (req) => {
    await limits.login.hit(`ip:${req.ip}`, `phone:${req.body.phone}`);
    return users.login(req.body.phone, req.body.password);
  });

  // Registration in two steps: the same 202 for every phone, then the SMS code creates the account.
  app.post('/', { schema: { body: registerSchema } }, async (req, reply) => {
    await limits.register.hit(`ip:${req.ip}`);
    await limits.registerPhone.hit(`phone:${req.body.phone}`);
    reply.code(202);
    return phoneCodes.register(req.body);
  });

  app.post('/verify-registration', { schema: { body: verifyRegistrationSchema } }, async (req, reply) => {
    await limits.verify.hit(`ip:${req.ip}`, `phone:${req.body.phone}`);
    const created = await phoneCodes.verifyRegistration(req.body.phone, req.body.code);
    reply.code(201);
    return created;
  });

  app.post('/logout', { onRequest: all }, async (req) => {
    await sessions.revoke(req.token!);
    return { message: MSG.loggedOut };
  });

  app.get('/profile', { onRequest: all }, async (req) => users.profile(currentUser(req).id));
  // A new phone is confirmed by a code sent to it (202 with a message; the other fields are saved).
  app.put('/profile', { onRequest: all, schema: { body: profileUpdateSchema } }, async (req, reply) => {
    const me = currentUser(req);
    if (req.body.phone && req.body.phone !== me.phone) await limits.phoneChange.hit(`user:${me.id}`, `phone:${req.body.phone}`);
    const saved = await users.updateProfile(me, req.token!, req.body);
    if (!saved.phoneCodeSent) return saved.user;
    reply.code(202);
    return { message: MSG.phoneCodeSent, user: saved.user };
  });
  app.post('/verify-phone', { onRequest: all, schema: { body: verifyPhoneSchema } }, async (req) => {
    await limits.verifyPhone.hit(`ip:${req.ip}`, `phone:${req.body.phone}`);
    return phoneCodes.confirmPhoneChange(currentUser(req).id, req.body.phone, req.body.code);
  });

  app.post('/forgot-password', { schema: { body: forgotPasswordSchema } }, async (req) => {
    await limits.forgot.hit(`ip:${req.ip}`, `phone:${req.body.phone}`);
    return phoneCodes.forgotPassword(req.body.phone);
  });

  app.post('/reset-password', { schema: { body: resetPasswordSchema } }, async (req) => {
    await limits.reset.hit(`ip:${req.ip}`, `phone:${req.body.phone}`);
    return phoneCodes.resetPassword(req.body.phone, req.body.otp, req.body.password);
  });

  app.get('/misc/areas', async () => ({ areas: await users.areas() }));

  app.put('/addresses', { onRequest: all, schema: { body: addressesSchema } }, async (req) =>
    users.updateAddresses(currentUser(req).id, req.body.addresses),
  );

  app.get('/vendors', { onRequest: app.guard(['admin', 'vendor']) }, async (req) => users.vendors(currentUser(req)));

  app.get('/', { onRequest: admin }, async () => users.list());
  app.get('/:id', { onRequest: admin, schema: { params: idParams } }, async (req) => users.get(req.params.id));
  app.delete('/:id', { onRequest: admin, schema: { params: idParams } }, async (req) => users.delete(req.params.id));
  app.put('/:id', { onRequest: admin, schema: { params: idParams, body: roleChangeSchema } }, async (req) =>
    users.changeRole(req.params.id, req.body.role),
  );
}
