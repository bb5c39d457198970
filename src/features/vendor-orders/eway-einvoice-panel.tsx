import { Stack } from '@mantine/core';
import { needsEwayBill } from '../../../core/eway-bill';
import { toPaise } from '../../../core/money';
import { EinvoiceEntry } from '../../components/einvoice-entry';
import { EwayBillEntry } from '../../components/eway-bill-entry';
import { fetchEinvoice, fetchEwayBill, saveEwayBillNo, saveIrn } from './eway-einvoice-api';
import type { OrderDto } from './vendor-orders-api';

/** Does the invoice's value call for an e-way bill (core/eway-bill.ts)? */
const needsEway = (order: OrderDto) =>
  needsEwayBill({
    placeOfSupply: order.placeOfSupply,
    lines: order.products.map((l) => ({
      name: l.name,
      hsnCode: l.hsnCode,
      quantity: l.quantity,
      unit: l.unit,
      gstRate: l.gstRate,
      taxablePaise: toPaise(l.taxable),
      cgstPaise: toPaise(l.cgst),
      sgstPaise: toPaise(l.sgst),
      igstPaise: toPaise(l.igst),
    })),
  });

/**
 * An invoice's e-way bill and e-invoice (the shared entries a debit note and a credit note use too): the portals'
 * JSON to download, and the numbers they gave, entered back so the bill prints them. Shown for an invoice worth an
 * e-way bill, or to a registered buyer.
 */
export function EwayEinvoicePanel({ order, onSaved }: { order: OrderDto; onSaved: (o: OrderDto) => void }) {
  const ref = order.invoiceNumber ?? '';
  const showEway = needsEway(order);
  const showEinvoice = Boolean(order.buyer?.gstin);
  if (!order.invoiceNumber || order.voidedAt || (!showEway && !showEinvoice)) return null;
  return (
    <Stack gap="sm" data-testid="eway-einvoice">
      {showEway && (
        <EwayBillEntry
          docNumber={ref}
          number={order.ewayBill?.number ?? ''}
          download={(q) => fetchEwayBill(order._id, q)}
          save={async (ewayBillNo) => onSaved(await saveEwayBillNo(order._id, { ewayBillNo }))}
        />
      )}
      {showEinvoice && (
        <EinvoiceEntry
          docNumber={ref}
          current={order.einvoice ?? null}
          download={() => fetchEinvoice(order._id)}
          save={async (body) => onSaved(await saveIrn(order._id, body))}
        />
      )}
    </Stack>
  );
}
