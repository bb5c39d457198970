import { z } from 'zod';
import { INFORMATION_MAX } from './limits';
import { messageResponse } from './common';

export const informationSchema = z.object({
  information: z
    .string({ error: 'informationRequired' })
    .trim()
    .min(1, { error: 'informationRequired' })
    .max(INFORMATION_MAX, { error: 'tooLong' }),
});

export const informationDto = z.object({ _id: z.string(), information: z.string(), createdAt: z.string() });
export type InformationDto = z.infer<typeof informationDto>;
export const informationCreatedResponse = messageResponse.extend({ information: informationDto });
/** PUT /api/informations/:id answers the announcement as it is now. */
export const informationUpdatedResponse = messageResponse.extend({ information: informationDto });
