import { type Coded, coded } from '../../../core/coded';
import { checkPinAtTill, PIN_LOCK_MINUTES, PIN_PATTERN } from '../../../core/pin';
import type { TillPersonDto } from '../../../core/schemas/staff';
import { lockedFor, notePinRight, noteWrongPin } from './pin-locks';

export type TillCheck = { ok: true; v: Uint8Array } | { ok: false; refusal: Coded };

/**
 * A PIN checked on the till, without the server (core/pin.ts): V when it is the person's, else why not,
 * in the server's own words (wrong with the tries left, locked, no PIN yet). While the person is locked
 * on this till even the right PIN is refused.
 */
export async function checkPinOnTill(
  deviceId: string,
  person: TillPersonDto,
  pin: string,
  now: () => number = Date.now,
): Promise<TillCheck> {
  if (!person.pin) return { ok: false, refusal: coded('pinNotSet', { name: person.name }) };
  if (!PIN_PATTERN.test(pin)) return { ok: false, refusal: coded('pinFormat') };
  const locked = lockedFor(deviceId, person._id, now());
  if (locked > 0) return { ok: false, refusal: coded('pinLocked', { minutes: Math.ceil(locked / 60_000) }) };
  const v = await checkPinAtTill(pin, person.pin);
  if (v) {
    notePinRight(deviceId, person._id);
    return { ok: true, v };
  }
  const wrong = noteWrongPin(deviceId, person._id, now());
  return { ok: false, refusal: wrong.locked ? coded('pinLocked', { minutes: PIN_LOCK_MINUTES }) : coded('pinWrong', { left: wrong.left }) };
}
