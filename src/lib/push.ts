import { useEffect, useRef } from 'react';
import { api } from './api';

/**
 * Web Push on this device: asked for only from a button that says why (src/components/push-button.tsx),
 * removed at logout. The subscription's endpoint and keys go to the server with the areas a rider follows.
 */

export const pushSupported = (): boolean =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** The VAPID public key (base64url) as the bytes PushManager.subscribe takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const raw = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** This device's current push subscription, if any. */
async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const reg = await navigator.serviceWorker.getRegistration();
  return (await reg?.pushManager.getSubscription()) ?? null;
}

/** True when this device has a push subscription and the permission stands. */
export async function pushEnabled(): Promise<boolean> {
  return Notification.permission === 'granted' && !!(await currentSubscription());
}

/** How long subscribing may take once permission is given: a browser whose push service does not answer is given up on. */
export const PUSH_SUBSCRIBE_TIMEOUT_MS = 10_000;

/**
 * Asks for permission (the caller's click is the gesture), subscribes this device and saves it on the
 * server. Answers 'on', or 'denied' when the person (or the browser) said no; throws when subscribing
 * fails or takes longer than PUSH_SUBSCRIBE_TIMEOUT_MS (the person's own time to decide is not counted).
 */
export async function enablePush(areas?: string[]): Promise<'on' | 'denied'> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return 'denied';
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('push service did not answer')), PUSH_SUBSCRIBE_TIMEOUT_MS);
  });
  try {
    await Promise.race([subscribeAndSave(areas), timeout]);
  } finally {
    clearTimeout(timer);
  }
  return 'on';
}

async function subscribeAndSave(areas?: string[]): Promise<void> {
  const reg = await navigator.serviceWorker.ready;
  const { publicKey } = await api.get<{ publicKey: string }>('push/public-key');
  const sub =
    (await reg.pushManager.getSubscription()) ??
    (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  const json = sub.toJSON();
  await api.post('push/subscriptions', { endpoint: json.endpoint, keys: json.keys, ...(areas ? { areas } : {}) });
}

/**
 * Logout: removes this device's subscription on the server (while the session still stands) and in
 * the browser. Best effort: offline, the browser's subscription still ends, and the server drops its
 * row when the push service answers 404/410 for it.
 */
export async function removePushOnLogout(): Promise<void> {
  try {
    const sub = await currentSubscription();
    if (!sub) return;
    await api.delete('push/subscriptions', { json: { endpoint: sub.endpoint } }).catch(() => {});
    await sub.unsubscribe().catch(() => false);
  } catch {
    /* nothing to remove */
  }
}

/**
 * Reads whether this device is subscribed (the browser's own push subscription, not the API) and
 * hands `on` (subscribed and `covered`) to `onState`, again when `covered` changes.
 */
export function usePushState(covered: boolean, onState: (on: boolean) => void) {
  const report = useRef(onState);
  report.current = onState;
  useEffect(() => {
    if (!pushSupported()) return;
    let live = true;
    void pushEnabled().then((on) => live && report.current(on && covered));
    return () => {
      live = false;
    };
  }, [covered]);
}
