import type { FastifyReply } from 'fastify';

/** A comment line this often keeps proxies and the browser from closing a quiet stream. */
const HEARTBEAT_MS = 20_000;
/** How long the browser waits before it reconnects by itself (the app reconnects with a new ticket). */
const RETRY_MS = 3_000;

/** An open server-sent event stream: send an event, end it, and learn when the client has gone. */
export interface EventStream {
  send(event: string, data: unknown): void;
  end(): void;
  /** Called once when the connection closes (at once if it already has), after the heartbeat stops. */
  onClose(stop: () => void): void;
}

/**
 * Takes the reply over as a server-sent event stream (text/event-stream, never cached nor buffered by a proxy)
 * with its heartbeat: the one way the app's streams (the live order events, the customer display) answer.
 */
export function openEventStream(reply: FastifyReply): EventStream {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-accel-buffering': 'no', // nginx: pass each event on at once
    'x-content-type-options': 'nosniff',
  });
  res.write(`retry: ${RETRY_MS}\n: open\n\n`);
  const beat = setInterval(() => !res.writableEnded && res.write(': ping\n\n'), HEARTBEAT_MS);
  return {
    send: (event, data) => {
      if (!res.writableEnded) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    end: () => res.end(),
    onClose: (stop) => {
      const closed = () => {
        clearInterval(beat);
        stop();
      };
      if (res.destroyed) closed();
      else res.on('close', closed);
    },
  };
}
