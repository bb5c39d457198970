import { soldQuantityText } from '../../../core/packs';
import { buyerStateCode } from '../../../core/bill-language';
import { unitText } from '../../../core/units';
import { gstStateLabel } from '../../../core/gstin';
import type { ReceiptDoc, ReceiptLine } from '../../lib/escpos/receipt-doc';
import { type Translate, translate } from '../../lib/i18n';
import type { Lang } from '../../lib/language';
import { type BillData, billRef, isInterStateBill, taxByRate } from './bill-data';
import { amountInWordsIn, batchText, billTitle, lineLabel, paymentText, plainAmount } from './bill-parts';

/** Amounts in the lines as plain figures ("1,234.50"): ASCII, so a line of them prints as text. */
const amount = plainAmount;

/**
 * The bill (bill-data.ts) as the lines a thermal receipt prints, in `lang`, the bill's language (`t`
 * gives the receipt texts in it; the buyer's labels are read in it too, loaded with the bill): the same
 * content as the printed bill (counter-bill.tsx) less the UPI QR code. English lines of plain
 * figures stay text; Tamil lines and the total with its ₹ sign become images (src/lib/escpos).
 */
export function thermalBill(bill: BillData, t: Translate<'receipt'>, lang: Lang, formatDate: (iso: string) => string): ReceiptDoc {
  const units = unitText(lang);
  const inWords = amountInWordsIn(lang);
  const common = (key: 'billTo' | 'buyerGstin' | 'buyerState' | 'buyerPhone' | 'placeOfSupply') =>
    translate('common', key, undefined, lang);
  const out: ReceiptLine[] = [];
  const text = (s: string, o: { center?: boolean; bold?: boolean; big?: boolean } = {}) =>
    s && out.push({ kind: 'text', text: s, align: o.center ? 'center' : 'left', bold: o.bold, big: o.big });
  const pair = (left: string, right: string, bold = false) => out.push({ kind: 'pair', left, right, bold });
  const rule = () => out.push({ kind: 'rule' });

  text(bill.shop.name, { center: true, bold: true, big: true });
  text(bill.shop.address, { center: true });
  if (bill.shop.gstin) text(`GSTIN ${bill.shop.gstin}`, { center: true });
  text(billTitle(bill, t), { center: true, bold: true });
  if (bill.voided) {
    text(t('voidedMark'), { center: true, bold: true });
    text(t('voidedNote', { at: formatDate(bill.voided.at), reason: bill.voided.reason }), { center: true });
  }
  if (bill.provisional) text(t('provisional'), { center: true, bold: true });
  rule();
  pair(t('invoiceNo'), bill.invoiceNumber ?? t('refNo', { ref: billRef(bill) }));
  pair(t('dateTime'), formatDate(bill.date));
  if (bill.cashier) text(t('cashier', { name: bill.cashier }));
  if (bill.buyer) {
    // the buyer as on the printed bill (src/components/bill-buyer.tsx): with a GSTIN, what rule 46 asks
    const b = bill.buyer;
    const state = buyerStateCode(b);
    text(`${common('billTo')}: ${b.name}`, { bold: true });
    text(b.address);
    if (b.gstin) {
      pair(common('buyerGstin'), b.gstin);
      if (state) pair(common('buyerState'), gstStateLabel(state));
    } else if (b.phone) pair(common('buyerPhone'), b.phone);
    pair(common('placeOfSupply'), gstStateLabel(bill.placeOfSupply));
  } else {
    pair(t('customer'), bill.customer?.name || t('walkIn'));
    text(bill.customer?.address ?? '');
  }
  rule();
  for (const l of bill.lines) {
    text(lineLabel(l, lang, t), { bold: true });
    const detail = [
      // a pack line: "2 bag (50 kg) x ₹1,200"
      l.pack
        ? `${soldQuantityText(units, l.quantity, l.unit, l.pack, l.packFactor)} x ${amount(l.ratePaise)}`
        : `${units.quantity(l.quantity, l.unit)} x ${amount(l.ratePaise)}${units.perUnit(l.unit)}`,
      l.discountPaise > 0 ? ` - ${amount(l.discountPaise)}` : '',
      l.gstRate > 0 ? ` ${l.gstRate}%` : '',
    ].join('');
    pair(detail, amount(l.amountPaise));
    // the price list and scheme of the line (core/pricing.ts), and the batches it took with their expiry
    if (l.note) text(`  ${l.note}`);
    if (l.batches?.length) text(`  ${batchText(l, t)}`);
  }
  rule();
  pair(t('items'), amount(bill.itemsPaise));
  if (bill.savedPaise > 0) pair(t('youSaved'), amount(bill.savedPaise));
  if (bill.roundOffPaise > 0) pair(t('deliveryDiscount'), `-${amount(bill.roundOffPaise)}`);
  // loyalty points redeemed (off the items) and earned (bill-points.tsx on screen)
  if (bill.points?.redeemed) pair(t('pointsRedeemedRow', { n: bill.points.redeemed }), `-${amount(bill.points.valuePaise)}`);
  pair(t('total'), `₹${amount(bill.totalPaise)}`, true);
  text(inWords(bill.totalPaise));
  pair(t('payment'), paymentText(bill, t));
  if (bill.points?.earned) pair(t('pointsEarnedRow'), String(bill.points.earned));
  rule();
  const tax = taxByRate(bill.lines);
  // as on the printed bill (counter-bill.tsx): goods sent to another state carry IGST
  const interState = isInterStateBill(bill);
  text(interState ? t('pricesIncludeIgst') : t('pricesIncludeGst'));
  for (const r of tax) {
    text(t('taxLine', { rate: r.rate, taxable: amount(r.taxablePaise) }));
    if (interState) text(`IGST ${r.rate}% ${amount(r.igstPaise)}`);
    else text(`CGST ${r.rate / 2}% ${amount(r.cgstPaise)} SGST ${r.rate / 2}% ${amount(r.sgstPaise)}`);
  }
  if (bill.provisional) text(t('provisionalNote'), { center: true });
  if (!bill.provisional && !bill.invoiceNumber) text(t('numberAtDelivery'), { center: true });
  rule();
  text(t('thanks'), { center: true });
  // the drawer opens for cash taken now: a paid cash sale, or a cash part, that stands
  const cash = bill.payments ? bill.payments.some((p) => p.method === 'cash') : bill.paid && bill.paymentMethod === 'cash';
  return { lines: out, openDrawer: cash && !bill.voided };
}
