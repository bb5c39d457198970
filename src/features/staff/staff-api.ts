import type { z } from 'zod';
import type {
  CreateStaffInput,
  StaffDto,
  staffRemovedResponse,
  SwitchResponse,
  TillPersonDto,
  UpdateStaffInput,
} from '../../../core/schemas/staff';
import type { UserDto } from '../../../core/schemas/user';
import { api } from '../../lib/api';

/** The shop's staff (an admin names the shop). */
export const fetchStaff = (shopId?: string) => api.get<StaffDto[]>('shop/staff', shopId ? { searchParams: { shopId } } : undefined);
export const addStaff = (input: CreateStaffInput) => api.post<StaffDto>('shop/staff', input);
export const updateStaff = (id: string, patch: UpdateStaffInput) => api.put<StaffDto>(`shop/staff/${encodeURIComponent(id)}`, patch);
/** Removes a person from the staff; the server ends their sessions everywhere. */
export const removeStaff = (id: string) => api.delete<z.infer<typeof staffRemovedResponse>>(`shop/staff/${encodeURIComponent(id)}`);

/** The people of the till's shop with what the till keeps to check their PINs offline. */
export const fetchTillPeople = (deviceId: string) => api.get<TillPersonDto[]>(`devices/${encodeURIComponent(deviceId)}/people`);
/** A PIN switch: a session of that person on this till. */
export const switchOnTill = (deviceId: string, staffId: string, pin: string) =>
  api.post<SwitchResponse>(`devices/${encodeURIComponent(deviceId)}/switch`, { staffId, pin });

const as = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
/** The profile of the session `token` opened (a person switched in). */
export const profileOf = (token: string) => api.get<UserDto>('users/profile', as(token));
/** Ends the session of `token` on the server. */
export const endSession = (token: string) => api.post('users/logout', undefined, as(token));
