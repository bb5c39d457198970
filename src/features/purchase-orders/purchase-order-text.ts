import type { PurchaseOrderDto } from '../../../core/schemas/purchase-order';
import { type UnitLang, unitText } from '../../../core/units';
import { translate } from '../../lib/i18n';

/** "24 pieces", "2.5 kg": a supplier reads the order without the app, so pieces are named too. */
function quantityWithUnit(quantity: number, unit: string, lang: UnitLang) {
  const text = unitText(lang).quantity(quantity, unit);
  return unit === 'pcs' ? `${text} ${translate('purchase-orders', quantity === 1 ? 'piece' : 'pieces')}` : text;
}

/**
 * The order as plain text for WhatsApp, in the interface language: the shop, the order's number and
 * date, the supplier, then one "Name — qty unit" line per product still to come (all of it on a new order).
 */
export function purchaseOrderText(po: PurchaseOrderDto, lang: UnitLang, date: string): string {
  const lines = po.lines.filter((l) => l.onOrder && l.toCome > 0);
  return [
    po.shopName,
    `${translate('purchase-orders', 'shareTitle', { number: po.number })} · ${date}`,
    translate('purchase-orders', 'shareTo', { supplier: po.supplier.name }),
    '',
    ...lines.map((l, i) => `${i + 1}. ${l.name} — ${quantityWithUnit(l.toCome, l.unit, lang)}`),
  ].join('\n');
}

/** Shares the order through the Web Share API where the browser has it, else as a WhatsApp link (to the supplier's phone when known). */
export async function sharePurchaseOrder(po: PurchaseOrderDto, lang: UnitLang, date: string): Promise<void> {
  const text = purchaseOrderText(po, lang, date);
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ text });
      return;
    } catch (e) {
      if ((e as Error).name === 'AbortError') return;
    }
  }
  const phone = po.supplier.phone ? `91${po.supplier.phone}` : '';
  window.open(`https://wa.me/${phone}?text=${encodeURIComponent(text)}`, '_blank', 'noopener');
}
