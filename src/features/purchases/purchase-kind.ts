import type { CreatePurchaseInput } from '../../../core/schemas/purchase';
import type { OutboxItem } from '../../offline/db';

/** The outbox kind of a bill of goods received. */
export const PURCHASE = 'purchase';

/** A bill in the outbox: "Waiting to sync", or refused ("Needs attention"). */
export interface QueuedPurchase extends OutboxItem {
  body: CreatePurchaseInput;
  /** Product names as the form saw them, for showing the bill before the server has it. */
  display?: { names: Record<string, string> };
}
