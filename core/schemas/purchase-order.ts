import { z } from 'zod';
import { PURCHASE_ORDER_CLOSE_REASON_MAX, PURCHASE_ORDER_LINES_MAX, PURCHASE_ORDER_STATUSES } from '../purchase-order';
import { hasAtMost3Decimals, MAX_QUANTITY, UNITS } from '../units';
import { blankToUndefined, byDto, idSchema } from './common';
import { supplierDto } from './purchase';

/** An ordered line: quantity in the product's unit (whole or up to 3 decimals: the server checks the unit). */
export const purchaseOrderLineInput = z.object({
  productId: idSchema,
  quantity: z
    .number({ error: 'quantityPositive' })
    .gt(0, { error: 'quantityPositive' })
    .max(MAX_QUANTITY, { error: 'quantityTooLarge' })
    .refine(hasAtMost3Decimals, { error: 'quantityDecimals' }),
});

/** POST /api/purchase-orders: what to ask one of the shop's suppliers for. */
export const createPurchaseOrderSchema = z.object({
  supplierId: idSchema,
  lines: z
    .array(purchaseOrderLineInput, { error: 'purchaseOrderLinesRequired' })
    .min(1, { error: 'purchaseOrderLinesRequired' })
    .max(PURCHASE_ORDER_LINES_MAX, { error: 'tooManyItems' }),
});
export type CreatePurchaseOrderInput = z.infer<typeof createPurchaseOrderSchema>;

/** POST /api/purchase-orders/:id/close: the rest will not come (an optional word why). */
export const closePurchaseOrderSchema = z.object({
  reason: z.preprocess(blankToUndefined, z.string().trim().max(PURCHASE_ORDER_CLOSE_REASON_MAX, { error: 'tooLong' }).optional()),
});

/** GET /api/purchase-orders: the shop's orders, newest first, of one status when asked. */
export const purchaseOrderListQuery = z.object({
  status: z.preprocess(blankToUndefined, z.enum(PURCHASE_ORDER_STATUSES).optional()),
});

/** A line of an order: what was ordered, received on its receipts (purchases not cancelled) and is still to come (never below 0). */
export const purchaseOrderLineDto = z.object({
  /** null once the product is deleted (the name stays). */
  productId: z.string().nullable(),
  name: z.string(),
  unit: z.enum(UNITS),
  ordered: z.number(),
  received: z.number(),
  toCome: z.number(),
  /** false: a product a receipt brought that was not ordered (ordered 0). */
  onOrder: z.boolean(),
});
export type PurchaseOrderLineDto = z.infer<typeof purchaseOrderLineDto>;

/** A receipt of an order: a purchase that named it. */
export const purchaseOrderReceiptDto = z.object({
  _id: z.string(),
  billNumber: z.string(),
  billDate: z.string(),
  total: z.number(),
  cancelled: z.boolean(),
});

export const purchaseOrderDto = z.object({
  _id: z.string(),
  vendorId: z.string(),
  /** PREFIX-PO/26/000001: gap-free per shop and financial year (docs/document-numbers.md). */
  number: z.string(),
  supplier: supplierDto,
  status: z.enum(PURCHASE_ORDER_STATUSES),
  createdAt: z.string(),
  by: byDto.nullable(),
  closedAt: z.string().nullable(),
  closeReason: z.string().nullable(),
  lines: z.array(purchaseOrderLineDto),
  receipts: z.array(purchaseOrderReceiptDto),
  /** The shop's name, for the order's text and print. */
  shopName: z.string(),
});
export type PurchaseOrderDto = z.infer<typeof purchaseOrderDto>;

/** A list row: the order without its lines and receipts. */
export const purchaseOrderSummaryDto = purchaseOrderDto.omit({ lines: true, receipts: true, shopName: true }).extend({
  lineCount: z.number(),
  /** How many ordered lines still have something to come. */
  linesToCome: z.number(),
});
export type PurchaseOrderSummaryDto = z.infer<typeof purchaseOrderSummaryDto>;
