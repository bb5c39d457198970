import { coded } from '../../../core/coded';
import { CODE } from '../../../core/message-codes';
import { voidableOn } from '../../../core/sale-void';
import { idSchema } from '../../../core/schemas/common';
import type { OrderDto } from '../../../core/schemas/order';
import type { Db } from '../../db';
import { conflict, note, notFound } from '../../lib/errors';
import { assertOwner } from '../../security/access';
import type { AuthUser } from '../accounts/auth.service';
import type { ApprovalInput } from '../../../core/schemas/approval';
import type { ApprovalsService } from '../staff/approvals.service';
import { cancelInvoice } from './invoices';
import { loadOrders } from './order-dto';
import { returnStock } from '../stock/stock-return';
import { reverseSalePoints } from '../khata/loyalty-ledger';
import { sentActTime } from '../../lib/act-time';

/**
 * Voids a counter sale (POST /api/Orders/:id/void; core/sale-void): its vendor or an admin, on the
 * India-time day of the sale, with a reason. In one transaction the order is marked voided (it stays,
 * and no longer counts in sales), its invoice stays in the series as cancelled (GSTR-1 table 13) and
 * its stock goes back. Voiding a voided sale is a success without change (the first reason stays).
 */
export class OrderVoidService {
  constructor(
    private readonly db: Db,
    private readonly approvals: ApprovalsService,
  ) {}

  /** A cashier's void needs a manager's or the owner's PIN (`approval`); every void is recorded in the shop's audit. */
  async voidSale(
    user: AuthUser,
    id: string,
    reason: string,
    sentAt?: string,
    approval?: ApprovalInput,
  ): Promise<{ message: string; code: string; order: OrderDto }> {
    if (!idSchema.safeParse(id).success) throw notFound(CODE.orderNotFound);
    const ask = { kind: 'void' as const, reason, ref: id };
    const approvedBy = await this.approvals.approver(user, ask, approval);
    await this.db.transaction().execute(async (trx) => {
      const found = await trx
        .selectFrom('orders')
        .select(['id', 'vendor_id', 'is_shop', 'status', 'created_at', 'voided_at'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      // another vendor's order answers like a missing one
      const row = assertOwner(user, found, CODE.orderNotFound);
      // the time the void was confirmed on the device (core/act-time.ts), else now: its day and voided_at
      const at = sentActTime(sentAt, 'at', { notBefore: row.created_at }) ?? new Date();
      if (row.voided_at) return;
      if (!row.is_shop) throw conflict(coded(CODE.voidShopSaleOnly));
      // a sale to deliver later has Delete Order while it is pending (stock back, a number kept as cancelled)
      if (row.status !== 'Delivered') throw conflict(coded(CODE.voidPendingDelete));
      if (!voidableOn(row.created_at, at)) throw conflict(coded(CODE.voidSameDayOnly));
      // goods already came back on credit notes: voiding would put them in stock twice and undo a refunded sale
      const returned = await trx.selectFrom('credit_notes').select('id').where('order_id', '=', row.id).limit(1).executeTakeFirst();
      if (returned) throw conflict(coded(CODE.voidHasReturns));
      await trx
        .updateTable('orders')
        .set({ voided_at: at, voided_by: user.id, void_reason: reason })
        .where('id', '=', row.id)
        .where('voided_at', 'is', null)
        .execute();
      await cancelInvoice(trx, row.id, at);
      await returnStock(trx, row.id, 'sale_voided', user.id);
      await reverseSalePoints(trx, row.id, at, user.id);
      await this.approvals.record(trx, user, ask, approvedBy);
    });
    const [order] = await loadOrders(this.db, [id]);
    if (!order) throw notFound(CODE.orderNotFound);
    return { ...note(CODE.saleVoided), order };
  }
}
