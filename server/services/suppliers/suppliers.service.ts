import { coded } from '../../../core/coded';
import { ageingBucket, AGEING_BUCKETS, type AgeingBucket, daysBetween, dueDay } from '../../../core/customer';
import { istDayStart } from '../../../core/dates';
import { CODE } from '../../../core/message-codes';
import { toPaise, toRupees } from '../../../core/money';
import { istDayOf } from '../../../core/sale-void';
import { idSchema } from '../../../core/schemas/common';
import type {
  PayablesResponse,
  SupplierAccountDto,
  SupplierLedgerResponse,
  SupplierPaymentDto,
  SupplierPaymentInput,
  UpdateSupplierInput,
} from '../../../core/schemas/supplier';
import { allocateOldestFirst, type SupplierPaymentMethod } from '../../../core/supplier-payables';
import type { Db } from '../../db';
import { sentActTime } from '../../lib/act-time';
import { conflict, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { assertOwner, sellerScope } from '../../security/access';
import type { AuthUser } from '../accounts/auth.service';
import { IdempotencyService } from '../platform/idempotency.service';
import type { IdempotencyClaim } from '../sales/checkout.service';
import { personOf } from '../staff/staff-queries';
import { type AccountRow, accountsOf, type BillRow, billsOf, debitNotesOf, paymentsOf } from './supplier-queries';

/** On one instant: bills first, then debit notes, then payments. */
const KIND_RANK = { bill: 0, debitNote: 1, payment: 2 } as const;

const emptyBuckets = (): Record<AgeingBucket, number> => ({ '0-30': 0, '31-60': 0, '61-90': 0, '90+': 0 });

const account = (r: AccountRow): SupplierAccountDto => ({
  _id: r.id,
  vendorId: r.vendor_id,
  name: r.name,
  phone: r.phone ?? '',
  gstin: r.gstin ?? '',
  creditDays: Number(r.credit_days),
  balance: toRupees(Number(r.balance_paise)),
});

/** What is left to pay on a bill: its total less what payments settled on it less its debit notes. */
const openOf = (b: BillRow) => Number(b.total_paise) - Number(b.paid_paise) - Number(b.returned_paise);

/**
 * What the shop owes its suppliers (/api/suppliers): their credit days, payments that settle the oldest
 * bills first and never more than is owed, each supplier's ledger and the payables aged by bill date
 * (core/customer.ts's buckets, as customer dues are). A vendor's team reaches its own suppliers, an
 * admin any; another shop's supplier answers 404.
 */
export class SuppliersService {
  constructor(private readonly db: Db) {}

  /** The supplier row when the caller reaches it (locked when asked); 404 otherwise (a malformed id too). */
  private async reach(db: Db, user: AuthUser, id: string, lock = false) {
    if (!idSchema.safeParse(id).success) throw notFound(CODE.supplierNotFound);
    let q = db.selectFrom('suppliers').select(['id', 'vendor_id', 'created_at']).where('id', '=', id);
    if (lock) q = q.forUpdate();
    return assertOwner(user, await q.executeTakeFirst(), CODE.supplierNotFound);
  }

  private async accountById(db: Db, id: string): Promise<SupplierAccountDto> {
    return account(await accountsOf(db, undefined).where('s.id', '=', id).executeTakeFirstOrThrow());
  }

  async list(user: AuthUser): Promise<SupplierAccountDto[]> {
    return (await accountsOf(this.db, sellerScope(user)).execute()).map(account);
  }

  async update(user: AuthUser, id: string, input: UpdateSupplierInput): Promise<SupplierAccountDto> {
    const row = await this.reach(this.db, user, id);
    await this.db.updateTable('suppliers').set({ credit_days: input.creditDays }).where('id', '=', row.id).execute();
    return this.accountById(this.db, row.id);
  }

  /**
   * Records money paid to a supplier and allocates it to the open bills oldest first (bill date, then
   * entered). More than is owed is refused (no advance is kept). A client-made `_id` already recorded
   * answers that payment again; the Idempotency-Key's answer is stored in the same transaction.
   */
  async pay(user: AuthUser, id: string, input: SupplierPaymentInput, idem?: IdempotencyClaim): Promise<SupplierPaymentDto> {
    return this.db.transaction().execute(async (trx) => {
      // the supplier row is locked: payments to one supplier queue on it
      const supplier = await this.reach(trx, user, id, true);
      // paid by the device's clock (offline: sent later; core/act-time.ts)
      const paidAt = sentActTime(input.at, 'at');
      const existing = input._id
        ? await trx.selectFrom('supplier_payments').select(['id', 'supplier_id']).where('id', '=', input._id).executeTakeFirst()
        : undefined;
      if (existing && existing.supplier_id !== supplier.id) throw conflict(coded(CODE.supplierPaymentIdTaken), { field: '_id' });
      const paymentId = existing?.id ?? input._id ?? newId();
      if (!existing) {
        const bills = await billsOf(trx, [supplier.id]).execute();
        const all = bills.map((b) => ({ id: b.id, openPaise: openOf(b) }));
        const open = all.filter((b) => b.openPaise > 0);
        // what is owed is the balance: a bill paid before goods on it went back (its debit note) holds a credit that lowers it
        const owed = all.reduce((s, b) => s + b.openPaise, 0);
        const amountPaise = toPaise(input.amount);
        if (amountPaise > owed) {
          throw conflict(coded(CODE.supplierPaymentAboveDue, { owed: toRupees(owed).toFixed(2) }), { field: 'amount' });
        }
        await trx
          .insertInto('supplier_payments')
          .values({
            id: paymentId,
            vendor_id: supplier.vendor_id,
            supplier_id: supplier.id,
            amount_paise: amountPaise,
            method: input.method,
            note: input.note ?? null,
            ...(paidAt ? { paid_at: paidAt } : {}),
            created_by: user.id,
          })
          .execute();
        const shares = allocateOldestFirst(open, amountPaise);
        await trx
          .insertInto('supplier_payment_allocations')
          .values(shares.map((s) => ({ payment_id: paymentId, purchase_id: s.id, amount_paise: s.amountPaise })))
          .execute();
      }
      const answer = await this.paymentDto(trx, paymentId);
      if (idem) await new IdempotencyService(trx).complete(idem.userId, idem.key, 201, JSON.stringify(answer));
      return answer;
    });
  }

  private async paymentDto(db: Db, paymentId: string): Promise<SupplierPaymentDto> {
    const p = await db.selectFrom('supplier_payments').selectAll().where('id', '=', paymentId).executeTakeFirstOrThrow();
    const shares = await db
      .selectFrom('supplier_payment_allocations as a')
      .innerJoin('purchases as p', 'p.id', 'a.purchase_id')
      .select(['a.purchase_id', 'p.bill_number', 'a.amount_paise'])
      .where('a.payment_id', '=', paymentId)
      .orderBy('p.bill_date')
      .orderBy('p.created_at')
      .execute();
    return {
      _id: p.id,
      supplierId: p.supplier_id,
      amount: toRupees(Number(p.amount_paise)),
      method: p.method as SupplierPaymentMethod,
      note: p.note ?? '',
      paidAt: new Date(p.paid_at).toISOString(),
      by: await personOf(db, p.created_by),
      allocations: shares.map((s) => ({ purchaseId: s.purchase_id, billNumber: s.bill_number, amount: toRupees(Number(s.amount_paise)) })),
      balance: (await this.accountById(db, p.supplier_id)).balance,
    };
  }

  /**
   * Bills (+, dated by their bill date), debit notes (−, when recorded, on their note date) and payments
   * (−) in time order with the balance after each, to the paisa.
   */
  async ledger(user: AuthUser, id: string): Promise<SupplierLedgerResponse> {
    const row = await this.reach(this.db, user, id);
    const [bills, payments, notes, supplier] = await Promise.all([
      billsOf(this.db, [row.id]).execute(),
      paymentsOf(this.db, row.id).execute(),
      debitNotesOf(this.db, row.id).execute(),
      this.accountById(this.db, row.id),
    ]);
    const entries = [
      ...bills.map((b) => ({
        kind: 'bill' as const,
        at: istDayStart(b.bill_date),
        order: new Date(b.created_at).getTime(),
        refId: b.id,
        ref: b.bill_number,
        paise: Number(b.total_paise),
      })),
      ...notes.map((d) => ({
        kind: 'debitNote' as const,
        // when it was recorded (its day is its note date)
        at: new Date(d.created_at),
        order: new Date(d.created_at).getTime(),
        refId: d.id,
        ref: d.number,
        paise: -Number(d.total_paise),
      })),
      ...payments.map((p) => ({
        kind: 'payment' as const,
        at: new Date(p.paid_at),
        order: new Date(p.paid_at).getTime(),
        refId: p.id,
        ref: p.method,
        paise: -Number(p.amount_paise),
      })),
    ].sort((a, b) => a.at.getTime() - b.at.getTime() || KIND_RANK[a.kind] - KIND_RANK[b.kind] || a.order - b.order);
    let balance = 0;
    return {
      supplier,
      entries: entries.map((e) => {
        balance += e.paise;
        return {
          kind: e.kind,
          at: e.at.toISOString(),
          day: istDayOf(e.at),
          refId: e.refId,
          ref: e.ref,
          amount: toRupees(Math.abs(e.paise)),
          balance: toRupees(balance),
        };
      }),
      balance: toRupees(balance),
    };
  }

  /**
   * Each supplier still owed (or owing) with its open bills aged by days since the bill date, and each
   * bill's due date (bill date + the supplier's credit days) and whether it is past it.
   */
  async payables(user: AuthUser, now: Date = new Date()): Promise<PayablesResponse> {
    const today = istDayOf(now);
    const accounts = await accountsOf(this.db, sellerScope(user)).execute();
    const bills = accounts.length
      ? await billsOf(
          this.db,
          accounts.map((a) => a.id),
        ).execute()
      : [];
    const totals = emptyBuckets();
    const suppliers: PayablesResponse['suppliers'] = [];
    for (const a of accounts) {
      const buckets = emptyBuckets();
      let overdue = 0;
      const open = bills
        .filter((b) => b.supplier_id === a.id && openOf(b) > 0)
        .map((b) => {
          const openPaise = openOf(b);
          const ageDays = daysBetween(b.bill_date, today);
          const dueDate = dueDay(istDayStart(b.bill_date), Number(a.credit_days));
          const late = dueDate < today;
          buckets[ageingBucket(ageDays)] += openPaise;
          if (late) overdue += openPaise;
          return {
            purchaseId: b.id,
            billNumber: b.bill_number,
            billDate: b.bill_date,
            total: toRupees(Number(b.total_paise)),
            paid: toRupees(Number(b.paid_paise)),
            open: toRupees(openPaise),
            dueDate,
            overdue: late,
            ageDays,
          };
        });
      if (open.length === 0 && Number(a.balance_paise) === 0) continue;
      for (const k of AGEING_BUCKETS) totals[k] += buckets[k];
      suppliers.push({
        ...account(a),
        buckets: rupeesOf(buckets),
        overdue: toRupees(overdue),
        bills: open,
      });
    }
    const total = AGEING_BUCKETS.reduce((s, k) => s + totals[k], 0);
    return { suppliers, totals: rupeesOf(totals), total: toRupees(total) };
  }
}

const rupeesOf = (b: Record<AgeingBucket, number>) =>
  Object.fromEntries(AGEING_BUCKETS.map((k) => [k, toRupees(b[k])])) as Record<AgeingBucket, number>;
