import { sql } from 'kysely';
import type { AdjustmentReason, StockKind } from '../../../core/stock';
import type { Db } from '../../db';

/** What the next stock changes of a transaction are: the ledger row's kind, reference, reason, note and who. */
export interface StockContext {
  kind: StockKind;
  /** An order id, a purchase id, a credit note's number, a file name: what the movement points at. */
  ref?: string | null;
  reason?: AdjustmentReason | null;
  note?: string | null;
  /** The user making the change. */
  by?: string | null;
  /** The batch each product's change takes or fills, by product id (migration 048); else the trigger's own choice. */
  batches?: Readonly<Record<string, string>> | null;
}

/** The SELECT that sets a stock context: run alone (setStockContext) or as a statement's CTE. */
export const stockContextSql = (ctx: StockContext) => sql`SELECT
    set_config('app.stock_kind', ${ctx.kind}, true),
    set_config('app.stock_ref', ${ctx.ref ?? ''}, true),
    set_config('app.stock_reason', ${ctx.reason ?? ''}, true),
    set_config('app.stock_note', ${ctx.note ?? ''}, true),
    set_config('app.stock_by', ${ctx.by ?? ''}, true),
    set_config('app.stock_batches', ${ctx.batches && Object.keys(ctx.batches).length ? JSON.stringify(ctx.batches) : ''}, true)`;

/**
 * Names the stock changes that follow in the caller's transaction (`trx` must be one: the settings
 * are transaction-local). The trigger of migration 018 writes one ledger row per changed product
 * from them; call again before changes of another kind or reference in the same transaction.
 */
export async function setStockContext(trx: Db, ctx: StockContext): Promise<void> {
  await stockContextSql(ctx).execute(trx);
}
