import type { z } from 'zod';
import type { shiftsResponse } from '../../../core/schemas/shift';
import { api } from '../../lib/api';

/** GET /api/shifts: the shifts of one till on one India-time day. */
export const fetchTillShifts = (deviceId: string, date: string) =>
  api.get<z.infer<typeof shiftsResponse>>('shifts', { searchParams: { deviceId, date } }).then((r) => r.shifts);
