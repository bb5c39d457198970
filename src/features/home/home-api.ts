import type { InformationDto } from '../../../core/schemas/information';
import type { AreaCounts } from '../../../core/schemas/order';
import type { UserDto } from '../../../core/schemas/user';
import { api } from '../../lib/api';

/** GET /api/informations, newest first whatever order the server used. */
export async function fetchAnnouncements(): Promise<InformationDto[]> {
  const list = await api.get<InformationDto[]>('informations');
  return [...(list ?? [])].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}

/** GET /api/Orders/area-counts: each area with its pending orders' count (delivery and admin; saved as "area-counts"). */
export const fetchAreaCounts = () => api.get<AreaCounts>('Orders/area-counts');

/** GET /api/users/profile: a seller's answer carries its delivery areas and product count (the first-day checklist). */
export const fetchProfile = () => api.get<UserDto>('users/profile');
