import type { CreateReturnInput, CreditNoteDto } from '../../../core/schemas/returns';
import { isoWithOffset } from '../../../core/act-time';
import { awaitOutcome, enqueue } from '../../offline/actions';

/** The outbox kind of a return against a sale. */
export const RETURN = 'return';

/**
 * Sends a return (POST /api/Orders/:id/returns) through the outbox: saved on this device first and
 * sent with its outbox id as the Idempotency-Key, the body carrying the credit note's own id, so a
 * replay after a lost answer makes one note. Online, the server's credit note (or its refusal: an
 * ApiError) comes back; offline (or no answer in time) null: it is queued and numbered when it arrives.
 */
export async function submitReturn(orderId: string, body: CreateReturnInput, label: string): Promise<CreditNoteDto | null> {
  // the time it was recorded here dates the credit note, however late it is sent (core/act-time.ts)
  const recorded = { ...body, at: body.at ?? isoWithOffset(Date.now()) };
  const item = await enqueue(RETURN, { method: 'POST', path: `Orders/${encodeURIComponent(orderId)}/returns`, body: recorded, label });
  const sent = await awaitOutcome(item.id, 8_000);
  return (sent?.response as CreditNoteDto | undefined) ?? null;
}
