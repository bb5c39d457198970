import { ACTED_BY_HEADER, actedByValue } from '../../../core/pin';
import { setQueuedHeaders } from '../../offline/actions';

/**
 * The person switched in by PIN while the till had no connection, and the V their PIN gave (core/pin.ts):
 * held in this page's memory only, never stored. Everything queued meanwhile carries X-Acted-By, their
 * proof over the request's Idempotency-Key, so the server records it as theirs though the till's account
 * sends it.
 */
let acting: { personId: string; v: Uint8Array } | null = null;

export function actAs(personId: string, v: Uint8Array): void {
  acting = { personId, v };
  setQueuedHeaders(async (key) => ({ [ACTED_BY_HEADER]: await actedByValue(personId, v, key) }));
}

export function stopActing(): void {
  acting = null;
  setQueuedHeaders(null);
}

/** Whether this page can still sign for the person (after a reload it cannot: they enter their PIN again). */
export const canActFor = (personId: string): boolean => acting?.personId === personId;

/** A person is at the till but their PIN is not in this page: nothing is queued in anyone's name until they enter it. */
export function holdActs(): void {
  acting = null;
  setQueuedHeaders(() => Promise.reject(new Error('The person at the till enters their PIN first.')));
}
