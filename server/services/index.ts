import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db';
import { CodeGuesses } from '../lib/one-time-code';
import { RateCounters, RateLimiter } from '../lib/rate-limiter';
import { SessionService } from './auth.service';
import { LoginGuard } from './login-guard';
import { PhoneCodesService } from './phone-codes.service';
import { capSmsSender, createSmsSender } from './sms.service';
import { UsersService } from './users.service';

/** Every service the routes call, built once per app. */
export function createServices(db: Db, config: Config, log: FastifyBaseLogger) {
  const sessions = new SessionService(db, config.sessionDays);
  const counters = new RateCounters(db);
  const sms = capSmsSender(createSmsSender(config.sms, log), counters, log);
  const loginGuard = new LoginGuard(db);
  const phoneCodes = new PhoneCodesService(db, sessions, sms, new CodeGuesses(counters), loginGuard);
  const rules = config.rateLimits;
  return {
    db,
    config,
    sessions,
    phoneCodes,
    users: new UsersService(db, sessions, loginGuard, phoneCodes),
    // counted in the database (rate_counters), so every API process shares them
    limits: {
      login: new RateLimiter(counters, 'login', rules.login),
      register: new RateLimiter(counters, 'register', rules.register),
      registerPhone: new RateLimiter(counters, 'register-phone', rules.registerPhone),
      verify: new RateLimiter(counters, 'verify', rules.verify),
      forgot: new RateLimiter(counters, 'forgot', rules.forgot),
      reset: new RateLimiter(counters, 'reset', rules.reset),
      /** Phone-change requests (each texts a code), per account and per new phone: the registerPhone rule. */
      phoneChange: new RateLimiter(counters, 'phone-change', rules.registerPhone),
      /** Phone-change codes checked, per client address and per phone: the verify rule. */
      verifyPhone: new RateLimiter(counters, 'verify-phone', rules.verify),
    },
  };
}
export type Services = ReturnType<typeof createServices>;
