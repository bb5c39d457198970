import { gstinStateCode, TAMIL_NADU_STATE_CODE } from './gstin';
import type { Buyer } from './place-of-supply';

/** The languages a bill is printed in. */
export type BillLanguage = 'en' | 'ta';

const isBillLanguage = (v: unknown): v is BillLanguage => v === 'en' || v === 'ta';

/** A buyer's GST state: the one saved with it, else its GSTIN's first two digits; '' when neither is known. */
export const buyerStateCode = (buyer: Pick<Buyer, 'gstin' | 'stateCode'>): string =>
  buyer.stateCode || (buyer.gstin ? gstinStateCode(buyer.gstin) : '');

/** Outside Tamil Nadu: a buyer whose state is known and is another one. */
const outsideTamilNadu = (stateCode: string | null | undefined) => !!stateCode && stateCode !== TAMIL_NADU_STATE_CODE;

/**
 * The language a bill opens in: the customer's own where there is one (an app customer who chose Tamil:
 * English is every account's default, so it says nothing; or the language the shop keeps for its
 * customer); else English for a buyer from another
 * state (a Karnataka business reads no Tamil tax invoice); else null, the language of whoever opens it.
 */
export function billLanguage(sale: {
  customerLanguage?: string | null;
  shopCustomerLanguage?: string | null;
  buyer?: Pick<Buyer, 'gstin' | 'stateCode'> | null;
}): BillLanguage | null {
  if (sale.customerLanguage === 'ta') return 'ta';
  if (isBillLanguage(sale.shopCustomerLanguage)) return sale.shopCustomerLanguage;
  if (sale.buyer && outsideTamilNadu(buyerStateCode(sale.buyer))) return 'en';
  return null;
}

/** The language a new shop customer gets when none is chosen: English for one from another state, else Tamil. */
export const newCustomerLanguage = (stateCode: string | null | undefined): BillLanguage => (outsideTamilNadu(stateCode) ? 'en' : 'ta');
