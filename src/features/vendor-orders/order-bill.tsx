import { formatRupees } from '../../../core/money';
import { PAYMENT_METHOD_NAMES, isPaymentMethod } from '../../../core/payments';
import type { OrderDto } from '../../../core/schemas/order';
import { formatQuantity, perUnit } from '../../../core/units';
import { type Paper, PrintSheet, SheetRow, SheetRule, SheetText } from '../../components/print-sheet';
import { customerName, formatAddress, formatDateTime, lineName } from './vendor-orders-api';

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
  const paid = order.paymentStatus === 'Paid';
  const method = isPaymentMethod(order.paymentMethod) ? ` (${PAYMENT_METHOD_NAMES[order.paymentMethod]})` : '';
  const address = formatAddress(order.shippingAddress, order.area);
  return (
    <PrintSheet paper={paper} testId="order-bill">
      <SheetText center strong>
        {order.vendorId.shopName || order.vendorId.name}
      </SheetText>
      {order.vendorId.gstNumber && <SheetText center>GSTIN {order.vendorId.gstNumber}</SheetText>}
      <SheetText center>Tax invoice</SheetText>
      <SheetRule />
      <SheetRow label="Invoice" value={<span data-testid="bill-invoice">{order.invoiceNumber}</span>} />
      <SheetRow label="Date" value={formatDateTime(order.createdAt)} />
      <SheetRow label="Customer" value={customerName(order)} />
      {!order.isShop && address && <SheetText small>{address}</SheetText>}
      <SheetRule />
      {order.products.map((l, i) => (
        <div key={i} data-testid="bill-line">
          <SheetText>{lineName(order, i)}</SheetText>
          <SheetRow
            label={
              <>
                {formatQuantity(l.quantity, l.unit)} × {formatRupees(l.price)}
                {perUnit(l.unit)}
                {l.discount > 0 ? ` − ${formatRupees(l.discount)}` : ''}
              </>
            }
            value={formatRupees(l.lineTotal)}
          />
        </div>
      ))}
      <SheetRule />
      <SheetRow label="Items" value={formatRupees(order.totalAmount)} />
      {order.totalDiscount > 0 && <SheetRow label="You saved" value={formatRupees(order.totalDiscount)} />}
      {order.totalDeliveryDiscount > 0 && (
        <SheetRow label="Delivery discount and round-off" value={`−${formatRupees(order.totalDeliveryDiscount)}`} />
      )}
      <SheetRow label="Total" value={<span data-testid="bill-total">{formatRupees(order.totalPayable)}</span>} strong />
      <SheetRow label="Payment" value={`${paid ? 'Paid' : 'Not paid yet'}${paid ? method : ''}`} />
      <SheetRule />
      <SheetText small>Prices include GST (intra-state: CGST + SGST)</SheetText>
      {taxByRate(order).map(([rate, t]) => (
        <SheetText key={rate} small>
          {rate}%: taxable {formatRupees(t.taxable / 100)} · CGST {formatRupees(t.cgst / 100)} · SGST {formatRupees(t.sgst / 100)}
          {t.igst > 0 ? ` · IGST ${formatRupees(t.igst / 100)}` : ''}
        </SheetText>
      ))}
      <SheetRule />
      <SheetText center small>
        Thank you! Namma Kadai
      </SheetText>
    </PrintSheet>
  );
}
