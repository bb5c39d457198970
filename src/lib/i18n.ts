import { use, useSyncExternalStore } from 'react';
import type { Catalog, Namespace } from '../locales/catalog';
import { type Lang, detectLanguage, isLang, LANG_COOKIE, LANG_STORAGE_KEY, localeOf } from './language';
import { loadTamilFonts } from './tamil-font';
import { tracked } from './tracked-promise';

/**
 * The interface texts: one catalogue per language (src/locales/<lang>/<namespace>.ts), a namespace per
 * feature. Only the chosen language's namespaces load, each with the screen that uses it (a typed
 * catalogue of our own: about 1 KB, where i18next + react-i18next would add ~17 KB gzip to the first screen).
 */
type Texts = Record<string, string>;
type Loader = () => Promise<{ default: Texts }>;
const files: Record<Lang, Record<string, Loader>> = {
  en: import.meta.glob<{ default: Texts }>('../locales/en/*.ts'),
  ta: import.meta.glob<{ default: Texts }>('../locales/ta/*.ts'),
};
const loaded = new Map<string, Texts>();
/** One promise per catalogue, kept once it has loaded (a failed load is tried again). */
const promises = new Map<string, Promise<Texts>>();

const keyOf = (lang: Lang, ns: string) => `${lang}/${ns}`;

function load(lang: Lang, ns: string): Promise<Texts> {
  const k = keyOf(lang, ns);
  let p = promises.get(k);
  if (!p) {
    const loader = files[lang][`../locales/${lang}/${ns}.ts`];
    if (!loader) throw new Error(`No catalogue ${k}`);
    p = tracked(
      loader().then(
        (m) => (loaded.set(k, m.default), m.default),
        (err: unknown) => {
          promises.delete(k);
          throw err;
        },
      ),
    );
    promises.set(k, p);
  }
  return p;
}

let current: Lang = initialLanguage();
const listeners = new Set<() => void>();
const usedNamespaces = new Set<string>(['common']);

function initialLanguage(): Lang {
  if (typeof localStorage === 'undefined') return 'en';
  const saved = localStorage.getItem(LANG_STORAGE_KEY);
  return isLang(saved) ? saved : detectLanguage(typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]));
}

/**
 * The <html lang>, and a `lang` cookie with the chosen language: the server sends the sign-in screen
 * prerendered in it (server/app.ts), so a Tamil device paints Tamil from the first frame.
 */
function applyToDocument(lang: Lang) {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = localeOf(lang).slice(0, 2);
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${LANG_COOKIE}=${lang}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
}
applyToDocument(current);

export const getLanguage = (): Lang => current;

/**
 * Loads the namespaces in the current language (route loaders call it beside the page's chunk), or in
 * `lang` (a bill in its customer's language).
 */
export const loadNamespaces = (namespaces: readonly Namespace[], lang: Lang = current) =>
  Promise.all(namespaces.map((ns) => (usedNamespaces.add(ns), load(lang, ns)))).then(() => undefined);

/** Switches the interface: loads every namespace already in use in the new language first, so nothing flashes. */
export async function setLanguage(lang: Lang): Promise<void> {
  if (lang === current) return;
  // Tamil waits for its font in both weights too: bold Tamil laid out before it could stay as empty boxes
  await Promise.all([...[...usedNamespaces].map((ns) => load(lang, ns)), lang === 'ta' ? loadTamilFonts() : undefined]);
  current = lang;
  if (typeof localStorage !== 'undefined') localStorage.setItem(LANG_STORAGE_KEY, lang);
  applyToDocument(lang);
  listeners.forEach((l) => l());
}

const subscribe = (l: () => void) => (listeners.add(l), () => void listeners.delete(l));
/** The interface language; components re-render when it changes. */
export const useLanguage = (): Lang => useSyncExternalStore(subscribe, getLanguage, getLanguage);

type Params = Record<string, string | number>;
const fill = (text: string, params?: Params) =>
  params ? text.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m)) : text;

export type Translate<N extends Namespace> = (key: keyof Catalog[N] & string, params?: Params) => string;

/**
 * A namespace's texts outside React (toasts, outbox labels), in the current language or in `lang`:
 * English until the namespace has loaded in that language.
 */
export function translate<N extends Namespace>(ns: N, key: keyof Catalog[N] & string, params?: Params, lang: Lang = current): string {
  const texts = loaded.get(keyOf(lang, ns)) ?? loaded.get(keyOf('en', ns));
  return fill(texts?.[key] ?? key, params);
}

/** `t(key, { n: 3 })` in the current language, or in `lang` (a bill in its own); suspends until the namespace has loaded. */
export function useT<N extends Namespace>(ns: N, lang?: Lang): Translate<N> {
  const ui = useLanguage();
  usedNamespaces.add(ns);
  const texts = use(load(lang ?? ui, ns)); // at once when loaded (a tracked promise): use() is called on every render
  return (key, params) => fill(texts[key] ?? key, params);
}
