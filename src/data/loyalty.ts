import type { CustomerPointsDto, LoyaltySettings, PointsMessageResponse } from '../../core/schemas/loyalty';
import { api } from '../lib/api';

/**
 * Loyalty points (core/loyalty.ts) as the settings card, the customer's page and the counter reach them.
 * The shop's settings are saved on the device under LOYALTY_SETTINGS, so the counter knows a point's value
 * offline; a customer's points under `${CUSTOMER_POINTS}${id}`.
 */
export const LOYALTY_SETTINGS = 'loyalty-settings';
export const CUSTOMER_POINTS = 'customer-points:';

/** GET /api/shop/loyalty: the shop's settings (both null until the owner sets them: off). */
export const fetchLoyaltySettings = () => api.get<LoyaltySettings>('shop/loyalty');

/** PUT /api/shop/loyalty (the owner): answers the settings as saved. */
export const saveLoyaltySettings = (body: LoyaltySettings) => api.put<LoyaltySettings>('shop/loyalty', body);

/** GET /api/customers/:id/points: the balance, its worth and the statement. */
export const fetchCustomerPoints = (customerId: string) => api.get<CustomerPointsDto>(`customers/${customerId}/points`);

/** POST /api/customers/:id/points/message: the balance by SMS in the customer's language; the text and a WhatsApp link. */
export const sendPointsMessage = (customerId: string) => api.post<PointsMessageResponse>(`customers/${customerId}/points/message`, {});
