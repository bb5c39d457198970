import { z } from 'zod';
import { SCALE_PREFIXES, SCALE_VALUES } from '../scale-barcode';
import { messageResponse } from './common';

/**
 * PUT and GET /api/shop/scale-barcode: the layout of the shop's scale labels (core/scale-barcode.ts):
 * the prefix 21 to 29, a 4- to 6-digit item code, and a value that is the weight in grams or the price
 * in paise (the 12 digits' rest: 5 digits with a 5-digit item code, at most 99.999 kg or ₹999.99).
 */
export const scaleLayoutSchema = z.object({
  prefix: z.enum(SCALE_PREFIXES, { error: 'scalePrefixInvalid' }),
  itemDigits: z
    .number({ error: 'scaleItemDigitsInvalid' })
    .int({ error: 'scaleItemDigitsInvalid' })
    .min(4, { error: 'scaleItemDigitsInvalid' })
    .max(6, { error: 'scaleItemDigitsInvalid' }),
  value: z.enum(SCALE_VALUES, { error: 'scaleValueInvalid' }),
});
export type ScaleLayoutDto = z.infer<typeof scaleLayoutSchema>;

/** The answer of a save: the layout as saved, with its note. */
export const scaleLayoutSavedResponse = scaleLayoutSchema.extend(messageResponse.shape);
