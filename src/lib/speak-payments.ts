import { type Lang, localeOf } from './language';
import { SPEAK_PAYMENTS_KEY } from './speak-payments-key';

/**
 * The counter says a confirmed UPI payment aloud, as a soundbox does ("₹347 received"), in the interface
 * language. A choice of the device (the counter's speaker, whoever sells at it), on unless switched off.
 */

/** Whether this browser can speak at all (speech synthesis). */
export const canSpeak = (): boolean => typeof window !== 'undefined' && 'speechSynthesis' in window && 'SpeechSynthesisUtterance' in window;

export function speaksPayments(): boolean {
  try {
    return localStorage.getItem(SPEAK_PAYMENTS_KEY) !== 'off';
  } catch {
    return true;
  }
}

export function setSpeaksPayments(on: boolean): void {
  try {
    if (on) localStorage.removeItem(SPEAK_PAYMENTS_KEY);
    else localStorage.setItem(SPEAK_PAYMENTS_KEY, 'off');
  } catch {
    /* storage unavailable: the choice lasts this page */
  }
}

/** Says `text` in `lang` (ta-IN, en-IN) when the device speaks payments and the browser can; never throws. */
export function speakPayment(text: string, lang: Lang): void {
  if (!speaksPayments() || !canSpeak()) return;
  try {
    const u = new SpeechSynthesisUtterance(text);
    u.lang = localeOf(lang);
    // a voice of that language when the device has one; otherwise the browser picks by `lang`
    const voice = window.speechSynthesis.getVoices().find((v) => v.lang.replace('_', '-') === u.lang);
    if (voice) u.voice = voice;
    window.speechSynthesis.cancel();
    window.speechSynthesis.speak(u);
  } catch {
    /* speech refused (no voice, no audio): the screen still says it */
  }
}
