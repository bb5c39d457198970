import { useEffect, useRef } from 'react';
import type { LiveOrderEvent } from '../../core/schemas/push';
import { useSession } from '../stores/session';
import { api } from '../lib/api';
import { knownOffline } from '../offline/status';

/**
 * Live order events for open screens (GET /api/events, server-sent events). One stream per tab,
 * shared by every mounted screen, opened while one is mounted and a user is signed in. EventSource
 * sends no headers: each connection first gets a one-minute, single-use ticket (POST
 * /api/events/ticket), so the browser's own reconnect (which would reuse a spent ticket) is replaced
 * by ours, with a fresh ticket and a growing wait (1 s doubling to 30 s; at once when the device
 * comes back online, and never while the browser knows it is offline). A reconnect tells every screen to refresh: events missed while the stream was
 * down are caught up by reloading, and meanwhile each screen shows its saved data.
 */

type Listener = (event: LiveOrderEvent | null) => void;
const listeners = new Set<Listener>();
let source: EventSource | null = null;
let retry: ReturnType<typeof setTimeout> | undefined;
let backoff = 1000;
let opened = false;
let generation = 0;

const MAX_BACKOFF_MS = 30_000;

function emit(event: LiveOrderEvent | null) {
  for (const l of listeners) l(event);
}

async function connect() {
  const mine = ++generation;
  clearTimeout(retry);
  source?.close();
  source = null;
  if (!listeners.size || !useSession.getState().userInfo) return;
  // no connection as far as the browser knows: the `online` event connects (onOnline), nothing is tried meanwhile
  if (knownOffline()) return;
  let ticket: string;
  try {
    ticket = (await api.post<{ ticket: string }>('events/ticket')).ticket;
  } catch {
    return scheduleReconnect(mine);
  }
  if (mine !== generation || !listeners.size) return;
  const es = new EventSource(`/api/events?ticket=${encodeURIComponent(ticket)}`);
  source = es;
  es.addEventListener('open', () => {
    backoff = 1000;
    // a reconnect: whatever changed while the stream was down is caught up by a reload
    if (opened) emit(null);
    opened = true;
  });
  es.addEventListener('order', (e) => {
    try {
      emit(JSON.parse((e as MessageEvent<string>).data) as LiveOrderEvent);
    } catch {
      /* not an event of ours */
    }
  });
  es.addEventListener('error', () => {
    if (mine !== generation) return;
    es.close();
    source = null;
    scheduleReconnect(mine);
  });
}

function scheduleReconnect(mine: number) {
  if (mine !== generation || !listeners.size) return;
  clearTimeout(retry);
  retry = setTimeout(() => void connect(), backoff);
  backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
}

function onOnline() {
  backoff = 1000;
  if (!source || source.readyState === EventSource.CLOSED) void connect();
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  if (listeners.size === 1) {
    window.addEventListener('online', onOnline);
    void connect();
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size) return;
    window.removeEventListener('online', onOnline);
    generation++;
    clearTimeout(retry);
    source?.close();
    source = null;
    opened = false;
  };
}

/** Waits this long after an event before refreshing, so a burst of orders makes one reload. */
const DEBOUNCE_MS = 250;

/**
 * Calls `refresh` (debounced) when an order event `concerns` the screen, and after a reconnect.
 * `concerns` and `refresh` may change between renders; the stream stays open.
 */
export function useLiveOrders(concerns: (event: LiveOrderEvent) => boolean, refresh: () => void): void {
  const userId = useSession((s) => s.userInfo?._id ?? null);
  const latest = useRef({ concerns, refresh });
  latest.current = { concerns, refresh };
  useEffect(() => {
    if (!userId) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = subscribe((event) => {
      if (event && !latest.current.concerns(event)) return;
      clearTimeout(timer);
      timer = setTimeout(() => latest.current.refresh(), DEBOUNCE_MS);
    });
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [userId]);
}
