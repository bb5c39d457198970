import type { OrderDto } from '../../../core/schemas/order';
import { printWithNotice } from '../../lib/escpos/print-with-notice';
import { dateFormat } from '../../lib/format';
import { getLanguage, loadNamespaces, translate } from '../../lib/i18n';
import { saleBill } from './sale-bill';
import { thermalBill } from './thermal-bill';

/**
 * Prints a sale's bill on the receipt printer right after the sale (the shop chose automatic
 * printing, or tapped "Print to printer" in the sale's toast): the server's order when it was sent,
 * else the provisional bill of the sale waiting in the outbox, in the bill's language (its customer's),
 * else the interface language. Loaded on use, with the printer code.
 */
export async function printSaleBill(id: string, order: OrderDto | null): Promise<void> {
  const bill = await saleBill(id, order);
  if (!bill) return;
  const lang = bill.language ?? getLanguage();
  await loadNamespaces(['receipt', 'common'], lang);
  const date = dateFormat({ dateStyle: 'medium', timeStyle: 'short' }, lang);
  await printWithNotice(
    thermalBill(
      bill,
      (key, params) => translate('receipt', key, params, lang),
      lang,
      (iso) => date.format(new Date(iso)),
    ),
  );
}
