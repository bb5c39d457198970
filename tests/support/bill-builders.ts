import type { BillData } from '../../src/features/shop-order/bill-data';

/**
 * A counter bill as the bill views take it (src/features/shop-order/bill-data.ts): two kilos of Ponni rice paid in cash
 * at a registered Madurai shop; `over` changes what a test is about.
 */
export const billData = (over: Partial<BillData> = {}): BillData => ({
  orderId: 'o1',
  provisional: false,
  invoiceNumber: 'MS/26/000042',
  orderNumber: 42,
  date: '2026-11-26T10:00:00.000Z',
  shop: { name: 'Murugan Stores', address: '12 Car Street, Madurai', gstin: '33ABCDE1234F1Z5', upiId: '' },
  customer: null,
  buyer: null,
  placeOfSupply: '33',
  lines: [
    {
      name: 'Ponni Rice',
      nameTa: 'பொன்னி அரிசி',
      hsn: '1006',
      quantity: 2,
      unit: 'kg',
      ratePaise: 6800,
      discountPaise: 0,
      amountPaise: 13600,
      gstRate: 5,
      taxablePaise: 12952,
      cgstPaise: 324,
      sgstPaise: 324,
      igstPaise: 0,
    },
  ],
  itemsPaise: 13600,
  savedPaise: 0,
  roundOffPaise: 0,
  totalPaise: 13600,
  paid: true,
  paymentMethod: 'cash',
  payments: null,
  delivered: true,
  voided: null,
  language: null,
  cashier: null,
  ...over,
});
