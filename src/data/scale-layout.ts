import type { z } from 'zod';
import type { ScaleLayoutDto, scaleLayoutSavedResponse } from '../../core/schemas/scale-barcode';
import { api } from '../lib/api';

/**
 * The layout of the shop's scale labels (core/scale-barcode.ts) as the counter and the settings reach
 * it. It is saved on the device under SCALE_LAYOUT, so the counter reads labels offline too.
 */
export const SCALE_LAYOUT = 'scale-layout';

/** GET /api/shop/scale-barcode: the shop's layout, or the default when it set none. */
export const fetchScaleLayout = () => api.get<ScaleLayoutDto>('shop/scale-barcode');

/** PUT /api/shop/scale-barcode (the owner and a manager): answers the layout as saved, with its note. */
export const saveScaleLayout = (layout: ScaleLayoutDto) =>
  api.put<z.infer<typeof scaleLayoutSavedResponse>>('shop/scale-barcode', layout);
