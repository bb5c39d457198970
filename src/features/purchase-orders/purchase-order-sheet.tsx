import type { PurchaseOrderDto } from '../../../core/schemas/purchase-order';
import { type Paper, PrintSheet, SheetRow, SheetRule, SheetText } from '../../components/print-sheet';
import { useDateFormat } from '../../lib/format';
import { useT } from '../../lib/i18n';
import { useUnitText } from '../../lib/unit-text';

/**
 * A purchase order as it prints (A4 or a roll; Print saves a PDF too): the shop, the order's number
 * and date, the supplier, then each line with what was ordered, received and is still to come.
 */
export function PurchaseOrderSheet({ po, paper }: { po: PurchaseOrderDto; paper: Paper }) {
  const t = useT('purchase-orders');
  const units = useUnitText();
  const day = useDateFormat({ dateStyle: 'medium' });
  return (
    <PrintSheet paper={paper} testId="po-sheet">
      <SheetText center strong>
        {po.shopName}
      </SheetText>
      <SheetText center strong>
        {t('sheetTitle')}
      </SheetText>
      <SheetRule />
      <SheetRow label={t('number')} value={<span data-testid="po-number">{po.number}</span>} />
      <SheetRow label={t('date')} value={day.format(new Date(po.createdAt))} />
      <SheetRow label={t('supplier')} value={po.supplier.name} />
      {po.supplier.phone && <SheetText small>{po.supplier.phone}</SheetText>}
      {po.supplier.gstin && <SheetText small>GSTIN {po.supplier.gstin}</SheetText>}
      <SheetRule />
      {po.lines.map((l, i) => (
        <div key={`${l.productId ?? ''}${l.name}`} data-testid="po-line">
          <SheetText strong>
            {i + 1}. {l.name}
            {!l.onOrder && ` (${t('notOrdered')})`}
          </SheetText>
          <SheetRow
            label={`${t('ordered')} ${units.quantity(l.ordered, l.unit)} · ${t('received')} ${units.quantity(l.received, l.unit)}`}
            value={
              <span data-testid="po-to-come">
                {t('toCome')} {units.quantity(l.toCome, l.unit)}
              </span>
            }
          />
        </div>
      ))}
    </PrintSheet>
  );
}
