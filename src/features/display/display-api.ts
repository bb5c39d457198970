/**
 * The display's own calls (server/routes/displays.ts). Plain fetch, not the app's client: the display is not
 * signed in, and a refusal here (a display unpaired) must never end the session of someone signed in on
 * the same browser.
 */
export class DisplayApiError extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
  }
}

async function post<T>(path: string, body?: unknown): Promise<T> {
  const res = await fetch(`/api/displays${path}`, {
    method: 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new DisplayApiError(res.status);
  return (await res.json()) as T;
}

/** POST /api/displays: a new code to pair this display, and its token. */
export const newPairing = () => post<{ code: string; token: string; expiresAt: string }>('');

/** POST /api/displays/ticket: a one-minute ticket for the stream (401: the token opens nothing any more). */
export const streamTicket = (token: string) => post<{ ticket: string }>('/ticket', { token });

export const streamUrl = (ticket: string) => `/api/displays/stream?ticket=${encodeURIComponent(ticket)}`;
