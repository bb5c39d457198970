import { z } from 'zod';
import { DENOMINATIONS, NOTE_COUNT_MAX, SHIFT_AMOUNT_MAX_RUPEES, SHIFT_TEXT_MAX } from '../shift';
import { actTimeSchema, blankToUndefined, byDto, daySchema, idSchema } from './common';

/** Rupees with paise: at least 0 (a float may be nothing), at most 2 decimals. */
const drawerAmount = z
  .number({ error: 'invalidNumeric' })
  .min(0, { error: 'invalidNumeric' })
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, { error: 'handoverAmountDecimals', abort: true })
  .refine((v) => v <= SHIFT_AMOUNT_MAX_RUPEES, { error: 'invalidNumeric' });

/**
 * POST /api/shifts: opens a shift on one of the shop's tills with a float (rupees). `id` lets a till
 * that is offline name the shift it opened, so its later pay-ins and close reach the same shift.
 */
export const openShiftSchema = z.object({
  deviceId: idSchema,
  float: drawerAmount,
  id: z.preprocess(blankToUndefined, idSchema.optional()),
  at: actTimeSchema,
});
export type OpenShiftInput = z.infer<typeof openShiftSchema>;

/** POST /api/shifts/:id/cash: cash put in (`in`) or taken out (`out`) of the drawer, with why. */
export const shiftCashSchema = z.object({
  kind: z.enum(['in', 'out'], { error: 'optionInvalid' }),
  amount: drawerAmount.refine((v) => v > 0, { error: 'paymentAmountPositive' }),
  reason: z.string({ error: 'fillRequired' }).trim().min(1, { error: 'fillRequired' }).max(SHIFT_TEXT_MAX, { error: 'tooLong' }),
  at: actTimeSchema,
});
export type ShiftCashInput = z.infer<typeof shiftCashSchema>;

const noteCount = z
  .number({ error: 'invalidNumeric' })
  .int({ error: 'invalidNumeric' })
  .min(0, { error: 'invalidNumeric' })
  .max(NOTE_COUNT_MAX, { error: 'invalidNumeric' });

/** The drawer as counted: how many of each note, and the coins as one amount in rupees. */
export const drawerCountSchema = z
  .object({
    ...(Object.fromEntries(DENOMINATIONS.map((d) => [d, noteCount.default(0)])) as Record<
      (typeof DENOMINATIONS)[number],
      z.ZodDefault<typeof noteCount>
    >),
    coins: drawerAmount.default(0),
  })
  .strict();
export type DrawerCountInput = z.input<typeof drawerCountSchema>;

/** POST /api/shifts/:id/close: the counted drawer, and a note on any over or short. */
export const closeShiftSchema = z.object({
  counted: drawerCountSchema,
  note: z.preprocess(blankToUndefined, z.string().trim().max(SHIFT_TEXT_MAX, { error: 'tooLong' }).optional()),
  at: actTimeSchema,
});
export type CloseShiftInput = z.infer<typeof closeShiftSchema>;

/** GET /api/shifts?date=: the shop's shifts of a day (default today), optionally of one till. */
export const shiftsQuery = z.object({
  date: z.preprocess(blankToUndefined, daySchema.optional()),
  deviceId: z.preprocess(blankToUndefined, idSchema.optional()),
  vendorId: z.preprocess(blankToUndefined, idSchema.optional()),
});

/** A pay-in or pay-out as listed (rupees). */
export const shiftCashDto = z.object({ kind: z.enum(['in', 'out']), amount: z.number(), reason: z.string(), at: z.string(), by: byDto });

/**
 * A shift (rupees). `expected` is what the drawer should hold now (open) or held at the close;
 * `counted` and `difference` (counted − expected: below 0 is short) are null until it is closed.
 */
export const shiftDto = z.object({
  _id: z.string(),
  deviceId: z.string(),
  tillName: z.string(),
  cashier: byDto,
  openedAt: z.string(),
  closedAt: z.string().nullable(),
  float: z.number(),
  cashSales: z.number(),
  creditCollected: z.number(),
  cashRefunds: z.number(),
  payIns: z.number(),
  payOuts: z.number(),
  expected: z.number(),
  counted: z.number().nullable(),
  difference: z.number().nullable(),
  /** The count by note (whole numbers) and coins (rupees), once closed. */
  count: z.record(z.string(), z.number()).nullable(),
  note: z.string(),
  closedBy: byDto.nullable(),
  cash: z.array(shiftCashDto),
});
export type ShiftDto = z.infer<typeof shiftDto>;

export const shiftsResponse = z.object({ shifts: z.array(shiftDto) });

/** POST /api/shifts/:id/close answers the shift and, at the top, the three figures of the contract. */
export const closeShiftResponse = z.object({ expected: z.number(), counted: z.number(), difference: z.number(), shift: shiftDto });
export type CloseShiftResponse = z.infer<typeof closeShiftResponse>;

/** The shift of `/api/shifts/:id/...`: any text (a malformed id is simply "not found"). */
export const shiftParams = z.object({ id: z.string().max(200) });

/**
 * A shift as the day close lists it (rupees): who counted the drawer at which till, what it should
 * have held and what was counted; `counted` and `difference` are null while it is open, and
 * `expected` is then the running figure.
 */
export const dayShiftDto = z.object({
  _id: z.string(),
  cashier: byDto,
  tillName: z.string(),
  expected: z.number(),
  counted: z.number().nullable(),
  difference: z.number().nullable(),
});
export type DayShiftDto = z.infer<typeof dayShiftDto>;
