import { actTimeError, type ActTimeRule } from '../../core/act-time';
import { HttpError } from './errors';

/**
 * The time an act is dated by: the `at` the device sent (checked by core/act-time.ts; refused with a
 * coded 400 on `field`), or undefined when none was sent (online: the caller uses its own clock).
 */
export function sentActTime(sent: string | undefined, field: string, rule: ActTimeRule = {}): Date | undefined {
  if (sent === undefined) return undefined;
  const at = new Date(sent);
  const err = actTimeError(at, rule);
  if (err) throw new HttpError(400, err, { field });
  return at;
}

/** What a route taking an act's time may answer for it (a payment answers actTimeBeforeCustomer instead). */
export const ACT_TIME_CODES = ['actTimeFuture', 'actTimeTooOld', 'actTimeBeforeOrder'] as const;
