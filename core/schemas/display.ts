import { z } from 'zod';
import { DISPLAY_CODE_LENGTH } from '../display';
import { idSchema, rupees } from './common';

/**
 * A customer display (core/display.ts): the bill a till shows its customer, sent over a BroadcastChannel
 * on the same computer and through the server (PUT /api/displays/state) to a paired tablet. Small and
 * strict: the server keeps the last one per display and relays it to whichever process serves the tablet.
 */
export const DISPLAY_LIMITS = {
  /** The newest lines a bill sends; `more` counts the ones before them. */
  lines: 40,
  name: 120,
  unit: 10,
  shop: 120,
  /** A UPI link (upi://pay?...) or a provider's QR image address. */
  upiUri: 1000,
  /** A PUT /api/displays/state body, in bytes (40 long Tamil lines fit with room to spare). */
  bodyBytes: 32 * 1024,
} as const;

/** idle: nothing on the bill (the shop's name); bill: the running bill; done: the sale is recorded (thank you). */
export const DISPLAY_PHASES = ['idle', 'bill', 'done'] as const;
export const DISPLAY_METHODS = ['cash', 'upi', 'card', 'credit', 'split'] as const;

const text = (max: number) => z.string().max(max);

export const displayLine = z.strictObject({
  /** The product's English name, and its Tamil one ('' when it has none). */
  name: text(DISPLAY_LIMITS.name),
  nameTa: text(DISPLAY_LIMITS.name),
  qty: z.number().min(0).max(1_000_000),
  unit: text(DISPLAY_LIMITS.unit),
  /** The line's amount, rupees. */
  amount: rupees,
});
export type DisplayLine = z.infer<typeof displayLine>;

/** Only a UPI link or an https image address becomes a QR on the display. */
const upiUri = text(DISPLAY_LIMITS.upiUri).refine((v) => /^(upi:\/\/pay\?|https:\/\/)/i.test(v), { error: 'valueInvalid' });

/**
 * How the bill is being paid: the method; with a QR up, its link and amount (and the sale it is for: the
 * provider's confirmation of that sale reaches the display as Paid); `received` once the money came.
 */
export const displayPayment = z.strictObject({
  method: z.enum(DISPLAY_METHODS),
  upiUri: upiUri.optional(),
  amount: rupees.optional(),
  orderId: idSchema.optional(),
  received: z.boolean().optional(),
});
export type DisplayPayment = z.infer<typeof displayPayment>;

export const displayBill = z.strictObject({
  phase: z.enum(DISPLAY_PHASES),
  shop: text(DISPLAY_LIMITS.shop),
  lines: z.array(displayLine).max(DISPLAY_LIMITS.lines),
  /** Lines before the ones sent. */
  more: z.number().int().min(0).max(100_000),
  total: rupees,
  payment: displayPayment.nullable(),
});
export type DisplayBill = z.infer<typeof displayBill>;

/** A bill as published, and its order: a larger `seq` is newer (core/display.ts nextDisplaySeq); an older one is ignored. */
export const displayMessage = z.strictObject({
  seq: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  bill: displayBill,
});
export type DisplayMessage = z.infer<typeof displayMessage>;

/** PUT /api/displays/state: the till's bill for the displays paired with it (`deviceId`: this device's till, if it is one). */
export const displayStateInput = displayMessage.extend({ deviceId: idSchema.optional() });
export type DisplayStateInput = z.infer<typeof displayStateInput>;
/** How many displays follow this till: none, and the till stops sending. */
export const displayStateResponse = z.object({ displays: z.number() });

/** POST /api/displays: a new display's pairing code (until `expiresAt`) and its own token, kept on the tablet. */
export const displayPairingResponse = z.object({ code: z.string(), token: z.string(), expiresAt: z.string() });

/** POST /api/displays/ticket: the display's token, for a one-minute ticket that opens its stream. */
export const displayTicketInput = z.strictObject({ token: z.string().min(1).max(200) });
export const displayTicketResponse = z.object({ ticket: z.string() });
export const displayStreamQuery = z.object({ ticket: z.string().min(1).max(200) });

/** POST /api/displays/pair: the code read off the display, and this device's till (the display follows it). */
export const displayPairInput = z.strictObject({
  code: z
    .string({ error: 'displayCodeInvalid' })
    .max(20, { error: 'displayCodeInvalid' })
    .refine((v) => v.replace(/[\s-]+/g, '').length === DISPLAY_CODE_LENGTH, { error: 'displayCodeInvalid' }),
  deviceId: idSchema.optional(),
});
export type DisplayPairInput = z.infer<typeof displayPairInput>;

/** A display paired with the shop: the till it follows (null: the shop's counter without a till), when and by whom. */
export const displayDto = z.object({
  _id: z.string(),
  deviceId: z.string().nullable(),
  deviceName: z.string().nullable(),
  pairedAt: z.string(),
  pairedBy: z.string().nullable(),
  seenAt: z.string(),
});
export type DisplayDto = z.infer<typeof displayDto>;
export const displayPairedResponse = displayDto.extend({ message: z.string(), code: z.string() });
export const displayListResponse = z.array(displayDto);
export const displayUnpairedResponse = z.object({ message: z.string(), code: z.string() });

/**
 * The events of GET /api/displays/stream: `display` (paired with a shop, its name, or not paired), `state`
 * (a DisplayMessage) and `payment` (the sale `orderId` is paid: the provider confirmed it, or a person did).
 */
export const displayStatusEvent = z.object({ paired: z.boolean(), shop: z.string().nullable() });
export type DisplayStatusEvent = z.infer<typeof displayStatusEvent>;
export const displayPaidEvent = z.object({ orderId: z.string() });
export type DisplayPaidEvent = z.infer<typeof displayPaidEvent>;
