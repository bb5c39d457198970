import { formatQuantity } from '../../../core/units';
import type { QueuedShopSale } from './shop-sale';

/**
 * A queued line's quantity with its unit as the counter saw it: "1.25 kg", "3". Apart from shop-sale.ts,
 * which the app's entry loads (the outbox views), so core/units stays in the lazy chunks.
 */
export const lineQuantity = (item: QueuedShopSale, productId: string, quantity: number): string =>
  formatQuantity(quantity, item.display?.lines.find((l) => l.productId === productId)?.unit ?? 'pcs');
