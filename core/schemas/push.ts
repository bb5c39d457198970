import { z } from 'zod';
import { ORDER_STATUSES } from '../order-statuses';

/** The most areas a rider's device follows, and an endpoint's longest length (push services use ~200-500). */
export const PUSH_AREAS_MAX = 50;
const ENDPOINT_MAX = 1000;

/** POST /api/push/subscriptions: the browser's PushSubscription (toJSON), and the areas a rider follows. */
export const pushSubscribeSchema = z.object({
  endpoint: z
    .string({ error: 'pushEndpointRefused' })
    .min(1, { error: 'pushEndpointRefused' })
    .max(ENDPOINT_MAX, { error: 'pushEndpointRefused' }),
  keys: z.object({
    p256dh: z.string().min(1).max(200),
    auth: z.string().min(1).max(100),
  }),
  areas: z.array(z.string().trim().min(1).max(100)).max(PUSH_AREAS_MAX).optional(),
});
export type PushSubscribeInput = z.infer<typeof pushSubscribeSchema>;

/** DELETE /api/push/subscriptions: this device's endpoint. */
export const pushUnsubscribeSchema = z.object({ endpoint: z.string().min(1).max(ENDPOINT_MAX) });

export const pushPublicKeyResponse = z.object({ publicKey: z.string() });

/** What a push carries to the service worker: the texts in the recipient's language and the page to open. */
export const pushPayload = z.object({ title: z.string(), body: z.string(), url: z.string(), orderId: z.string(), tag: z.string() });
export type PushPayload = z.infer<typeof pushPayload>;

export const eventTicketResponse = z.object({ ticket: z.string() });

/**
 * One event of GET /api/events (the `data:` of an `order` event): which order changed and how.
 * created: a new order; status: its status changed; payment: its payment status changed alone (a UPI
 * payment the provider confirmed, a credit sale settled); deleted: it is gone.
 */
export const liveOrderEvent = z.object({
  orderId: z.string(),
  kind: z.enum(['created', 'status', 'payment', 'deleted']),
  status: z.enum(ORDER_STATUSES),
  area: z.string(),
  isShop: z.boolean(),
});
export type LiveOrderEvent = z.infer<typeof liveOrderEvent>;
