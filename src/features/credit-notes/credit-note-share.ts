import { formatRupees } from '../../../core/money';
import { translate } from '../../lib/i18n';
import type { CreditNoteDto } from './credit-notes-api';

/** The credit note in one line of text, in the interface language: what WhatsApp and the share sheet carry. */
export function creditNoteText(note: CreditNoteDto): string {
  return translate('returns', 'shareText', {
    number: note.number,
    shop: note.vendorId.shopName || note.vendorId.name,
    amount: formatRupees(note.totals.amount),
    method: translate('returns', `method_${note.refundMethod}`),
    invoice: note.invoiceNumber ?? `#${note.orderNumber}`,
  });
}

/** Shares the credit note through the Web Share API where the browser has it, else as a WhatsApp link. */
export async function shareCreditNote(note: CreditNoteDto): Promise<'shared' | 'whatsapp'> {
  const text = creditNoteText(note);
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: translate('returns', 'pageTitle'), text });
      return 'shared';
    } catch (e) {
      if ((e as Error).name === 'AbortError') return 'shared';
    }
  }
  window.open(`https://wa.me/?text=${encodeURIComponent(text)}`, '_blank', 'noopener');
  return 'whatsapp';
}
