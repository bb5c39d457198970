import { isLang, type Lang } from '../../lib/language';

/**
 * What the display keeps on its device: its token (a tablet paired with a till) and the language the
 * customer chose on it (the interface language until then).
 */
const TOKEN_KEY = 'display-token';
const LANG_KEY = 'display-lang';

export const readToken = (): string | null => localStorage.getItem(TOKEN_KEY);
export const saveToken = (token: string | null) => (token ? localStorage.setItem(TOKEN_KEY, token) : localStorage.removeItem(TOKEN_KEY));

export function readDisplayLang(fallback: Lang): Lang {
  const saved = localStorage.getItem(LANG_KEY);
  return isLang(saved) ? saved : fallback;
}
export const saveDisplayLang = (lang: Lang) => localStorage.setItem(LANG_KEY, lang);
