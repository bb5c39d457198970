import { type ShopOrderPayload, shopSaleTotal } from '../../../core/shop-order';
import { enqueue, replaceOutboxItem } from '../../offline/actions';
import { type OutboxRequest, type QueueOptions, newOutboxId } from '../../offline/outbox';
import { type QueuedShopSale, SHOP_SALE, type ShopSaleBody, type ShopSaleDisplay } from './shop-sale';

/**
 * A sale as an outbox request (POST /api/Orders) and the options that key it: a new client-made id,
 * which is the order's _id and the Idempotency-Key, and the sale time, which becomes the order's date.
 */
export function shopSaleRequest(
  payload: ShopOrderPayload,
  display: ShopSaleDisplay,
  saleTime: number,
  id: string = newOutboxId(),
): [OutboxRequest, QueueOptions] {
  const body: ShopSaleBody = { ...payload, _id: id, createdAt: new Date(saleTime).toISOString() };
  // what the till charged (price lists, schemes, points), else the lines' own total
  const label = `Shop sale ₹${(payload.tillTotal ?? shopSaleTotal(payload.products)).toLocaleString('en-IN')}`;
  return [
    { method: 'POST', path: 'Orders', body, label, display },
    { id, now: saleTime },
  ];
}

/** A refused sale edited: a new id and key (the old key is spent on the refused body), the original sale time. */
export const editedShopSaleRequest = (item: QueuedShopSale, payload: ShopOrderPayload, display: ShopSaleDisplay) =>
  shopSaleRequest(withTillNumber(item, payload), display, Date.parse(item.body.createdAt) || item.createdAt);

/**
 * An edited sale keeps the number its till gave it (the server never recorded a refused sale, so the
 * number is still free and the till's series stays gap-free), unless the refusal may have been about
 * the number (409: used; 404: the till is unknown): then the server numbers it in the vendor's series.
 * A sale changed to deliver later leaves it too: it is numbered at delivery.
 */
function withTillNumber(item: QueuedShopSale, payload: ShopOrderPayload): ShopOrderPayload {
  const { deviceId, invoiceNumber } = item.body;
  const keep = deviceId && invoiceNumber && item.lastStatus !== 409 && item.lastStatus !== 404 && payload.handedOver;
  return keep ? { ...payload, deviceId, invoiceNumber } : payload;
}

/**
 * A walk-in sale, saved on this device first; it shows in Pending Orders as Waiting to sync until the
 * server has it. `id` (made when the sale screen opened) is the order's id: its bill is /receipt/<id>.
 */
export async function enqueueShopSale(
  payload: ShopOrderPayload,
  display: ShopSaleDisplay,
  id?: string,
  saleTime: number = Date.now(),
): Promise<QueuedShopSale> {
  return (await enqueue(SHOP_SALE, ...shopSaleRequest(payload, display, saleTime, id))) as QueuedShopSale;
}

/** Edit and resend a refused sale: it takes the old item's place in the outbox. */
export async function resendShopSale(
  item: QueuedShopSale,
  payload: ShopOrderPayload,
  display: ShopSaleDisplay,
): Promise<QueuedShopSale | null> {
  return (await replaceOutboxItem(item.id, SHOP_SALE, ...editedShopSaleRequest(item, payload, display))) as QueuedShopSale | null;
}
