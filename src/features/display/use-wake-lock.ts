import { useEffect } from 'react';

type WakeLock = { request(type: 'screen'): Promise<{ release(): Promise<void> }> };

/** Asks the browser to keep the screen on, again each time the page comes back into view; answers how to stop. */
function keepScreenOn(): () => void {
  const wake = (navigator as Navigator & { wakeLock?: WakeLock }).wakeLock;
  if (!wake) return () => undefined;
  let lock: { release(): Promise<void> } | null = null;
  const ask = () => {
    if (document.visibilityState !== 'visible') return;
    wake.request('screen').then(
      (l) => (lock = l),
      () => undefined,
    );
  };
  ask();
  document.addEventListener('visibilitychange', ask);
  return () => {
    document.removeEventListener('visibilitychange', ask);
    lock?.release().catch(() => undefined);
  };
}

/** Keeps the screen on while the display is shown (where the browser allows it). */
export function useWakeLock(): void {
  useEffect(keepScreenOn, []);
}
