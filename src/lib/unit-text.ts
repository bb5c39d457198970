import { DEFAULT_UNIT, formatQuantity, isUnit, type Unit } from '../../core/units';
import type { Catalog } from '../locales/catalog';
import { useT } from './i18n';

/** Pieces (the default unit) have no name after the number. */
const KEY: Partial<Record<Unit, keyof Catalog['common']>> = {
  kg: 'unitKg',
  g: 'unitG',
  l: 'unitL',
  ml: 'unitMl',
  dozen: 'unitDozen',
  bunch: 'unitBunch',
  metre: 'unitMetre',
};

/**
 * Quantities and "per unit" in the interface language: "1.25 kg" / "1.25 கிலோ", "₹68 / kg" / "₹68 / கிலோ"
 * (core/units.ts formatQuantity and perUnit, with the unit's name from the catalogue; pieces show none).
 */
export function useUnitText() {
  const t = useT('common');
  const name = (unit: string) => {
    const key = isUnit(unit) ? KEY[unit] : undefined;
    return key ? t(key) : '';
  };
  return {
    quantity: (quantity: number, unit: string) => {
      const n = formatQuantity(quantity, DEFAULT_UNIT);
      const u = name(unit);
      return u ? `${n} ${u}` : n;
    },
    perUnit: (unit: string) => {
      const u = name(unit);
      return u ? ` / ${u}` : '';
    },
  };
}
