import type { DisplayMessage, DisplayPaidEvent, DisplayStatusEvent } from '../../../core/schemas/display';
import { DisplayApiError, newPairing, streamTicket, streamUrl } from './display-api';
import { readToken, saveToken } from './display-store';

/** Where the display stands with the server: showing its code to be entered at a counter, or paired with a shop. */
export type ServerPairing = { kind: 'code'; code: string; expiresAt: number } | { kind: 'paired'; shop: string };

export interface ServerEvents {
  pairing(p: ServerPairing): void;
  /** The stream is open (true) or down, trying again (false). */
  connected(up: boolean): void;
  message(m: DisplayMessage): void;
  paid(orderId: string): void;
}

const MAX_BACKOFF_MS = 30_000;

/**
 * The display's stream from the server (GET /api/displays/stream): with its saved token, or a new code and
 * token when it has none (or the server no longer knows it). A code not entered in time is replaced by a new
 * one; a display unpaired at the counter shows a new code. Each connection takes a new one-minute ticket;
 * a dropped one is opened again after a growing wait (1 s doubling to 30 s). Answers the stop.
 */
export function connectDisplay(on: ServerEvents): () => void {
  let stopped = false;
  let source: EventSource | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let codeTimer: ReturnType<typeof setTimeout> | undefined;
  let backoff = 1000;
  let paired = false;

  const close = () => {
    source?.close();
    source = null;
  };
  const retry = () => {
    if (stopped) return;
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => void run(), backoff);
    backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
  };
  /** Starts again with a new code (the old token opens nothing). */
  const anew = () => {
    paired = false;
    saveToken(null);
    close();
    clearTimeout(retryTimer);
    void run();
  };
  const freshToken = async (): Promise<string> => {
    const p = await newPairing();
    saveToken(p.token);
    const expiresAt = Date.parse(p.expiresAt);
    on.pairing({ kind: 'code', code: p.code, expiresAt });
    clearTimeout(codeTimer);
    codeTimer = setTimeout(() => !paired && !stopped && anew(), Math.max(expiresAt - Date.now(), 1000));
    return p.token;
  };
  const ticketFor = async (): Promise<string> => {
    const saved = readToken();
    if (saved) {
      try {
        return (await streamTicket(saved)).ticket;
      } catch (err) {
        if (!(err instanceof DisplayApiError && err.status === 401)) throw err;
        saveToken(null);
      }
    }
    return (await streamTicket(await freshToken())).ticket;
  };

  const run = async () => {
    if (stopped) return;
    close();
    let ticket: string;
    try {
      ticket = await ticketFor();
    } catch {
      on.connected(false);
      return retry();
    }
    if (stopped) return;
    const es = new EventSource(streamUrl(ticket));
    source = es;
    const read = <T>(e: Event) => JSON.parse((e as MessageEvent<string>).data) as T;
    es.addEventListener('open', () => {
      backoff = 1000;
      on.connected(true);
    });
    es.addEventListener('display', (e) => {
      const status = read<DisplayStatusEvent>(e);
      if (status.paired) {
        paired = true;
        clearTimeout(codeTimer);
        on.pairing({ kind: 'paired', shop: status.shop ?? '' });
      } else if (paired) anew(); // unpaired at the counter
    });
    es.addEventListener('state', (e) => on.message(read<DisplayMessage>(e)));
    es.addEventListener('payment', (e) => on.paid(read<DisplayPaidEvent>(e).orderId));
    es.addEventListener('error', () => {
      if (source !== es) return;
      close();
      on.connected(false);
      retry();
    });
  };

  void run();
  return () => {
    stopped = true;
    clearTimeout(retryTimer);
    clearTimeout(codeTimer);
    close();
  };
}
