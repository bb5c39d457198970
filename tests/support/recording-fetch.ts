/**
 * A fetch for replaying a device's outbox in a unit test: answers every request 201 `{}` and keeps the
 * headers each was sent with, in order.
 */
export function recordingFetch(): { fetch: typeof globalThis.fetch; sent: Array<Record<string, string>> } {
  const sent: Array<Record<string, string>> = [];
  const fetch = (async (_url: RequestInfo | URL, init?: RequestInit) => {
    sent.push(init?.headers as Record<string, string>);
    return new Response('{}', { status: 201, headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  return { fetch, sent };
}
