import type { DisplayMessage } from '../../../core/schemas/display';
import { api } from '../../lib/api';
import { lastPublished, onPublish } from '../../lib/display-channel';

/** Bills sent this long after the last change (a scan burst makes one request); a failed send is tried again after RETRY_MS. */
const DEBOUNCE_MS = 250;
const RETRY_MS = 5_000;

/**
 * Sends the till's bills to the server for its paired tablet (PUT /api/displays/state), the newest only,
 * debounced: the last one at once when it starts (the display shows the current bill), then each change.
 * Offline, a bill is tried again later (a newer one replaces it). `onNone`: the server says no display
 * follows this till any more. Loaded only while a display is paired; answers the stop, which still sends
 * the last bill.
 */
export function startDisplayRelay(deviceId: string | undefined, onNone: () => void): () => void {
  let pending: DisplayMessage | null = lastPublished();
  let sending = false;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const schedule = (ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(() => void send(), ms);
  };
  /** Sends the pending bill; once stopped, only the last one (`last`), and nothing is tried again. */
  const send = async (last = false) => {
    if (!pending || sending || (stopped && !last)) return;
    const message = pending;
    pending = null;
    sending = true;
    try {
      const { displays } = await api.put<{ displays: number }>('displays/state', { ...message, ...(deviceId ? { deviceId } : {}) });
      if (displays === 0 && !stopped) onNone();
    } catch {
      sending = false;
      if (stopped) return;
      // offline or refused: this bill again later, unless a newer one came meanwhile
      pending ??= message;
      return schedule(RETRY_MS);
    }
    sending = false;
    if (pending && stopped) void send(true);
    else if (pending) schedule(DEBOUNCE_MS);
  };

  const unsubscribe = onPublish((m) => {
    pending = m;
    if (!sending) schedule(DEBOUNCE_MS);
  });
  if (pending) schedule(0);
  return () => {
    unsubscribe();
    clearTimeout(timer);
    stopped = true;
    // the last bill still goes (the counter closing sends the welcome)
    void send(true);
  };
}
