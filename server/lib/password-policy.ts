import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { fieldError } from './errors';

/**
 * Which new passwords are refused (NIST SP 800-63B, 3.1.1.2): those on a list of common and breached
 * passwords, repeats and sequences ("aaaaaaaaaaaa", "123456789012"), keyboard walks, and passwords
 * made from the account's own phone number or name or from the shop's name. zxcvbn-ts (with its
 * list of about 49,000 common passwords and its pattern matchers) estimates how many guesses each
 * needs; a password below the floor is refused. Everyone keeps the spec's length rule (6 for
 * customers, vendors and delivery staff); an admin's password guards every account, so it needs 12
 * characters and a much higher floor.
 */
export const ADMIN_PASSWORD_MIN = 12;
/** log10 of the guesses a password must need: 10^5 for everyone, 10^8 for an admin (zxcvbn score 3). */
export const MIN_GUESSES_LOG10 = 5;
export const ADMIN_MIN_GUESSES_LOG10 = 8;

/** What the account is known by: an attacker tries these first. */
export interface PasswordContext {
  phone?: string | null;
  name?: string | null;
  shopName?: string | null;
  admin?: boolean;
}

/** The product's own words, tried by anyone guessing a password here. */
const SITE_WORDS = ['namma', 'kadai', 'nammakadai', 'marketplace', 'admin', 'vendor', 'customer', 'delivery'];

let factory: Promise<ZxcvbnFactory> | undefined;
/** Loaded on the first check (the dictionaries take about 8 MB and 60 ms to build). */
function estimator(): Promise<ZxcvbnFactory> {
  factory ??= (async () => {
    const [{ ZxcvbnFactory: Factory }, common] = await Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]);
    return new Factory({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs });
  })();
  return factory;
}

/** The account's words, lower case: its phone, the parts of its name and shop name. */
function contextWords(ctx: PasswordContext): string[] {
  const words = [ctx.name, ctx.shopName].flatMap((s) => (s ?? '').toLowerCase().split(/[^\p{L}\p{N}]+/u)).filter((w) => w.length >= 3);
  const joined = [ctx.name, ctx.shopName].map((s) => (s ?? '').toLowerCase().replace(/[^\p{L}\p{N}]/gu, '')).filter((w) => w.length >= 3);
  return [...new Set([...(ctx.phone ? [ctx.phone] : []), ...words, ...joined, ...SITE_WORDS])];
}

/**
 * The reason a new password is refused, as the code of the message shown beside the password field, or null.
 * Passwords are never trimmed or changed; blank and whitespace-only ones are refused.
 */
export async function passwordProblem(password: string, ctx: PasswordContext = {}): Promise<(typeof PASSWORD_CODES)[number] | null> {
  if (ctx.admin && password.length < ADMIN_PASSWORD_MIN) return 'adminPasswordTooShort';
  if (!password.trim()) return 'passwordTooGuessable';
  // a password that holds the whole phone number is refused however long it is
  if (ctx.phone && password.replace(/\D/g, '').includes(ctx.phone)) return 'passwordTooGuessable';
  const zxcvbn = await estimator();
  // zxcvbn is quadratic in the length; past 100 characters the first 100 decide
  const result = zxcvbn.check(password.slice(0, 100), contextWords(ctx));
  const floor = ctx.admin ? ADMIN_MIN_GUESSES_LOG10 : MIN_GUESSES_LOG10;
  return result.guessesLog10 < floor ? 'passwordTooGuessable' : null;
}

/** The codes a refused new password answers (declared by the routes that take one). */
export const PASSWORD_CODES = ['adminPasswordTooShort', 'passwordTooGuessable'] as const;

/** Throws 400 `{ message, code, field }` naming the password field when the new password is refused. */
export async function assertPasswordAllowed(password: string, ctx: PasswordContext, field = 'password'): Promise<void> {
  const problem = await passwordProblem(password, ctx);
  if (problem) throw fieldError(field, problem);
}
