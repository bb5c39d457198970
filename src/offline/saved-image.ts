import { useEffect, useState } from 'react';
import { showableOffline } from './image-cache';
import { knownOffline, useOfflineStatus } from './status';

/**
 * The image a screen may show for `src`: online, `src` itself; offline, `src` only when this device
 * has it (src/offline/image-cache.ts), so a phone that knows it is offline asks for no photo that can
 * only fail. Answers null for "show the placeholder", and undefined while the cache is being looked at
 * (an empty frame for a moment, rather than the placeholder flashing before the photo).
 */
export function useSavedImage(src: string | null | undefined): string | null | undefined {
  const online = useOfflineStatus((s) => s.online);
  const offline = !online || knownOffline();
  const [found, setFound] = useState<{ src: string; ok: boolean } | null>(null);
  useEffect(() => {
    if (!offline || !src) return;
    let live = true;
    void showableOffline(src).then((ok) => live && setFound({ src, ok }));
    return () => {
      live = false;
    };
  }, [offline, src]);
  if (!src) return null;
  if (!offline) return src;
  if (found?.src !== src) return undefined;
  return found.ok ? src : null;
}
