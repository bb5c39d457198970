import type { z } from 'zod';
import { isoWithOffset } from '../../../core/act-time';
import type { ApprovalInput } from '../../../core/schemas/approval';
import type { OrderDto, orderChangedResponse } from '../../../core/schemas/order';
import type { UpiQrResponse } from '../../../core/schemas/payment';
import { api, toApiError } from '../../lib/api';
import { translate } from '../../lib/i18n';
import { awaitOutcome, enqueue } from '../../offline/actions';

/** The outbox kind of a UPI payment confirmed by hand (kept as stored on devices). */
export const UPI_CONFIRM = 'upiConfirm';
/** How long the dialog waits for the server's answer before it goes on with the confirmation queued. */
const WAIT_MS = 8_000;

/** A sale's UPI collection as the counter shows it: its QR (none when it was paid before one was made) and, once paid, the order. */
export interface UpiCollect {
  qr: UpiQrResponse | null;
  /** The order once paid (its `payment` says how); null while it waits. */
  order: OrderDto | null;
}

export const fetchSaleOrder = (id: string) => api.get<OrderDto>(`Orders/${encodeURIComponent(id)}`);

/**
 * POST /api/Orders/:id/upi-qr: the sale's QR for its exact amount (made, or given again after the server read
 * the provider's payments: a late webhook), and the paid order when it is paid.
 */
export async function fetchUpiCollect(id: string): Promise<UpiCollect> {
  try {
    const qr = await api.post<UpiQrResponse>(`Orders/${encodeURIComponent(id)}/upi-qr`);
    return { qr, order: qr.paid ? await fetchSaleOrder(id) : null };
  } catch (err) {
    const refused = await toApiError(err);
    // paid before any QR was made (someone confirmed it by hand): the order says how
    if (refused.data?.code === 'upiAlreadyPaid') return { qr: null, order: await fetchSaleOrder(id) };
    throw refused;
  }
}

/**
 * POST /api/Orders/:id/confirm-payment through the outbox, after the sale itself (the outbox sends a user's
 * items in order), dated by the tap, so it is sent offline too. Online, the server's order (a refusal is
 * thrown: approvalRequired brings the manager's PIN, src/components/approval-dialog.tsx); offline, or no
 * answer in time, null: it waits in the outbox.
 */
export async function confirmByHand(
  id: string,
  body: { reason: string; at: string; approval?: ApprovalInput },
  ref: string,
): Promise<OrderDto | null> {
  const label = translate('upi-collect', 'upiConfirmLabel', { ref });
  const item = await enqueue(UPI_CONFIRM, {
    method: 'POST',
    path: `Orders/${encodeURIComponent(id)}/confirm-payment`,
    body,
    label,
    subject: id,
  });
  const sent = await awaitOutcome(item.id, WAIT_MS);
  return (sent?.response as z.infer<typeof orderChangedResponse> | undefined)?.order ?? null;
}

/** The time of a tap, as the server takes it (core/act-time.ts). */
export const tapTime = () => isoWithOffset(Date.now());
