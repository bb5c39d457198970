/**
 * Adding the app to the home screen. Chromium (Android Chrome, desktop Chrome and Edge) fires
 * `beforeinstallprompt` once, early in the page's life, and the chance is lost unless it is caught then:
 * src/main.tsx catches it at once with one listener, and this module (loaded after the first paint, out of
 * the first bundle) adopts it and keeps it for the hint a customer sees after a first order
 * (src/features/orders/install-hint.tsx). Safari on the iPhone and Firefox have no such event.
 */

interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
}

import { INSTALL_HINT_KEY } from './install-hint-key';

export { INSTALL_HINT_KEY };

/** What the browser offered: its install dialog (the event), or that the app was installed since the page opened. */
let state: { prompt: InstallPromptEvent | null; installed: boolean } = { prompt: null, installed: false };
const listeners = new Set<() => void>();
const set = (next: typeof state) => {
  state = next;
  listeners.forEach((l) => l());
};

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (e) => {
    // no browser banner of its own: the app offers the install when it suits, after a first order
    e.preventDefault();
    set({ ...state, prompt: e as InstallPromptEvent });
  });
  window.addEventListener('appinstalled', () => {
    try {
      localStorage.setItem(INSTALL_HINT_KEY, '1');
    } catch {
      /* storage unavailable */
    }
    set({ prompt: null, installed: true });
  });
}

/** The install offer now (for useSyncExternalStore with onInstallChange). */
export const installState = () => state;

/** Called when the install chance comes or goes (the event fired, the app was installed). */
export function onInstallChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows the browser's install dialog (once: an event serves one prompt; the browser may offer another later). */
export async function promptInstall(): Promise<void> {
  const event = state.prompt;
  if (!event) return;
  set({ ...state, prompt: null });
  await event.prompt();
}

/** The prompt src/main.tsx caught before this module loaded. */
export function adoptEarlyPrompt(event: Event | undefined): void {
  if (event && !state.prompt) set({ ...state, prompt: event as InstallPromptEvent });
}
