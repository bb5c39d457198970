import { sql } from 'kysely';
import { CODE } from '../../../core/message-codes';
import { pointsBalanceText, pointsValuePaise, type PointsMessage, whatsappPointsLink } from '../../../core/loyalty';
import { toPaise, toRupees } from '../../../core/money';
import type { CustomerPointsDto, LoyaltySettings, PointsMessageResponse } from '../../../core/schemas/loyalty';
import { idSchema } from '../../../core/schemas/common';
import type { Db } from '../../db';
import { note, notFound } from '../../lib/errors';
import { assertOwner, sellerScope } from '../../security/access';
import type { AuthUser } from '../accounts/auth.service';
import type { CappedSmsSender } from '../accounts/sms.service';
import { personName, byOf } from '../staff/staff-queries';
import { balanceOf, ratesOf } from './loyalty-ledger';

/** A shop's settings as the API speaks them (rupees per point), from the stored rates. */
export async function settingsOf(db: Db, shopId: string): Promise<LoyaltySettings> {
  const r = await ratesOf(db, shopId);
  return { pointsPer100: r.pointsPer100, rupeesPerPoint: r.pointValuePaise === null ? null : toRupees(r.pointValuePaise) };
}

/**
 * The shop's loyalty settings (the owner sets them; its people read them, the counter keeps them for
 * offline), a customer's points and statement, and the balance sent to the customer by SMS. The points
 * of a sale, a return and a void are written by loyalty-ledger.ts inside those acts' transactions.
 */
export class LoyaltyService {
  constructor(
    private readonly db: Db,
    private readonly sms: CappedSmsSender,
  ) {}

  /** GET /api/shop/loyalty: the caller's shop's settings (both null until set: off). */
  settings(user: AuthUser): Promise<LoyaltySettings> {
    return settingsOf(this.db, sellerScope(user)!);
  }

  /** PUT /api/shop/loyalty: the owner's shop's settings, both at once (null turns a half off). */
  async save(user: AuthUser, input: LoyaltySettings): Promise<LoyaltySettings> {
    const shopId = sellerScope(user)!;
    const row = {
      points_per_100: input.pointsPer100,
      point_value_paise: input.rupeesPerPoint === null ? null : toPaise(input.rupeesPerPoint),
      updated_by: user.id,
    };
    await this.db
      .insertInto('loyalty_settings')
      .values({ shop_id: shopId, ...row })
      .onConflict((oc) => oc.column('shop_id').doUpdateSet({ ...row, updated_at: sql`now()` }))
      .execute();
    return settingsOf(this.db, shopId);
  }

  /** The customer as the caller may reach them (another shop's answers 404, like a missing one). */
  private async customer(user: AuthUser, id: string) {
    if (!idSchema.safeParse(id).success) throw notFound(CODE.customerNotFound);
    const found = await this.db
      .selectFrom('shop_customers')
      .select(['id', 'vendor_id', 'name', 'phone', 'language'])
      .where('id', '=', id)
      .executeTakeFirst();
    return assertOwner(user, found, CODE.customerNotFound);
  }

  /** GET /api/customers/:id/points: the balance, its worth now and the statement, oldest first with the running balance. */
  async points(user: AuthUser, id: string): Promise<CustomerPointsDto> {
    const c = await this.customer(user, id);
    const [settings, rows] = await Promise.all([
      settingsOf(this.db, c.vendor_id),
      this.db
        .selectFrom('loyalty_points as lp')
        .leftJoin('invoices as inv', 'inv.order_id', 'lp.order_id')
        .leftJoin('credit_notes as cn', 'cn.id', 'lp.credit_note_id')
        .select([
          'lp.id',
          'lp.at',
          'lp.kind',
          'lp.points',
          'lp.order_id',
          'lp.created_by',
          'inv.number as invoice_number',
          'cn.number as credit_note_number',
          personName('lp.created_by').as('by_name'),
        ])
        .where('lp.customer_id', '=', c.id)
        .orderBy('lp.at')
        // one act's rows in the order they happen: the points spent, then those earned
        .orderBy(sql`CASE lp.kind WHEN 'redeemed' THEN 0 WHEN 'earned' THEN 1 ELSE 2 END`)
        .orderBy('lp.id')
        .execute(),
    ]);
    let balance = 0;
    const entries = rows.map((r) => {
      balance += r.points;
      return {
        _id: r.id,
        at: new Date(r.at).toISOString(),
        kind: r.kind,
        points: r.points,
        balance,
        orderId: r.order_id,
        invoiceNumber: r.invoice_number ?? null,
        creditNoteNumber: r.credit_note_number ?? null,
        by: byOf(r.created_by, r.by_name),
      };
    });
    const valuePaise = settings.rupeesPerPoint === null ? 0 : toPaise(settings.rupeesPerPoint);
    return { customerId: c.id, balance, worth: toRupees(pointsValuePaise(Math.max(balance, 0), valuePaise)), settings, entries };
  }

  /** POST /api/customers/:id/points/message: the balance in the customer's language by SMS, with the text and a WhatsApp link. */
  async message(user: AuthUser, id: string): Promise<PointsMessageResponse> {
    const c = await this.customer(user, id);
    const [balance, rates, shop] = await Promise.all([
      balanceOf(this.db, c.id),
      ratesOf(this.db, c.vendor_id),
      this.db.selectFrom('users').select(['shop_name', 'name']).where('id', '=', c.vendor_id).executeTakeFirstOrThrow(),
    ]);
    const m: PointsMessage = {
      customerName: c.name,
      phone: c.phone,
      language: c.language === 'ta' ? 'ta' : 'en',
      shopName: shop.shop_name || shop.name,
      balance,
      worthPaise: pointsValuePaise(Math.max(balance, 0), rates.pointValuePaise),
    };
    const text = pointsBalanceText(m);
    const sent = await this.sms.send(c.phone, text);
    return { ...note(sent ? CODE.loyaltyBalanceSent : CODE.loyaltyBalanceNotSent), sent, text, whatsappUrl: whatsappPointsLink(m) };
  }
}
