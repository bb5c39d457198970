import { coded } from '../../../core/coded';
import { overCreditLimit } from '../../../core/customer';
import { CODE } from '../../../core/message-codes';
import { toRupees } from '../../../core/money';
import type { Buyer } from '../../../core/place-of-supply';
import type { Db } from '../../db';
import { conflict } from '../../lib/errors';
import { assertOwner } from '../../security/access';
import type { AuthUser } from '../accounts/auth.service';
import { balancesOf, undeliveredCreditOf } from './customer-balances';

/**
 * The shop customer a counter sale is made to: the seller's own (another shop's answers 404), locked
 * for the sale's transaction so that its credit sales and payments queue and the credit limit is
 * checked on a balance that cannot change underneath.
 */
export async function shopCustomerForSale(trx: Db, user: AuthUser, customerId: string) {
  const found = await trx
    .selectFrom('shop_customers')
    .select(['id', 'vendor_id', 'name', 'phone', 'gstin', 'address', 'state_code', 'credit_limit_paise', 'language', 'price_list_id'])
    .where('id', '=', customerId)
    .forUpdate()
    .executeTakeFirst();
  const c = assertOwner(user, found, CODE.customerNotFound);
  const buyer: Buyer = { name: c.name, phone: c.phone, gstin: c.gstin ?? '', address: c.address ?? '', stateCode: c.state_code ?? '' };
  return {
    id: c.id,
    vendorId: c.vendor_id,
    buyer,
    /** The language the customer reads: their bill opens in it (core/bill-language.ts). */
    language: c.language,
    /** The price list that prices the customer's sales (core/pricing.ts); null: the selling prices. */
    priceListId: c.price_list_id,
    /**
     * Refuses (409 creditLimitExceeded) a credit sale that takes the balance over the limit, unless the
     * cashier confirmed it. The credit sales still to deliver count as owed here: they join the
     * balance when their goods leave, and the limit is not checked again then.
     */
    async checkCreditLimit(salePaise: number, confirmed: boolean): Promise<void> {
      if (confirmed || c.credit_limit_paise === null) return;
      const balance = ((await balancesOf(trx, [c.id])).get(c.id) ?? 0) + (await undeliveredCreditOf(trx, c.id));
      const limit = Number(c.credit_limit_paise);
      if (overCreditLimit(limit, balance, salePaise)) {
        throw conflict(coded(CODE.creditLimitExceeded, { limit: toRupees(limit), balance: toRupees(balance), sale: toRupees(salePaise) }), {
          field: 'confirmOverLimit',
        });
      }
    },
  };
}
