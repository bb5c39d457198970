/**
 * The stock ledger's vocabulary: what moved a product's stock (kind) and, for an adjustment, why
 * (reason). Migration 018 checks the same lists.
 */
export const STOCK_KINDS = [
  'opening',
  'sale',
  'order',
  'order_deleted',
  'sale_voided',
  'purchase',
  'purchase_cancelled',
  'adjustment',
  'import',
  'product_edit',
  'return',
  // goods sent back to the supplier on a debit note (ref: the purchase id)
  'purchase_return',
] as const;
export type StockKind = (typeof STOCK_KINDS)[number];

export const ADJUSTMENT_REASONS = ['damaged', 'expired', 'lost', 'count', 'other'] as const;
export type AdjustmentReason = (typeof ADJUSTMENT_REASONS)[number];
