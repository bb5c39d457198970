/** The interface languages and their locales (dates, numbers: Indian grouping in both). */
export type Lang = 'en' | 'ta';
export const LANG_STORAGE_KEY = 'lang';
/** The cookie that tells the server the device's language (the sign-in screen is prerendered in both; public/early-submit.js sets it too). */
export const LANG_COOKIE = 'lang';
export const isLang = (v: unknown): v is Lang => v === 'en' || v === 'ta';
export const localeOf = (lang: Lang) => (lang === 'ta' ? 'ta-IN' : 'en-IN');

/** First visit: Tamil when the browser prefers Tamil, else English. */
export function detectLanguage(preferred: readonly string[]): Lang {
  const first = preferred.find((l) => /^(ta|en)\b/i.test(l));
  return first && /^ta\b/i.test(first) ? 'ta' : 'en';
}
