import type { CreateReturnInput, CreditNoteDto } from '../../../core/schemas/returns';
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
  const item = await enqueue(RETURN, { method: 'POST', path: `Orders/${encodeURIComponent(orderId)}/returns`, body, label });
  const sent = await awaitOutcome(item.id, 8_000);
  return (sent?.response as CreditNoteDto | undefined) ?? null;
}
