import { PIN_LOCK_MINUTES, PIN_MAX_FAILURES } from '../../../core/pin';

/**
 * Wrong PINs at this till, per person, for the switches checked offline (online the server counts them):
 * as on the server, five in a row lock that person on this till for 15 minutes, and a lock that has run
 * out starts the count again. Kept in localStorage, which outlives a sign-out (src/offline/forget-user.ts),
 * so neither a reload nor signing in again lifts a lock.
 */
export const PIN_LOCKS_KEY = 'till-pin-locks';

interface PinFailures {
  failures: number;
  /** Locked until then (ms). */
  lockedUntil?: number;
}
type Locks = Record<string, PinFailures>;

const keyOf = (deviceId: string, personId: string) => `${deviceId}:${personId}`;

function readAll(): Locks {
  try {
    const raw = JSON.parse(localStorage.getItem(PIN_LOCKS_KEY) ?? '{}') as unknown;
    return raw && typeof raw === 'object' ? (raw as Locks) : {};
  } catch {
    return {};
  }
}

function write(deviceId: string, personId: string, entry: PinFailures | null) {
  const all = readAll();
  if (entry) all[keyOf(deviceId, personId)] = entry;
  else delete all[keyOf(deviceId, personId)];
  try {
    localStorage.setItem(PIN_LOCKS_KEY, JSON.stringify(all));
  } catch {
    /* storage unavailable: the count lives as long as the page */
  }
}

/** How long the person is still locked on this till (ms); 0 when they are not. */
export function lockedFor(deviceId: string, personId: string, now = Date.now()): number {
  const until = readAll()[keyOf(deviceId, personId)]?.lockedUntil ?? 0;
  return Math.max(0, until - now);
}

/** Counts a wrong PIN: the tries left, or the lock the fifth one sets. */
export function noteWrongPin(deviceId: string, personId: string, now = Date.now()): { locked: true } | { locked: false; left: number } {
  const entry = readAll()[keyOf(deviceId, personId)];
  const failures = (entry?.lockedUntil ? 0 : (entry?.failures ?? 0)) + 1;
  if (failures >= PIN_MAX_FAILURES) {
    write(deviceId, personId, { failures: 0, lockedUntil: now + PIN_LOCK_MINUTES * 60_000 });
    return { locked: true };
  }
  write(deviceId, personId, { failures });
  return { locked: false, left: PIN_MAX_FAILURES - failures };
}

/** A right PIN clears the count. */
export const notePinRight = (deviceId: string, personId: string) => write(deviceId, personId, null);
