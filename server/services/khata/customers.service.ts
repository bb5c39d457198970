import { type Selectable, sql } from 'kysely';
import { coded } from '../../../core/coded';
import { newCustomerLanguage } from '../../../core/bill-language';
import { runningBalance, settleOldestFirst } from '../../../core/customer';
import { istDayEnd, istDayStart } from '../../../core/dates';
import { gstinStateCode } from '../../../core/gstin';
import { containsPattern } from '../../../core/like';
import { CODE } from '../../../core/message-codes';
import { toPaise, toRupees } from '../../../core/money';
import { idSchema } from '../../../core/schemas/common';
import type {
  CreateCustomerInput,
  CustomerDto,
  CustomerPaymentInput,
  CustomerPaymentResponse,
  DuesResponse,
  LedgerResponse,
  UpdateCustomerInput,
} from '../../../core/schemas/customer';
import { istDayOf } from '../../../core/sale-void';
import type { Db } from '../../db';
import type { ShopCustomersTable } from '../../db/types';
import { badRequest, conflict, fieldError, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { assertOwner, isAdmin, sellerScope } from '../../security/access';
import type { AuthUser } from '../accounts/auth.service';
import type { IdempotencyClaim } from '../sales/checkout.service';
import { balancesOf, duesOf, entriesOf, recordsOf, settledOf } from './customer-balances';
import { pointsBalancesOf } from './loyalty-ledger';
import { agedDuesOf } from './open-dues';
import { IdempotencyService } from '../platform/idempotency.service';
import { sentActTime } from '../../lib/act-time';
import { actShift } from '../shifts/till-of-act';
import { personOf } from '../staff/staff-queries';

type CustomerRow = Pick<
  Selectable<ShopCustomersTable>,
  | 'id'
  | 'vendor_id'
  | 'name'
  | 'phone'
  | 'gstin'
  | 'address'
  | 'state_code'
  | 'credit_limit_paise'
  | 'credit_days'
  | 'opening_balance_paise'
  | 'language'
  | 'price_list_id'
  | 'created_at'
>;

/** The columns a customer is answered from: never user_id (the linked app account stays hidden). */
const COLUMNS = [
  'id',
  'vendor_id',
  'name',
  'phone',
  'gstin',
  'address',
  'state_code',
  'credit_limit_paise',
  'credit_days',
  'opening_balance_paise',
  'language',
  'price_list_id',
  'created_at',
] as const;

const isUniqueViolation = (e: unknown) => (e as { code?: string })?.code === '23505';

export function toCustomerDto(c: CustomerRow, balancePaise: number): CustomerDto {
  return {
    _id: c.id,
    vendorId: c.vendor_id,
    name: c.name,
    phone: c.phone,
    gstin: c.gstin ?? '',
    address: c.address ?? '',
    stateCode: c.state_code ?? '',
    creditLimit: c.credit_limit_paise === null ? null : toRupees(Number(c.credit_limit_paise)),
    creditDays: c.credit_days,
    openingBalance: toRupees(Number(c.opening_balance_paise)),
    language: c.language,
    priceListId: c.price_list_id,
    balance: toRupees(balancePaise),
    createdAt: new Date(c.created_at).toISOString(),
  };
}

/** The state a customer is saved with: the GSTIN's when it has one (a typed state that disagrees is refused). */
function stateOf(input: UpdateCustomerInput): string | null {
  if (!input.gstin) return input.stateCode ?? null;
  const fromGstin = gstinStateCode(input.gstin);
  if (input.stateCode && input.stateCode !== fromGstin) {
    throw fieldError('stateCode', CODE.customerStateMismatch, { stateCode: fromGstin });
  }
  return fromGstin;
}

/** The row values of a customer's fields (rupees to paise). */
const values = (input: UpdateCustomerInput) => ({
  name: input.name,
  phone: input.phone,
  gstin: input.gstin ?? null,
  address: input.address ?? null,
  state_code: stateOf(input),
  credit_limit_paise: input.creditLimit === undefined ? null : toPaise(input.creditLimit),
  credit_days: input.creditDays ?? null,
  opening_balance_paise: toPaise(input.openingBalance ?? 0),
  ...(input.language ? { language: input.language } : {}),
  price_list_id: input.priceListId ?? null,
});

/** A price list given to a customer must be one of the shop's, not deleted (400 priceListNotFound otherwise). */
async function checkPriceList(db: Db, vendorId: string, priceListId: string | undefined) {
  if (!priceListId) return;
  const list = await db
    .selectFrom('price_lists')
    .select('id')
    .where('id', '=', priceListId)
    .where('vendor_id', '=', vendorId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!list) throw fieldError('priceListId', CODE.priceListNotFound);
}

/**
 * The shop's own customers and their credit (/api/customers). Each vendor keeps its own list: a
 * vendor reaches its customers only, an admin any shop's; another shop's customer answers 404.
 */
export class CustomersService {
  constructor(private readonly db: Db) {}

  private async phoneTaken(db: Db, vendorId: string, phone: string, exceptId?: string) {
    let q = db.selectFrom('shop_customers').select(['id', 'name']).where('vendor_id', '=', vendorId).where('phone', '=', phone);
    if (exceptId) q = q.where('id', '!=', exceptId);
    const taken = await q.executeTakeFirst();
    if (taken) throw conflict(coded(CODE.customerPhoneTaken, { name: taken.name }), { field: 'phone' });
  }

  /** The app account (a customer's) with the same phone, linked but never shown. */
  private async accountOf(db: Db, phone: string) {
    const u = await db.selectFrom('users').select('id').where('phone', '=', phone).where('role', '=', 'user').executeTakeFirst();
    return u?.id ?? null;
  }

  private async dto(db: Db, row: CustomerRow): Promise<CustomerDto> {
    return toCustomerDto(row, (await balancesOf(db, [row.id])).get(row.id) ?? 0);
  }

  /** The customer row when the caller reaches it; 404 otherwise (a malformed id too). */
  private async reach(db: Db, user: AuthUser, id: string, lock = false): Promise<CustomerRow> {
    if (!idSchema.safeParse(id).success) throw notFound(CODE.customerNotFound);
    let q = db.selectFrom('shop_customers').select(COLUMNS).where('id', '=', id);
    if (lock) q = q.forUpdate();
    return assertOwner(user, await q.executeTakeFirst(), CODE.customerNotFound);
  }

  /** The shop a new customer belongs to: the vendor itself, or the vendor an admin names. */
  private async vendorFor(user: AuthUser, vendorId: string | undefined): Promise<string> {
    if (!isAdmin(user)) return sellerScope(user) ?? user.id;
    if (!vendorId) throw fieldError('vendorId', CODE.customerVendorRequired);
    const v = await this.db.selectFrom('users').select('id').where('id', '=', vendorId).where('role', '=', 'vendor').executeTakeFirst();
    if (!v) throw notFound(CODE.vendorNotFound);
    return v.id;
  }

  /**
   * Adds a customer. A client-made `_id` already saved for this shop answers that customer again
   * (`created` false): a customer added offline at the counter replays exactly once.
   */
  async create(user: AuthUser, input: CreateCustomerInput, idem?: IdempotencyClaim): Promise<{ customer: CustomerDto; created: boolean }> {
    const vendorId = await this.vendorFor(user, input.vendorId);
    // added at the counter offline: dated when it was added (core/act-time.ts), so its payments made meanwhile follow it
    const at = sentActTime(input.at, 'at');
    const replay = async () => {
      if (!input._id) return undefined;
      const existing = await this.db.selectFrom('shop_customers').select(COLUMNS).where('id', '=', input._id).executeTakeFirst();
      if (!existing) return undefined;
      if (existing.vendor_id !== vendorId) throw conflict(coded(CODE.customerIdTaken), { field: '_id' });
      return { customer: await this.dto(this.db, existing), created: false };
    };
    const again = await replay();
    if (again) return again;
    try {
      const customer = await this.db.transaction().execute(async (trx) => {
        await this.phoneTaken(trx, vendorId, input.phone);
        await checkPriceList(trx, vendorId, input.priceListId);
        const fields = values(input);
        const row = await trx
          .insertInto('shop_customers')
          .values({
            id: input._id ?? newId(),
            vendor_id: vendorId,
            ...fields,
            // none chosen: Tamil, or English for a customer from another state (their bills open in it)
            language: input.language ?? newCustomerLanguage(fields.state_code),
            user_id: await this.accountOf(trx, input.phone),
            ...(at ? { created_at: at } : {}),
          })
          .returning(COLUMNS)
          .executeTakeFirstOrThrow();
        const dto = await this.dto(trx, row);
        if (idem) await new IdempotencyService(trx).complete(idem.userId, idem.key, 201, JSON.stringify(dto));
        return dto;
      });
      return { customer, created: true };
    } catch (e) {
      // the same id or phone sent twice at once: the loser answers like a replay, or names the phone
      if (isUniqueViolation(e)) {
        const r = await replay();
        if (r) return r;
        await this.phoneTaken(this.db, vendorId, input.phone);
      }
      throw e;
    }
  }

  /** Customers by name or phone digits, 50 at most; no text: all (the shop's own; an admin: any shop's, or the one named). */
  async search(user: AuthUser, query: string | undefined, vendorId?: string): Promise<CustomerDto[]> {
    const text = query?.trim();
    // no text: the whole list, which the counter keeps on the device for finding customers offline
    let q = this.db
      .selectFrom('shop_customers')
      .select(COLUMNS)
      .orderBy(sql`lower(name)`)
      .limit(text ? 50 : 5000);
    const scope = sellerScope(user) ?? vendorId;
    if (scope) q = q.where('vendor_id', '=', scope);
    if (text) {
      const digits = text.replace(/\D/g, '');
      q = q.where((eb) => {
        const byName = eb(sql`lower(name)`, 'like', containsPattern(text));
        return /^[\d\s+-]+$/.test(text) && digits ? eb.or([byName, eb('phone', 'like', `%${digits}%`)]) : byName;
      });
    }
    const rows = await q.execute();
    const balances = await balancesOf(
      this.db,
      rows.map((r) => r.id),
    );
    // each customer's loyalty points: the counter redeems offline by the list it keeps
    const points = await pointsBalancesOf(
      this.db,
      rows.map((r) => r.id),
    );
    return rows.map((r) => ({ ...toCustomerDto(r, balances.get(r.id) ?? 0), points: points.get(r.id) ?? 0 }));
  }

  async get(user: AuthUser, id: string): Promise<CustomerDto> {
    return this.dto(this.db, await this.reach(this.db, user, id));
  }

  async update(user: AuthUser, id: string, input: UpdateCustomerInput): Promise<CustomerDto> {
    return this.db.transaction().execute(async (trx) => {
      const row = await this.reach(trx, user, id, true);
      await this.phoneTaken(trx, row.vendor_id, input.phone, id);
      await checkPriceList(trx, row.vendor_id, input.priceListId);
      const linked = row.phone === input.phone ? {} : { user_id: await this.accountOf(trx, input.phone) };
      const updated = await trx
        .updateTable('shop_customers')
        .set({ ...values(input), ...linked, updated_at: new Date() })
        .where('id', '=', id)
        .returning(COLUMNS)
        .executeTakeFirstOrThrow();
      return this.dto(trx, updated);
    });
  }

  /**
   * Records money a customer paid and settles their dues oldest first: each credit sale whose whole
   * amount is now covered (by payments and returns to the account) becomes Paid; its payment method
   * stays 'credit'. A payment above the balance is kept as an advance (the balance goes below 0).
   * A client-made `_id` already recorded answers that payment again.
   */
  async pay(
    user: AuthUser,
    id: string,
    input: CustomerPaymentInput,
    idem?: IdempotencyClaim,
    tillHeader?: string,
  ): Promise<CustomerPaymentResponse> {
    return this.db.transaction().execute(async (trx) => {
      // the customer row is locked: payments and credit sales of one customer queue on it
      const customer = await this.reach(trx, user, id, true);
      // when it was paid by the counter's clock (offline: sent later; core/act-time.ts), not before the customer was added
      const sent = input.paidAt ?? input.at;
      const paidAt = sentActTime(sent, input.paidAt ? 'paidAt' : 'at', {
        notBefore: customer.created_at,
        codes: { before: 'actTimeBeforeCustomer' },
      });
      const paymentId = input._id ?? newId();
      const existing = input._id
        ? await trx
            .selectFrom('customer_payments')
            .select(['id', 'customer_id', 'amount_paise', 'method', 'paid_at', 'created_by'])
            .where('id', '=', input._id)
            .executeTakeFirst()
        : undefined;
      if (existing && existing.customer_id !== customer.id) throw conflict(coded(CODE.orderIdTaken), { field: '_id' });
      // taken at a till: the drawer's shift open then counts it (none open: recorded all the same)
      const shiftId = existing ? null : await actShift(trx, user, { header: tillHeader }, paidAt ?? new Date());
      const paid =
        existing ??
        (await trx
          .insertInto('customer_payments')
          .values({
            id: paymentId,
            vendor_id: customer.vendor_id,
            customer_id: customer.id,
            amount_paise: toPaise(input.amount),
            method: input.method,
            note: input.note ?? null,
            ...(paidAt ? { paid_at: paidAt } : {}),
            created_by: user.id,
            ...(shiftId ? { shift_id: shiftId } : {}),
          })
          .returning(['id', 'customer_id', 'amount_paise', 'method', 'paid_at', 'created_by'])
          .executeTakeFirstOrThrow());
      await settleSales(trx, customer);
      const balance = (await balancesOf(trx, [customer.id])).get(customer.id) ?? 0;
      const answer: CustomerPaymentResponse = {
        _id: paid.id,
        amount: toRupees(Number(paid.amount_paise)),
        method: paid.method,
        paidAt: new Date(paid.paid_at).toISOString(),
        balance: toRupees(balance),
        by: await personOf(trx, paid.created_by),
      };
      if (idem) await new IdempotencyService(trx).complete(idem.userId, idem.key, 201, JSON.stringify(answer));
      return answer;
    });
  }

  /**
   * The customer's ledger from..to (India-time days, both included): the balance before the
   * period, then every due and settlement in date order with the balance after each.
   */
  async ledger(user: AuthUser, id: string, range: { from?: string; to?: string }): Promise<LedgerResponse> {
    const row = await this.reach(this.db, user, id);
    if (range.from && range.to && range.from > range.to) throw badRequest(CODE.startAfterEnd);
    const records = (await recordsOf(this.db, [row])).get(row.id)!;
    const all = runningBalance(entriesOf(records));
    const start = range.from ? istDayStart(range.from).getTime() : -Infinity;
    const end = range.to ? istDayEnd(range.to).getTime() : Infinity;
    const before = all.filter((e) => e.at.getTime() < start);
    const inRange = all.filter((e) => e.at.getTime() >= start && e.at.getTime() < end);
    const opening = before.length ? before[before.length - 1].balancePaise : 0;
    const closing = inRange.length ? inRange[inRange.length - 1].balancePaise : opening;
    const balance = all.length ? all[all.length - 1].balancePaise : 0;
    return {
      customer: toCustomerDto(row, balance),
      shop: await this.shop(row.vendor_id),
      from: range.from ?? null,
      to: range.to ?? null,
      openingBalance: toRupees(opening),
      entries: inRange.map((e) => ({
        kind: e.kind,
        at: e.at.toISOString(),
        ref: e.ref,
        refId: e.refId,
        amount: toRupees((e.kind === 'opening' || e.kind === 'sale' ? 1 : -1) * e.amountPaise),
        balance: toRupees(e.balancePaise),
        note: e.note,
        by: e.by,
      })),
      closingBalance: toRupees(closing),
    };
  }

  /** Every customer with a balance other than 0, what they owe by age, and the oldest due date. Largest balance first. */
  async dues(user: AuthUser, vendorId?: string): Promise<DuesResponse> {
    const scope = sellerScope(user) ?? vendorId;
    const owing = await agedDuesOf(this.db, scope, istDayOf(new Date()), COLUMNS);
    const rows = owing.map(({ customer, dues }) => ({
      customer: toCustomerDto(customer, dues.balancePaise),
      ageing: {
        '0-30': toRupees(dues.buckets['0-30']),
        '31-60': toRupees(dues.buckets['31-60']),
        '61-90': toRupees(dues.buckets['61-90']),
        '90+': toRupees(dues.buckets['90+']),
      },
      oldestDueDate: dues.oldestDueDay,
      overdueDays: dues.overdueDays,
    }));
    // the same balance and name: by phone (one shop's are distinct), then id, so the order never rests on the query's
    const byText = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
    rows.sort(
      (a, b) =>
        b.customer.balance - a.customer.balance ||
        a.customer.name.localeCompare(b.customer.name) ||
        byText(a.customer.phone, b.customer.phone) ||
        byText(a.customer._id, b.customer._id),
    );
    const total = owing.reduce((s, c) => s + c.dues.balancePaise, 0);
    return { rows, total: toRupees(total), shop: scope ? await this.shop(scope) : { name: '', upiId: '' } };
  }

  /** The shop's name and UPI ID, for the reminders. */
  private async shop(vendorId: string) {
    const v = await this.db.selectFrom('users').select(['name', 'shop_name', 'upi_id']).where('id', '=', vendorId).executeTakeFirst();
    return { name: v?.shop_name || v?.name || '', upiId: v?.upi_id ?? '' };
  }
}

/**
 * Marks Paid each Pending credit sale of the customer that payments and credit returns now fully cover, oldest
 * first. A split sale's credit part is settled the same way, but the sale's status stays its UPI part's.
 */
export async function settleSales(trx: Db, customer: CustomerRow): Promise<void> {
  const records = (await recordsOf(trx, [customer])).get(customer.id)!;
  const settled = settleOldestFirst(duesOf(records), settledOf(records));
  const pending = new Set(records.sales.filter((s) => s.paymentStatus !== 'Paid' && !s.split).map((s) => s.id));
  const nowPaid = settled.filter((d) => d.orderId && d.openPaise === 0 && pending.has(d.orderId)).map((d) => d.orderId!);
  if (nowPaid.length) await trx.updateTable('orders').set({ payment_status: 'Paid' }).where('id', 'in', nowPaid).execute();
}

/**
 * The customer an order was sold to, its row locked for the rest of the transaction (a return
 * refunded to their account); undefined when the order has none or does not exist.
 */
export async function lockSaleCustomer(trx: Db, orderId: string): Promise<CustomerRow | undefined> {
  if (!idSchema.safeParse(orderId).success) return undefined;
  const order = await trx.selectFrom('orders').select('shop_customer_id').where('id', '=', orderId).executeTakeFirst();
  if (!order?.shop_customer_id) return undefined;
  return trx.selectFrom('shop_customers').select(COLUMNS).where('id', '=', order.shop_customer_id).forUpdate().executeTakeFirst();
}
