import { pollUntil } from './poll';

export interface SseEvent {
  event: string;
  data: unknown;
}

/**
 * A server-sent event stream read over real HTTP (fetch): the events so far (`event:` and parsed `data:`),
 * `next` to wait for one, and `close`. For the streams of a listening test app (GET /api/events, /api/displays/stream).
 */
export async function openSse(url: string) {
  const controller = new AbortController();
  const res = await fetch(url, { signal: controller.signal });
  const events: SseEvent[] = [];
  let ended = false;
  if (res.ok && res.body) {
    const reader = res.body.getReader();
    void (async () => {
      let text = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          text += Buffer.from(value).toString('utf8');
          let cut: number;
          while ((cut = text.indexOf('\n\n')) >= 0) {
            const block = text.slice(0, cut);
            text = text.slice(cut + 2);
            const event = /^event: (.*)$/m.exec(block);
            const data = /^data: (.*)$/m.exec(block);
            if (event && data) events.push({ event: event[1], data: JSON.parse(data[1]) });
          }
        }
      } catch {
        /* aborted */
      }
      ended = true;
    })();
  }
  /** The first event named `name` (after `from`) that `ok` accepts, waiting up to `ms`. */
  const next = async <T>(name: string, ok: (data: T) => boolean = () => true, ms = 3000, from = 0): Promise<T> => {
    const found = await pollUntil(
      async () => events.slice(from).find((e) => e.event === name && ok(e.data as T)),
      (e) => !!e,
      { timeoutMs: ms, intervalMs: 20, what: `a "${name}" event` },
    );
    return found!.data as T;
  };
  return {
    status: res.status,
    headers: res.headers,
    events,
    next,
    /** Whether the server ended the stream. */
    ended: () => ended,
    close: () => controller.abort(),
  };
}
