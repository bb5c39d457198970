import { z } from 'zod';

export const informationSchema = z.object({
  information: z.string({ error: 'Information is required' }).trim().min(1, { error: 'Information is required' }).max(2000),
});
