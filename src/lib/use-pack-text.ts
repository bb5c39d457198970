import { formatPacks, type Pack } from '../../core/packs';
import { toMilli } from '../../core/units';
import { useLanguage } from './i18n';

/** Stock as packs and the rest in the interface language ("3 bags 12.5 kg"; core/packs.ts formatPacks). */
export function usePackText() {
  const lang = useLanguage();
  return (stock: number, unit: string, packs: readonly Pack[] | null | undefined) => formatPacks(toMilli(stock), unit, packs, lang);
}
