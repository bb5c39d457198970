import { buyerStateCode } from '../../../core/bill-language';
import { gstStateLabel } from '../../../core/gstin';
import { formatRupees } from '../../../core/money';
import { unitText } from '../../../core/units';
import { dateFormat } from '../../lib/format';
import { loadNamespaces, type Translate, translate } from '../../lib/i18n';
import type { Lang } from '../../lib/language';
import { type BillData, billRef, isInterStateBill, taxByRate } from './bill-data';
import { amountInWordsIn, billTitle, lineLabel, paymentText } from './bill-parts';

const rs = (paise: number) => formatRupees(paise / 100);
/** The receipt texts in `lang`, once loaded. */
const receiptIn =
  (lang: Lang): Translate<'receipt'> =>
  (key, params) =>
    translate('receipt', key, params, lang);

/**
 * The bill as plain text (WhatsApp, and the lines of the PNG) in `lang`, the bill's language: the same
 * fields as the printed one. Loads that language's receipt texts first.
 */
export async function billText(b: BillData, lang: Lang): Promise<string> {
  await loadNamespaces(['receipt', 'common'], lang);
  const t = receiptIn(lang);
  const c = (key: 'billTo' | 'buyerGstin' | 'buyerState' | 'placeOfSupply') => translate('common', key, undefined, lang);
  const out = [b.shop.name, b.shop.address, b.shop.gstin ? `GSTIN ${b.shop.gstin}` : '', billTitle(b, t)];
  if (b.voided) out.push(t('voidedMark'));
  if (b.provisional) out.push(t('provisional'));
  else if (!b.invoiceNumber) out.push(t('numberAtDelivery'));
  const when = dateFormat({ dateStyle: 'medium', timeStyle: 'short' }, lang).format(new Date(b.date));
  out.push(`${t('invoiceNo')}: ${b.invoiceNumber ?? t('refNo', { ref: billRef(b) })}`, when);
  if (b.buyer) {
    const state = buyerStateCode(b.buyer);
    out.push(
      `${c('billTo')}: ${b.buyer.name}`,
      ...[b.buyer.address, b.buyer.gstin ? `GSTIN ${b.buyer.gstin}` : b.buyer.phone].filter(Boolean),
    );
    if (b.buyer.gstin && state) out.push(`${c('buyerState')}: ${gstStateLabel(state)}`);
    out.push(`${c('placeOfSupply')}: ${gstStateLabel(b.placeOfSupply)}`);
  }
  out.push('');
  // quantities with their unit in the bill's language, as the printed bill shows them
  const units = unitText(lang);
  for (const l of b.lines) {
    out.push(
      lineLabel(l, lang, t),
      `  ${t('hsn')} ${l.hsn || '-'}  ${units.quantity(l.quantity, l.unit)} x ${rs(l.ratePaise)}${units.perUnit(l.unit)}${l.discountPaise ? ` - ${rs(l.discountPaise)}` : ''}  = ${rs(l.amountPaise)}`,
    );
  }
  out.push('', `${t('total')}: ${rs(b.totalPaise)}`, amountInWordsIn(lang)(b.totalPaise));
  const interState = isInterStateBill(b);
  for (const r of taxByRate(b.lines)) {
    const taxable = t('taxLine', { rate: r.rate, taxable: rs(r.taxablePaise) });
    out.push(interState ? `${taxable}, IGST ${rs(r.igstPaise)}` : `${taxable}, CGST ${rs(r.cgstPaise)}, SGST ${rs(r.sgstPaise)}`);
  }
  out.push(paymentText(b, t));
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
export async function shareBill(b: BillData, lang: Lang): Promise<'shared' | 'whatsapp'> {
  const text = await billText(b, lang);
  const name = `bill-${(b.invoiceNumber ?? billRef(b)).replace(/[^A-Za-z0-9-]+/g, '-')}.png`;
  const blob = typeof navigator.canShare === 'function' ? await billPng(text) : null;
  const file = blob ? new File([blob], name, { type: 'image/png' }) : null;
  if (file && navigator.canShare({ files: [file] })) {
    try {
      await navigator.share({ files: [file], title: billTitle(b, receiptIn(lang)), text: `${b.shop.name}: ${rs(b.totalPaise)}` });
      return 'shared';
    } catch (e) {
      if ((e as Error).name === 'AbortError') return 'shared';
    }
  }
  window.open(`https://wa.me/?text=${encodeURIComponent(text)}`, '_blank', 'noopener');
  return 'whatsapp';
}
