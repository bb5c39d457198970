import { QrCode } from '../../components/qr-code';
import { SheetText } from '../../components/print-sheet';
import { useT } from '../../lib/i18n';
import type { BillData } from './bill-data';

/** On the printed bill: the e-way bill number, and the e-invoice's IRN with a QR code of the IRP's signed QR. */
export function BillEwayEinvoice({ bill }: { bill: BillData }) {
  const t = useT('eway');
  if (!bill.ewayBillNo && !bill.einvoice) return null;
  return (
    <>
      {bill.ewayBillNo && (
        <SheetText small>
          <span data-testid="bill-eway-bill">{t('printedEwayBill', { number: bill.ewayBillNo })}</span>
        </SheetText>
      )}
      {bill.einvoice && (
        <>
          <SheetText small>
            <span data-testid="bill-irn" style={{ wordBreak: 'break-all' }}>
              {t('printedIrn', { irn: bill.einvoice.irn })}
            </span>
          </SheetText>
          <SheetText small>{t('printedAck', { ackNo: bill.einvoice.ackNo })}</SheetText>
          <SheetText center>
            <QrCode text={bill.einvoice.signedQr} size="38mm" label={t('signedQr')} />
          </SheetText>
        </>
      )}
    </>
  );
}
