import type { UserDto } from '../../../core/schemas/user';
import { api } from '../../lib/api';

/** Saves the seller's UPI ID to its profile (PUT /api/users/profile; a new one takes the current password); answers the saved profile. */
export const saveUpiId = (upiId: string, currentPassword: string) => api.put<UserDto>('users/profile', { upiId, currentPassword });
