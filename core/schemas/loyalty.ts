import { z } from 'zod';
import { POINT_VALUE_MAX_PAISE, POINTS_PER_100_MAX } from '../loyalty';
import { byDto } from './common';

/**
 * Loyalty points (core/loyalty.ts): the shop's settings (PUT/GET /api/shop/loyalty), a customer's points and
 * statement (GET /api/customers/:id/points) and the balance sent to the customer (POST .../points/message).
 * A sale redeems with `redeemPoints` on the shop sale (core/schemas/order.ts).
 */

/** Points per ₹100 paid: a whole number from 1 to 1000; null: the shop gives no points. */
const pointsPer100 = z
  .number({ error: 'loyaltyPointsPer100Invalid' })
  .int({ error: 'loyaltyPointsPer100Invalid' })
  .min(1, { error: 'loyaltyPointsPer100Invalid' })
  .max(POINTS_PER_100_MAX, { error: 'loyaltyPointsPer100Invalid' })
  .nullable();

/** What one point takes off a bill, rupees: ₹0.01 to ₹100, whole paise; null: points are not redeemed. */
const rupeesPerPoint = z
  .number({ error: 'loyaltyPointValueInvalid' })
  .min(0.01, { error: 'loyaltyPointValueInvalid' })
  .max(POINT_VALUE_MAX_PAISE / 100, { error: 'loyaltyPointValueInvalid' })
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, { error: 'loyaltyPointValueInvalid' })
  .nullable();

/** PUT /api/shop/loyalty, and GET's answer (both null until the owner sets them: off). */
export const loyaltySettingsSchema = z.object({ pointsPer100, rupeesPerPoint });
export type LoyaltySettings = z.infer<typeof loyaltySettingsSchema>;

/** The points a sale may redeem: a whole number above 0 (checked against the balance and the bill by the server). */
export const redeemPointsSchema = z
  .number({ error: 'loyaltyRedeemInvalid' })
  .int({ error: 'loyaltyRedeemInvalid' })
  .min(1, { error: 'loyaltyRedeemInvalid' })
  .max(10_000_000, { error: 'loyaltyRedeemInvalid' });

export const POINTS_KINDS = ['earned', 'redeemed', 'returned', 'reversed'] as const;
export type PointsKind = (typeof POINTS_KINDS)[number];

/** One line of a customer's points statement, oldest first, with the balance after it. */
export const pointsEntryDto = z.object({
  _id: z.string(),
  at: z.string(),
  kind: z.enum(POINTS_KINDS),
  /** Signed: + earned or given back, - redeemed or taken back. */
  points: z.number(),
  balance: z.number(),
  orderId: z.string().nullable(),
  /** The bill's invoice number (null: none yet), and the credit note's for a return. */
  invoiceNumber: z.string().nullable(),
  creditNoteNumber: z.string().nullable(),
  by: byDto.nullable(),
});

/** GET /api/customers/:id/points: the balance, what it is worth now, the shop's rates and the statement. */
export const customerPointsDto = z.object({
  customerId: z.string(),
  balance: z.number(),
  /** Rupees the balance takes off a bill at the shop's value of a point now (0: redeeming is off). */
  worth: z.number(),
  settings: loyaltySettingsSchema,
  entries: z.array(pointsEntryDto),
});
export type CustomerPointsDto = z.infer<typeof customerPointsDto>;

/** POST /api/customers/:id/points/message: the balance by SMS from the shop's sender; the text and a WhatsApp link come back. */
export const pointsMessageResponse = z.object({
  message: z.string(),
  code: z.string(),
  /** false: the phone is over its SMS cap for now (send it by WhatsApp instead). */
  sent: z.boolean(),
  text: z.string(),
  whatsappUrl: z.string(),
});
export type PointsMessageResponse = z.infer<typeof pointsMessageResponse>;
