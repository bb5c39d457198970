import { amountInWords } from '../../../core/amount-in-words';
import { gstStateLabel } from '../../../core/gstin';
import { formatRupees } from '../../../core/money';
import { unitText } from '../../../core/units';
import { dateFormat } from '../../lib/format';
import { getLanguage } from '../../lib/i18n';
import { lineNameIn } from '../../lib/line-name';
import { type BillData, billRef, taxByRate } from './bill-data';

const rs = (paise: number) => formatRupees(paise / 100);

/** The bill's words in the interface language: its title, the provisional mark, the number's label and the note of an order numbered at delivery. */
interface BillLabels {
  title: string;
  provisional: string;
  invoice: string;
  numberAtDelivery: string;
  /** The mark of a voided sale, its invoice number cancelled. */
  voided: string;
}

/** The bill as plain text (WhatsApp, and the lines of the PNG): the same fields as the printed one. */
export function billText(b: BillData, labels: BillLabels): string {
  const out = [b.shop.name, b.shop.address, b.shop.gstin ? `GSTIN ${b.shop.gstin}` : '', labels.title];
  if (b.voided) out.push(labels.voided);
  if (b.provisional) out.push(labels.provisional);
  else if (!b.invoiceNumber) out.push(labels.numberAtDelivery);
  const when = dateFormat({ dateStyle: 'medium', timeStyle: 'short' }).format(new Date(b.date));
  out.push(`${labels.invoice}: ${b.invoiceNumber ?? `Ref ${billRef(b)}`}`, when);
  if (b.buyer) {
    out.push(`Bill to: ${b.buyer.name}`, ...[b.buyer.address, b.buyer.gstin ? `GSTIN ${b.buyer.gstin}` : b.buyer.phone].filter(Boolean));
    out.push(`Place of supply: ${gstStateLabel(b.placeOfSupply)}`);
  }
  out.push('');
  // quantities with their unit in the interface language, as the printed bill shows them
  const lang = getLanguage();
  const units = unitText(lang);
  for (const l of b.lines) {
    out.push(
      lineNameIn(l, lang),
      `  HSN ${l.hsn || '-'}  ${units.quantity(l.quantity, l.unit)} x ${rs(l.ratePaise)}${units.perUnit(l.unit)}${l.discountPaise ? ` - ${rs(l.discountPaise)}` : ''}  = ${rs(l.amountPaise)}`,
    );
  }
  out.push('', `Total: ${rs(b.totalPaise)}`, amountInWords(b.totalPaise));
  for (const r of taxByRate(b.lines)) {
    out.push(
      r.igstPaise > 0
        ? `GST ${r.rate}%: taxable ${rs(r.taxablePaise)}, IGST ${rs(r.igstPaise)}`
        : `GST ${r.rate}%: taxable ${rs(r.taxablePaise)}, CGST ${rs(r.cgstPaise)}, SGST ${rs(r.sgstPaise)}`,
    );
  }
  out.push(b.paid ? `Paid (${b.paymentMethod ?? 'cash'})` : 'Not paid yet');
  return out.filter((l, i) => l !== '' || i > 3).join('\n');
}

/** The text drawn on a white receipt-width image (what a phone shares as the bill). */
async function billPng(text: string): Promise<Blob | null> {
  const lines = text.split('\n');
  const scale = 2;
  const width = 384; // an 80 mm roll at 203 dpi is 576 dots; a phone screen reads 384 px well
  const lh = 18;
  const canvas = document.createElement('canvas');
  canvas.width = width * scale;
  canvas.height = (lines.length * lh + 24) * scale;
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  ctx.scale(scale, scale);
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, width, lines.length * lh + 24);
  ctx.fillStyle = '#000';
  // Tamil names and labels from the shipped Tamil font where the device has none
  ctx.font = '13px ui-monospace, "DejaVu Sans Mono", "Noto Sans Tamil", monospace';
  lines.forEach((l, i) => ctx.fillText(l, 10, 20 + i * lh, width - 20));
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
}

/**
 * Shares the bill: as a PNG file through the Web Share API where the browser can share files, else
 * a WhatsApp link with the text bill. Answers how it went.
 */
export async function shareBill(b: BillData, labels: BillLabels): Promise<'shared' | 'whatsapp'> {
  const text = billText(b, labels);
  const name = `bill-${(b.invoiceNumber ?? billRef(b)).replace(/[^A-Za-z0-9-]+/g, '-')}.png`;
  const blob = typeof navigator.canShare === 'function' ? await billPng(text) : null;
  const file = blob ? new File([blob], name, { type: 'image/png' }) : null;
  if (file && navigator.canShare({ files: [file] })) {
    try {
      await navigator.share({ files: [file], title: labels.title, text: `${b.shop.name}: ${rs(b.totalPaise)}` });
      return 'shared';
    } catch (e) {
      if ((e as Error).name === 'AbortError') return 'shared';
    }
  }
  window.open(`https://wa.me/?text=${encodeURIComponent(text)}`, '_blank', 'noopener');
  return 'whatsapp';
}
