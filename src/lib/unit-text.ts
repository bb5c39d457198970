import { unitText } from '../../core/units';
import { useLanguage } from './i18n';

/**
 * Quantities and "per unit" in the interface language, from core's one formatter (core/units.ts
 * unitText): "1.25 kg" / "1.25 கி.கி.", "₹68 / kg", "per kg" / "ஒரு கிலோவுக்கு"; pieces show no unit.
 */
export const useUnitText = () => unitText(useLanguage());
