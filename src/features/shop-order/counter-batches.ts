import type { BatchDto } from '../../../core/schemas/batch';
import { api } from '../../lib/api';

/** The shop's batches with stock (GET /api/stock/batches), kept on the device so the till knows them offline. */
export const fetchShopBatches = () => api.get<BatchDto[]>('stock/batches');
/** Their name in the device's cache. */
export const COUNTER_BATCHES = 'counter-batches';
