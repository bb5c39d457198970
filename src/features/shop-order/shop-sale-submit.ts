import { packOf, soldInKey } from '../../../core/packs';
import type { z } from 'zod';
import type { createOrderResponse } from '../../../core/schemas/order';
import type { ShopOrderPayload } from '../../../core/shop-order';
import type { PricedLine } from '../../../core/pricing';
import { readSaved } from '../../data/use-cached-query';
import { PAYMENT_PROVIDER } from '../../data/payment-provider';
import { LOYALTY_SETTINGS } from '../../data/loyalty';
import type { LoyaltySettings } from '../../../core/schemas/loyalty';
import { toPaise } from '../../../core/money';
import { paysByUpi } from '../../../core/payments';
import type { PaymentSettingsDto } from '../../../core/schemas/payment';
import { awaitOutcome } from '../../offline/actions';
import { readTillCatalog } from './till-catalog';
import { enqueueShopSale } from './shop-sale-outbox';
import { numberAtTill, topUpTill, type TillNumbering } from './till-numbers';

// Loaded when a sale is submitted: the outbox (and IndexedDB's library) stay out of the sale screen's first load.
/**
 * Sends one shop (walk-in) sale, POST /api/Orders, through the outbox: saved on this device first
 * with a client-made id and the sale time, then sent with an Idempotency-Key. Online, the server's
 * answer (or refusal) shows as before; offline it is saved and shows in Pending Orders as Waiting to sync.
 */
export async function submitShopOrder(
  userId: string,
  sale: ShopOrderPayload,
  id?: string,
  /** How the till priced each line, by its product and pack (core/packs.ts soldInKey), kept for the provisional bill. */
  priced?: ReadonlyMap<string, PricedLine>,
): Promise<{ response: z.infer<typeof createOrderResponse> | null } & Omit<TillNumbering, 'payload'>> {
  const products = (await readTillCatalog(userId))?.products ?? [];
  const byId = new Map(products.map((p) => [p._id, p]));
  // this device as a till gives the sale its final number now, saved before the bill is shown
  const saleTime = Date.now();
  // at a shop whose provider confirms UPI payments (as this device last heard), a UPI sale waits for its payment
  const provider = await readSaved<PaymentSettingsDto>(PAYMENT_PROVIDER);
  const awaitsPayment = !!provider?.configured && paysByUpi(sale);
  // a sale to a customer: the shop's loyalty rates as this device knows them, for its provisional bill's points
  const loyalty = sale.customerId ? await readSaved<LoyaltySettings>(LOYALTY_SETTINGS) : null;
  const { payload, number, outOfNumbers } = await numberAtTill(userId, sale, saleTime, { awaitsPayment });
  const item = await enqueueShopSale(
    payload,
    {
      lines: payload.products.map((l) => ({
        productId: l.productId,
        name: byId.get(l.productId)?.name ?? 'Product',
        nameTa: byId.get(l.productId)?.Tamil ?? '',
        unit: byId.get(l.productId)?.unit,
        gstRate: byId.get(l.productId)?.gstRate,
        hsnCode: byId.get(l.productId)?.hsnCode,
        // a pack line's factor, for the provisional bill's base quantity ("2 bag (50 kg)")
        ...(l.pack ? { pack: l.pack, packFactor: packOf(byId.get(l.productId) ?? {}, l.pack)?.factor } : {}),
        // how the till priced the line (price list, scheme), at this quantity
        ...(priced?.get(soldInKey(l)) ? { pricing: { ...priced.get(soldInKey(l))!, quantity: l.quantity } } : {}),
      })),
      ...(loyalty
        ? {
            loyalty: {
              pointsPer100: loyalty.pointsPer100,
              pointValuePaise: loyalty.rupeesPerPoint ? toPaise(loyalty.rupeesPerPoint) : null,
            },
          }
        : {}),
    },
    id,
    saleTime,
  );
  const sent = await awaitOutcome(item.id, 8_000);
  // online, the till reserves its next numbers while it can
  if (sent && (number || outOfNumbers)) void topUpTill(userId).catch(() => undefined);
  return { response: (sent?.response as z.infer<typeof createOrderResponse> | undefined) ?? null, number, outOfNumbers };
}
