import type { Lang } from '../../lib/language';

/** The Indian steps of a large amount, with their words in each language. */
const STEPS: Array<{ size: number; en: string; ta: string }> = [
  { size: 1e7, en: 'crore', ta: 'கோடி' },
  { size: 1e5, en: 'lakh', ta: 'லட்சம்' },
  { size: 1e3, en: '', ta: 'ஆயிரம்' },
];

const grouped = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
const short = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 1 });

/**
 * A chart axis's rupees as a reader says them: ₹2,000, ₹1.5 lakh, ₹2 crore in English; ₹2 ஆயிரம்,
 * ₹1.5 லட்சம், ₹2 கோடி in Tamil (Intl's compact Tamil writes "₹2ஆ", which nobody reads). Digits stay
 * the usual ones in both.
 */
export function axisRupees(rupees: number, lang: Lang): string {
  const sign = rupees < 0 ? '−' : '';
  const n = Math.abs(rupees);
  const step = STEPS.find((s) => n >= s.size && (lang === 'ta' || s.en !== ''));
  if (!step) return `${sign}₹${grouped.format(n)}`;
  return `${sign}₹${short.format(n / step.size)} ${lang === 'ta' ? step.ta : step.en}`;
}
