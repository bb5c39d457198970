import { z } from 'zod';
import { ADJUSTMENT_REASONS, STOCK_KINDS } from '../stock';
import { hasAtMost3Decimals } from '../units';
import { blankToUndefined, byDto, idSchema } from './common';
import { STOCK_LIMITS } from './limits';

/**
 * The stock ledger's contract: a movement as the API shows it, a manual adjustment and a shelf
 * count. Quantities are in the product's unit; whether it takes decimals (kg, l, metre) or only
 * whole numbers is the product's, so the server checks that part.
 */

/** One row of a product's ledger: what changed its stock, by how much, and the stock after. */
export const stockMovementDto = z.object({
  at: z.string(),
  kind: z.enum(STOCK_KINDS),
  /** Signed: + came in, − went out. */
  quantity: z.number(),
  /** The stock after this movement. */
  balance: z.number(),
  /** What the movement points at: an order id for orders and sales, a purchase id, a credit note number, a file name or null. */
  ref: z.string().nullable(),
  /**
   * The movement's reference as people know it: the order's invoice number (or "#25", core/order-ref),
   * the credit note's number, the supplier's bill number, the imported file's name or the adjustment's
   * note; null when there is none (opening stock, a count, a product edit).
   */
  reference: z.string().nullable(),
  /** For a purchase and its cancel: the supplier's name. */
  supplier: z.string().nullable(),
  /** The record the reference opens, while it exists: an order, a purchase or a credit note. */
  link: z.object({ to: z.enum(['order', 'purchase', 'creditNote']), id: z.string() }).nullable(),
  reason: z.enum(ADJUSTMENT_REASONS).nullable(),
  note: z.string().nullable(),
  /** Who made the change, by the name their shop knows them by; null for the system or an old row. */
  by: byDto.nullable(),
  /** The batches the movement took or filled (a product kept in batches), signed like `quantity`; left out otherwise. */
  batches: z.array(z.object({ number: z.string(), quantity: z.number() })).optional(),
});
export type StockMovementDto = z.infer<typeof stockMovementDto>;

/**
 * GET /api/stock/ledger: one page of a product's movements, oldest first. Keyset paging back in time by the
 * ledger's order: the first page holds the newest `limit`; `before` (the `older` of a page) asks for the
 * newest `limit` older than that page, so pages neither skip nor repeat a movement while new ones arrive.
 */
export const stockLedgerQuery = z.object({
  productId: idSchema,
  limit: z.coerce.number().int().min(1).max(STOCK_LIMITS.ledgerRows).default(STOCK_LIMITS.ledgerPage),
  before: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional()),
});

/** A page of the ledger; `older`: the `before` of the next older page, null when the page starts at the first movement. */
export const stockLedgerResponse = z.object({
  movements: z.array(stockMovementDto),
  older: z.number().nullable(),
});
export type StockLedgerPage = z.infer<typeof stockLedgerResponse>;

/** A signed change of stock: not 0, at most 3 decimals, within the largest stock figure either way. */
const change = z
  .number({ error: 'invalidNumeric' })
  .refine((q) => q !== 0, { error: 'adjustQuantityZero' })
  .refine((q) => Math.abs(q) <= STOCK_LIMITS.stock, { error: 'adjustQuantityTooLarge' })
  .refine(hasAtMost3Decimals, { error: 'quantityDecimals' });

/** POST /api/stock/adjustments: stock found damaged, expired, lost, miscounted... */
export const stockAdjustmentSchema = z.object({
  productId: idSchema,
  quantity: change,
  reason: z.enum(ADJUSTMENT_REASONS, { error: 'adjustReasonInvalid' }),
  /** A product kept in batches: the batch taken from or added to (its number); left out, earliest expiry first. */
  batch: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.string().trim().max(40).optional()),
  note: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().trim().max(STOCK_LIMITS.note, { error: 'tooLong' }).optional(),
  ),
});
export type StockAdjustmentInput = z.infer<typeof stockAdjustmentSchema>;

export const stockAdjustmentResponse = z.object({ movement: stockMovementDto, countInStock: z.number(), by: byDto });
export type StockAdjustmentResult = z.infer<typeof stockAdjustmentResponse>;

/** What was counted on the shelf: 0 or more, at most 3 decimals. */
const counted = z
  .number({ error: 'invalidNumeric' })
  .min(0, { error: 'stockNegative' })
  .max(STOCK_LIMITS.stock, { error: 'tooBig' })
  .refine(hasAtMost3Decimals, { error: 'stockDecimals' });

/** POST /api/stock/counts: the shelf count of some products; the others stay as they are. */
export const stockCountSchema = z.object({
  lines: z
    .array(z.object({ productId: idSchema, counted }))
    .min(1, { error: 'countLinesRange' })
    .max(STOCK_LIMITS.countLines, { error: 'countLinesRange' }),
});
export type StockCountInput = z.infer<typeof stockCountSchema>;

export const stockCountResponse = z.object({
  /** Who counted. */
  by: byDto,
  lines: z.array(z.object({ productId: z.string(), before: z.number(), counted: z.number(), difference: z.number() })),
});
export type StockCountResult = z.infer<typeof stockCountResponse>;
