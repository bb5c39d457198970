import { z } from 'zod';
import { TILL_BLOCK_MAX } from '../till';
import { idSchema, optionalQueryString } from './common';

export const DEVICE_NAME_MAX = 60;

/** POST /api/devices: register a till of the signed-in vendor. */
export const createDeviceSchema = z.object({
  name: z.string({ error: 'deviceNameRequired' }).trim().min(1, { error: 'deviceNameRequired' }).max(DEVICE_NAME_MAX, { error: 'tooLong' }),
});

/** POST /api/devices/:id/numbers: reserve the till's next block of numbers (this financial year, or the coming one in late March). */
export const reserveNumbersSchema = z.object({
  fy: z
    .string({ error: 'tillYearInvalid' })
    .regex(/^\d{4}-\d{2}$/, { error: 'tillYearInvalid' })
    .optional(),
  count: z
    .number({ error: 'tillBlockSize' })
    .int({ error: 'tillBlockSize' })
    .min(1, { error: 'tillBlockSize' })
    .max(TILL_BLOCK_MAX, { error: 'tillBlockSize' })
    .optional(),
});

export const devicesQuery = z.object({ vendorId: optionalQueryString() });

/** A block of a till's series reserved for it: numbers from..to of the financial year fy. */
export const numberBlockDto = z.object({
  deviceId: z.string(),
  fy: z.string(),
  /** The part of each number before the sequence: "MS-1/26/". */
  series: z.string(),
  from: z.number(),
  to: z.number(),
});
export type NumberBlockDto = z.infer<typeof numberBlockDto>;

export const deviceDto = z.object({
  _id: z.string(),
  vendorId: z.string(),
  name: z.string(),
  tillNo: z.number(),
  /** The head of the till's numbers ("MS-1"): its numbers are MS-1/26/000001 ... */
  series: z.string(),
  createdAt: z.string(),
  retiredAt: z.string().nullable(),
  /** Per financial year: the last number reserved for the till and the last it used. */
  years: z.array(z.object({ fy: z.string(), reservedTo: z.number(), lastUsed: z.number() })),
});
export type DeviceDto = z.infer<typeof deviceDto>;

/** The answer to a registration: the till and its first block of numbers. */
export const createdDeviceDto = deviceDto.extend({ block: numberBlockDto });
export type CreatedDeviceDto = z.infer<typeof createdDeviceDto>;

export const deviceIdParams = z.object({ id: idSchema });
