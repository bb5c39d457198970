import type { OrderLineDto } from '../../core/schemas/order';
import { useLanguage } from './i18n';
import type { Lang } from './language';

type NamedLine = Pick<OrderLineDto, 'name' | 'nameTa'> & { productId?: { name: string } | null };

/**
 * An order line's product name in the interface language: in Tamil, the Tamil name the product had
 * at the sale when it had one; else the English name of the sale ('' when the line has none).
 */
export function lineNameIn(line: NamedLine | undefined, lang: Lang): string {
  if (!line) return '';
  // a copy of an order saved on the device before lines carried Tamil names has none
  if (lang === 'ta' && line.nameTa) return line.nameTa;
  return line.name || line.productId?.name || '';
}

/** lineNameIn in the interface language (re-renders on a switch). */
export function useLineName() {
  const lang = useLanguage();
  return (line: NamedLine | undefined) => lineNameIn(line, lang);
}
