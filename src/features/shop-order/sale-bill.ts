import type { OrderDto } from '../../../core/schemas/order';
import { listOutbox } from '../../offline/outbox';
import { useSession } from '../../stores/session';
import { type BillData, billFromOrder, billFromQueuedSale } from './bill-data';
import { SHOP_SALE, type QueuedShopSale } from './shop-sale';

/**
 * The bill of a sale just made at the counter: the server's order when it was sent, else the
 * provisional bill of the sale waiting in this device's outbox (offline). Null when neither is found.
 */
export async function saleBill(id: string, order: OrderDto | null): Promise<BillData | null> {
  if (order) return billFromOrder(order);
  const user = useSession.getState().userInfo;
  if (!user) return null;
  const queued = (await listOutbox(user._id)).find((i) => i.id === id && i.kind === SHOP_SALE) as QueuedShopSale | undefined;
  return queued ? billFromQueuedSale(queued, { ...user, gstNumber: user.gstNumber ?? '' }) : null;
}
