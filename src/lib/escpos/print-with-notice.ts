import { notifications } from '@mantine/notifications';
import { loadNamespaces, translate } from '../i18n';
import type { ReceiptDoc } from './receipt-doc';

/**
 * Prints a receipt on this device's printer and says how it went in a toast, in the interface
 * language: sent, or why not (no printer, printer off or away). The sale itself is already saved, so a
 * failed print loses nothing: the bill can be printed again, or through the print dialog.
 * The encoder and the printer code load here, on first use.
 */
export async function printWithNotice(doc: ReceiptDoc): Promise<boolean> {
  await loadNamespaces(['printer']);
  try {
    const { printReceipt } = await import('./print-receipt');
    await printReceipt(doc);
    notifications.show({ color: 'green', message: translate('printer', 'printed') });
    return true;
  } catch (e) {
    const reason = e instanceof Error && e.message === 'noPrinter' ? 'err_noPrinter' : 'err_unreachable';
    notifications.show({ color: 'red', autoClose: 10_000, message: translate('printer', reason) });
    return false;
  }
}
