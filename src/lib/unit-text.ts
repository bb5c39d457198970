import { unitText } from '../../core/units';
import { useLanguage } from './i18n';
import type { Lang } from './language';

/**
 * Quantities and "per unit" in the interface language, or in `lang` (a bill in its own), from core's one
 * formatter (core/units.ts unitText): "1.25 kg" / "1.25 கி.கி.", "₹68 / kg", "per kg" / "ஒரு கிலோவுக்கு"; pieces show no unit.
 */
export function useUnitText(lang?: Lang) {
  const ui = useLanguage();
  return unitText(lang ?? ui);
}
