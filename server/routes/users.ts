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
  verifyRegistrationSchema,
} from '../../core/schemas/user';
import type { App } from '../app';
import { currentUser } from '../plugins/auth';

export async function usersRoutes(app: App) {
  const { users, sessions, limits } = app.services;
  const all = app.guard();
  const admin = app.guard(['admin']);

  app.post('/auth', { schema: { body: loginSchema } }, async (req) => {
    limits.login.hit(`ip:${req.ip}`, `phone:${req.body.phone}`);
    return users.login(req.body.phone, req.body.password);
  });

  // Registration in two steps: the same 202 for every phone, then the SMS code creates the account.
  app.post('/', { schema: { body: registerSchema } }, async (req, reply) => {
    limits.register.hit(`ip:${req.ip}`);
    limits.registerPhone.hit(`phone:${req.body.phone}`);
    reply.code(202);
    return users.register(req.body);
  });

  app.post('/verify-registration', { schema: { body: verifyRegistrationSchema } }, async (req, reply) => {
    limits.verify.hit(`ip:${req.ip}`, `phone:${req.body.phone}`);
    const created = await users.verifyRegistration(req.body.phone, req.body.code);
    reply.code(201);
    return created;
  });

  app.post('/logout', { onRequest: all }, async (req) => {
    await sessions.revoke(req.token!);
    return { message: MSG.loggedOut };
  });

  app.get('/profile', { onRequest: all }, async (req) => users.profile(currentUser(req).id));
  app.put('/profile', { onRequest: all, schema: { body: profileUpdateSchema } }, async (req) =>
    users.updateProfile(currentUser(req), req.body),
  );

  app.post('/forgot-password', { schema: { body: forgotPasswordSchema } }, async (req) => {
    limits.forgot.hit(`ip:${req.ip}`, `phone:${req.body.phone}`);
    return users.forgotPassword(req.body.phone);
  });

  app.post('/reset-password', { schema: { body: resetPasswordSchema } }, async (req) => {
    limits.reset.hit(`ip:${req.ip}`, `phone:${req.body.phone}`);
    return users.resetPassword(req.body.phone, req.body.otp, req.body.password);
  });

  app.get('/misc/areas', async () => ({ areas: await users.areas() }));

  app.put('/addresses', { onRequest: all, schema: { body: addressesSchema } }, async (req) =>
    users.updateAddresses(currentUser(req).id, req.body.addresses),
  );

  app.get('/vendors', { onRequest: app.guard(['admin', 'vendor']) }, async () => users.vendors());

  app.get('/', { onRequest: admin }, async () => users.list());
  app.get('/:id', { onRequest: admin, schema: { params: idParams } }, async (req) => users.get(req.params.id));
  app.delete('/:id', { onRequest: admin, schema: { params: idParams } }, async (req) => users.delete(req.params.id));
  app.put('/:id', { onRequest: admin, schema: { params: idParams, body: roleChangeSchema } }, async (req) =>
    users.changeRole(req.params.id, req.body.role),
  );
}
