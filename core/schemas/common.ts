import { z } from 'zod';

/** Blank text from a form or a query string is "not given". */
export const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

export const idSchema = z.uuid({ error: 'idInvalid' });
export const idParams = z.object({ id: idSchema });

/** Optional positive integer from a query string, with a default and a cap. */
export const pageNumber = (def: number) => z.coerce.number().int().min(1).max(100000).default(def);
export const pageSize = (def: number, max = 100) => z.coerce.number().int().min(1).max(max).default(def);

/** Query-string number that may be blank ("" means not given). */
export const optionalQueryNumber = z.preprocess(
  (v) => (v === '' || v === undefined || v === null ? undefined : v),
  // prices never exceed ₹1 crore, so a larger bound means "no bound" (and stays inside integer paise)
  z.coerce
    .number()
    .min(0)
    .max(1e12)
    .transform((v) => Math.min(v, 10_000_000))
    .optional(),
);

export const optionalQueryString = (max = 200) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().trim().max(max).optional());

/** A money amount in rupees sent by a client: non-negative, at most 2 decimals. */
export const rupees = z
  .number({ error: 'invalidNumeric' })
  .min(0, { error: 'invalidNumeric' })
  .max(10_000_000, { error: 'invalidNumeric' });

/**
 * Dates a client may send: real calendar days from 2000 to 2100. Anything else is a typing mistake,
 * and some values (year 0, year 99999) are outside what the database or the JS Date can hold.
 */
export const DAY_MIN = '2000-01-01';
export const DAY_MAX = '2100-12-31';

/** True for a YYYY-MM-DD text naming a real day (no 2026-02-30) inside the range. */
export function isDayInRange(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s) || s < DAY_MIN || s > DAY_MAX) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/** A YYYY-MM-DD day within DAY_MIN..DAY_MAX. */
export const daySchema = z.string({ error: 'dayInvalid' }).refine(isDayInRange, { error: 'dayInvalid' });

/** An ISO 8601 date-time with an offset whose instant falls within DAY_MIN..DAY_MAX (UTC). */
export const dateTimeSchema = z.iso.datetime({ offset: true, error: 'dateTimeInvalid' }).refine(
  (s) => {
    const t = Date.parse(s);
    return !Number.isNaN(t) && t >= Date.parse(`${DAY_MIN}T00:00:00Z`) && t < Date.parse(`${DAY_MAX}T00:00:00Z`) + 86_400_000;
  },
  { error: 'dateTimeInvalid' },
);

/**
 * `at`: when the user tapped, by the device's clock (ISO 8601 with offset), set when the act was saved
 * on the device, not when it was sent. The server dates the act by it within core/act-time.ts's
 * limits; left out (online), the server's time.
 */
export const actTimeSchema = dateTimeSchema.optional();

/**
 * The one error shape: `{ message, code, params?, field? }`. `code` names the message (core/messages.ts,
 * core/rule-messages.ts), `params` its values, `field` the request field it is about; `message` is its
 * text in the request's language. Extra fields where a conflict carries data (current prices).
 */
export const errorResponse = z.looseObject({
  message: z.string(),
  code: z.string(),
  params: z.record(z.string(), z.unknown()).optional(),
  field: z.string().optional(),
});
/** A coded message inside an answer (a report's warnings): its code, values and text in the request's language. */
export const codedMessage = z.object({ code: z.string(), params: z.record(z.string(), z.unknown()).optional(), message: z.string() });
/** A success note: its text and its code (translated like an error). */
export const messageResponse = z.object({ message: z.string(), code: z.string() });

/** Who did something: the person's account id and the name their shop knows them by. */
export const byDto = z.object({ _id: z.string(), name: z.string() });
export type ByDto = z.infer<typeof byDto>;

/** `?staffId=`: one person of the caller's shop (the owner's id or a staff member's `_id`); blank is everyone. */
export const staffIdQuery = z.preprocess((v) => (v === '' ? undefined : v), idSchema.optional());
