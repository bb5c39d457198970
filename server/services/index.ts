import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db';
import { RateLimiter } from '../lib/rate-limiter';
import { SessionService } from './auth.service';
import { createSmsSender } from './sms.service';
import { UsersService } from './users.service';

/** Every service the routes call, built once per app. */
export function createServices(db: Db, config: Config, log: FastifyBaseLogger) {
  const sessions = new SessionService(db, config.sessionDays);
  const sms = createSmsSender(config.sms, log);
  return {
    db,
    config,
    sessions,
    users: new UsersService(db, sessions, sms),
    limits: {
      login: new RateLimiter(config.rateLimits.login),
      register: new RateLimiter(config.rateLimits.register),
      registerPhone: new RateLimiter(config.rateLimits.registerPhone),
      verify: new RateLimiter(config.rateLimits.verify),
      forgot: new RateLimiter(config.rateLimits.forgot),
      reset: new RateLimiter(config.rateLimits.reset),
    },
  };
}
export type Services = ReturnType<typeof createServices>;
