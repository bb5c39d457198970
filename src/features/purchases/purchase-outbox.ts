import type { CreatePurchaseInput, PurchaseDto } from '../../../core/schemas/purchase';
import { awaitOutcome, enqueue } from '../../offline/actions';
import { PURCHASE } from './purchase-kind';

/**
 * Sends a bill (POST /api/purchases) through the outbox: saved on this device first and sent with its
 * outbox id as the Idempotency-Key, so a replay after a lost answer records it once. Online, the
 * server's answer (or refusal: an ApiError) comes back; offline (or no answer in time) null: it is queued.
 */
export async function submitPurchase(body: CreatePurchaseInput, names: Record<string, string>): Promise<PurchaseDto | null> {
  const item = await enqueue(PURCHASE, {
    method: 'POST',
    path: 'purchases',
    body,
    label: `Goods received: bill ${body.billNumber} (${body.supplier.name})`,
    display: { names },
  });
  const sent = await awaitOutcome(item.id, 8_000);
  return (sent?.response as PurchaseDto | undefined) ?? null;
}
