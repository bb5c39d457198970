import type { DisplayDto } from '../../../core/schemas/display';
import { api } from '../../lib/api';

/**
 * Whether this device's counter has a tablet paired as its customer display, per shop (localStorage): only
 * then does it send its bills to the server (display-relay.ts). Set when a code is entered here; cleared
 * when the server says no display follows the till any more (unpaired, here or from another counter).
 */
const KEY = 'display-paired';
const listeners = new Set<() => void>();

function readAll(): Record<string, true> {
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) ?? '{}') as unknown;
    return raw && typeof raw === 'object' ? (raw as Record<string, true>) : {};
  } catch {
    return {};
  }
}

export const displayPaired = (shopKey: string | undefined): boolean => !!shopKey && !!readAll()[shopKey];

export function setDisplayPaired(shopKey: string, paired: boolean): void {
  const all = readAll();
  if (paired) all[shopKey] = true;
  else delete all[shopKey];
  localStorage.setItem(KEY, JSON.stringify(all));
  listeners.forEach((l) => l());
}

export function subscribeDisplayPaired(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
export const displayPairedSnapshot = (): string | null => localStorage.getItem(KEY);

/** POST /api/displays/pair: the code the tablet shows, and this device's till. */
export const pairDisplay = (code: string, deviceId: string | undefined) =>
  api.post<DisplayDto & { message: string }>('displays/pair', { code, ...(deviceId ? { deviceId } : {}) });

/** GET /api/displays: the shop's paired displays. */
export const fetchDisplays = () => api.get<DisplayDto[]>('displays');

/** DELETE /api/displays/:id */
export const unpairDisplay = (id: string) => api.delete<{ message: string }>(`displays/${encodeURIComponent(id)}`);
