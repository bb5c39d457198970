import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/** Scroll positions by history entry (react-router's location.key), also kept for a reload of the tab. */
const STORE_KEY = 'scroll-positions';
const positions = new Map<string, number>(readStored());

function readStored(): Array<[string, number]> {
  try {
    return JSON.parse(sessionStorage.getItem(STORE_KEY) ?? '[]') as Array<[string, number]>;
  } catch {
    return [];
  }
}

function store() {
  try {
    // the 50 newest entries are plenty for Back
    sessionStorage.setItem(STORE_KEY, JSON.stringify([...positions].slice(-50)));
  } catch {
    /* storage unavailable */
  }
}

/**
 * True when this page load is a reload or Back/Forward into the app: an address typed or a link
 * opened anew starts where the page starts (the first entry of every load shares its key, so a
 * saved position would otherwise follow a fresh visit, e.g. the sale screen opened again after a sale).
 */
function pageReturnedTo(): boolean {
  const nav = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  return nav?.type === 'reload' || nav?.type === 'back_forward';
}

/** How long Back waits for a screen's content (saved lists draw from IndexedDB) to be tall enough. */
const RESTORE_FOR_MS = 3000;
/** How long the position (the top, for a new screen) is held once reached. */
const SETTLE_MS = 600;
/** A move this large while the position is held is the user's (or a script's) own scrolling. */
const TAKEN_OVER_PX = 120;

/**
 * Scroll like a browser does for pages, for this single-page app (BrowserRouter has no
 * ScrollRestoration): a new screen starts at the top; Back and Forward return to where that screen
 * was scrolled, waiting for its content to load; a replaced URL on the same screen (filters, Load
 * More) keeps the position.
 */
export function ScrollMemory() {
  const location = useLocation();
  const { pathname } = location;
  // the entry's key with its address: the first entry of every page load has the key "default"
  const key = `${location.key}|${pathname}${location.search}`;
  const type = useNavigationType();
  const shownPath = useRef(pathname);

  useLayoutEffect(() => {
    if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
  }, []);

  // remember this entry's position as the user scrolls (saving at leave time would read the next screen's)
  useEffect(() => {
    const save = () => positions.set(key, window.scrollY);
    const flush = () => store();
    window.addEventListener('scroll', save, { passive: true });
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('scroll', save);
      window.removeEventListener('pagehide', flush);
      store();
    };
  }, [key]);

  const firstRun = useRef(true);

  useLayoutEffect(() => {
    const samePath = shownPath.current === pathname;
    shownPath.current = pathname;
    // mounted after the first page has drawn (the layout loads this with the menus): leave the page
    // where the user has it, unless this is a reload of a page with a saved position
    const mounting = firstRun.current;
    firstRun.current = false;
    if (mounting && !(type === 'POP' && positions.has(key) && pageReturnedTo())) return;
    if (type === 'REPLACE' && samePath) {
      positions.set(key, window.scrollY);
      return;
    }
    const target = type === 'POP' ? (positions.get(key) ?? 0) : 0;
    const until = Date.now() + RESTORE_FOR_MS;
    let frame = 0;
    let stopped = false;
    const stop = () => {
      stopped = true;
      cancelAnimationFrame(frame);
    };
    let reachedAt = 0;
    const attempt = () => {
      if (stopped) return;
      // once there, a big move is someone scrolling on purpose (a small one is late content nudging the page)
      if (reachedAt && Math.abs(window.scrollY - target) > TAKEN_OVER_PX) return;
      const reachable = document.documentElement.scrollHeight - window.innerHeight;
      if (Math.round(window.scrollY) !== Math.round(Math.min(target, Math.max(reachable, 0))))
        window.scrollTo(0, Math.min(target, Math.max(reachable, 0)));
      // once there, hold the position a moment longer: late content (a refreshed list) may still move it
      if (reachable >= target) reachedAt ||= Date.now();
      if ((reachedAt && Date.now() - reachedAt > SETTLE_MS) || Date.now() > until) return;
      frame = requestAnimationFrame(attempt);
    };
    attempt();
    // the user taking over ends the wait
    const opts = { passive: true, once: true } as const;
    window.addEventListener('wheel', stop, opts);
    window.addEventListener('touchstart', stop, opts);
    window.addEventListener('keydown', stop, opts);
    return () => {
      stop();
      window.removeEventListener('wheel', stop);
      window.removeEventListener('touchstart', stop);
      window.removeEventListener('keydown', stop);
    };
  }, [key, pathname, type]);

  return null;
}
