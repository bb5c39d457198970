import { formatRupees } from '../../../core/money';
import type { OrderDto } from '../../../core/schemas/order';
import { type Paper, PrintSheet, SheetRow, SheetRule, SheetText } from '../../components/print-sheet';
import { useT } from '../../lib/i18n';
import { useUnitText } from '../../lib/unit-text';
import { useOrderTexts } from './order-texts';
import { formatAddress } from './vendor-orders-api';

const paise = (rupees: number) => Math.round(rupees * 100);

/** GST of the bill per rate, summed in paise from the lines' own snapshots. */
function taxByRate(order: OrderDto) {
  const rates = new Map<number, { taxable: number; cgst: number; sgst: number; igst: number }>();
  for (const l of order.products) {
    const r = rates.get(l.gstRate) ?? { taxable: 0, cgst: 0, sgst: 0, igst: 0 };
    r.taxable += paise(l.taxable);
    r.cgst += paise(l.cgst);
    r.sgst += paise(l.sgst);
    r.igst += paise(l.igst);
    rates.set(l.gstRate, r);
  }
  return [...rates.entries()].sort(([a], [b]) => a - b);
}

/** The printed bill of an order (80 mm roll or A4): invoice number, lines with their units, totals and the GST. */
export function OrderBill({ order, paper }: { order: OrderDto; paper: Paper }) {
  const t = useT('vendor-orders');
  const texts = useOrderTexts();
  const units = useUnitText();
  const paid = order.paymentStatus === 'Paid';
  const method = texts.method(order.paymentMethod) ? ` (${texts.method(order.paymentMethod)})` : '';
  const address = formatAddress(order.shippingAddress, order.area);
  return (
    <PrintSheet paper={paper} testId="order-bill">
      <SheetText center strong>
        {order.vendorId.shopName || order.vendorId.name}
      </SheetText>
      {order.vendorId.gstNumber && <SheetText center>GSTIN {order.vendorId.gstNumber}</SheetText>}
      <SheetText center>{t('taxInvoice')}</SheetText>
      <SheetRule />
      <SheetRow label={t('billInvoice')} value={<span data-testid="bill-invoice">{order.invoiceNumber}</span>} />
      <SheetRow label={t('billDate')} value={texts.dateTime(order.createdAt)} />
      <SheetRow label={t('billCustomer')} value={texts.customer(order)} />
      {!order.isShop && address && <SheetText small>{address}</SheetText>}
      <SheetRule />
      {order.products.map((l, i) => (
        <div key={i} data-testid="bill-line">
          <SheetText>{texts.line(order, i)}</SheetText>
          <SheetRow
            label={
              <>
                {units.quantity(l.quantity, l.unit)} × {formatRupees(l.price)}
                {units.perUnit(l.unit)}
                {l.discount > 0 ? ` − ${formatRupees(l.discount)}` : ''}
              </>
            }
            value={formatRupees(l.lineTotal)}
          />
        </div>
      ))}
      <SheetRule />
      <SheetRow label={t('items')} value={formatRupees(order.totalAmount)} />
      {order.totalDiscount > 0 && <SheetRow label={t('youSaved')} value={formatRupees(order.totalDiscount)} />}
      {order.totalDeliveryDiscount > 0 && (
        <SheetRow label={t('deliveryDiscountRoundOff')} value={`−${formatRupees(order.totalDeliveryDiscount)}`} />
      )}
      <SheetRow label={t('total')} value={<span data-testid="bill-total">{formatRupees(order.totalPayable)}</span>} strong />
      <SheetRow label={t('billPayment')} value={paid ? `${t('paymentPaid')}${method}` : t('notPaidYet')} />
      <SheetRule />
      <SheetText small>{t('pricesIncludeGst')}</SheetText>
      {taxByRate(order).map(([rate, tax]) => (
        <SheetText key={rate} small>
          {t('taxLine', {
            rate,
            taxable: formatRupees(tax.taxable / 100),
            cgst: formatRupees(tax.cgst / 100),
            sgst: formatRupees(tax.sgst / 100),
          })}
          {tax.igst > 0 ? ` · IGST ${formatRupees(tax.igst / 100)}` : ''}
        </SheetText>
      ))}
      <SheetRule />
      <SheetText center small>
        {t('thanks', { brand: 'Namma Kadai' })}
      </SheetText>
    </PrintSheet>
  );
}
