import { z } from 'zod';

export const informationSchema = z.object({
  information: z.string({ error: 'Information is required' }).trim().min(1, { error: 'Information is required' }).max(2000),
});

export const informationDto = z.object({ _id: z.string(), information: z.string(), createdAt: z.string() });
export type InformationDto = z.infer<typeof informationDto>;
export const informationCreatedResponse = z.object({ message: z.string(), information: informationDto });
