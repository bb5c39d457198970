import { formatRupees } from '../../../core/money';
import { translate } from '../../lib/i18n';
import type { CreditNoteDto } from './credit-notes-api';

/** How the note was refunded, in the interface language: its method, or a split sale's parts ("Cash ₹500 · UPI ₹300"). */
export const refundedByText = (note: Pick<CreditNoteDto, 'refundMethod' | 'refunds'>): string =>
  note.refunds?.length
    ? note.refunds.map((r) => `${translate('returns', `method_${r.method}`)} ${formatRupees(r.amount)}`).join(' · ')
    : translate('returns', `method_${note.refundMethod}`);

/** The credit note in one line of text, in the interface language: what WhatsApp and the share sheet carry. */
export function creditNoteText(note: CreditNoteDto): string {
  return translate('returns', 'shareText', {
    number: note.number,
    shop: note.vendorId.shopName || note.vendorId.name,
    amount: formatRupees(note.totals.amount),
    method: refundedByText(note),
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
