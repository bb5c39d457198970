import { isoWithOffset } from '../../../core/act-time';
import type { RiderHandoverInput, RiderHandoverResponse } from '../../../core/schemas/rider-cash';
import { awaitOutcome, enqueue } from '../../offline/actions';

/** The outbox kind of a rider's cash hand-over. */
export const RIDER_HANDOVER = 'riderHandover';

/**
 * Records a rider's hand-over (POST /api/riders/:id/handovers) through the outbox: saved on this device
 * first and sent with its outbox id as the Idempotency-Key, so a replay after a lost answer records it
 * once; dated by this device's clock when it was recorded, however late it is sent. Online, the
 * server's answer (or its refusal: an ApiError); offline, or no answer in time, null: it is queued.
 */
export async function recordHandover(
  riderId: string,
  input: Omit<RiderHandoverInput, 'at'>,
  label: string,
): Promise<RiderHandoverResponse | null> {
  const body = { ...input, at: isoWithOffset(Date.now()) };
  const item = await enqueue(RIDER_HANDOVER, { method: 'POST', path: `riders/${encodeURIComponent(riderId)}/handovers`, body, label });
  const sent = await awaitOutcome(item.id, 8_000);
  return (sent?.response as RiderHandoverResponse | undefined) ?? null;
}
