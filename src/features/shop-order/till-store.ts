import type { TillState } from '../../../core/till';

/**
 * This browser as a till (core/till.ts), kept in localStorage per vendor account: its device id, its
 * series prefix and the blocks of numbers the server reserved for it. Written synchronously before a
 * bill is shown, so a reload never gives a number twice. The key outlives a sign-out
 * (src/offline/forget-user.ts keeps it): the numbers belong to the device, not to the session.
 */
export const TILL_KEY = 'till';

type Tills = Record<string, TillState>;

function readAll(): Tills {
  try {
    const raw = JSON.parse(localStorage.getItem(TILL_KEY) ?? '{}') as unknown;
    return raw && typeof raw === 'object' ? (raw as Tills) : {};
  } catch {
    return {};
  }
}

/** The till of this device for the vendor `userId`, if it was registered here. */
export const readTill = (userId: string | undefined): TillState | null => (userId ? (readAll()[userId] ?? null) : null);

const listeners = new Set<() => void>();

/** Calls `listener` whenever this page saves a till (registered, topped up, retired); answers the unsubscribe. */
export function subscribeTills(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** What the tills are saved as now: a snapshot that changes whenever one does. */
export const tillsSnapshot = (): string | null => localStorage.getItem(TILL_KEY);

/** Saves (or with null, forgets) this device's till for the vendor `userId`. */
export function saveTill(userId: string, state: TillState | null): void {
  const all = readAll();
  if (state) all[userId] = state;
  else delete all[userId];
  localStorage.setItem(TILL_KEY, JSON.stringify(all));
  listeners.forEach((l) => l());
}
