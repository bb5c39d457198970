import { HOME_STATE } from './gst';

/**
 * Who a sale was made to, as printed on the bill and kept with the order at sale time: a shop
 * customer (core/schemas/customer.ts). With a GSTIN the bill is a tax invoice to a registered
 * buyer, and the sale goes to GSTR-1's B2B table.
 */
export interface Buyer {
  name: string;
  phone: string;
  /** '' for an unregistered buyer. */
  gstin: string;
  address: string;
  /** The buyer's GST state code ('' when not known). */
  stateCode: string;
}

/**
 * The place of supply of goods (IGST Act 2017, section 10(1)(a)): where the movement of the goods
 * ends, for delivery to the recipient. Goods handed over at the counter end their movement at the
 * shop, so the supply is intra-state (CGST + SGST) whatever the buyer's state or GSTIN. Goods sent
 * to an address end their movement there: its state code when it has one, else the home state.
 */
export function placeOfSupply(sale: { handedOver: boolean; shipStateCode?: string | null }): string {
  if (sale.handedOver) return HOME_STATE.code;
  const s = sale.shipStateCode?.trim();
  return s && /^\d{2}$/.test(s) ? s : HOME_STATE.code;
}

/** Inter-state (IGST at the full rate) when the place of supply is not the shop's state. */
export const isInterState = (placeOfSupplyCode: string, supplierState: string = HOME_STATE.code) => placeOfSupplyCode !== supplierState;
