import type { z } from 'zod';
import type { areasResponse, profileCodeSentResponse, profileUpdateSchema, UserDto } from '../../../core/schemas/user';
import { api, ApiError } from '../../lib/api';

/** PUT /api/users/profile's body. */
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;

export const fetchProfile = () => api.get<UserDto>('users/profile');

/**
 * PUT /api/users/profile: 200 with the profile; 202 `{ message, user }` when the phone changed, which
 * the server does not save but texts a code to (the other fields are saved). Answers the saved
 * profile, and the server's message when a new phone waits for its SMS code.
 */
export async function saveProfile(body: ProfileUpdate) {
  const res = await api.put<UserDto | z.infer<typeof profileCodeSentResponse>>('users/profile', body);
  return 'user' in res ? { profile: res.user, phoneCodeMessage: res.message } : { profile: res, phoneCodeMessage: undefined };
}

/** Confirms the new phone with the 6-digit code sent to it; answers the profile with the new phone. */
export const verifyPhone = (phone: string, code: string) => api.post<UserDto>('users/verify-phone', { phone, code });
export const fetchAreas = async () => (await api.get<z.infer<typeof areasResponse>>('users/misc/areas')).areas ?? [];

/**
 * The message part of "Error fetching profile: …": the server's message, or null (then "Unknown error",
 * or the offline text). Transport codes such as FETCH_ERROR are never shown.
 */
export function fetchErrorDetail(err: unknown): string | null {
  return err instanceof ApiError ? (err.data?.message ?? null) : null;
}

/** "12 Kutchery Road, Adyar, Chennai - 600004" */
export function formatAddress(a: UserDto['addresses'][number]): string {
  const place = [a.address, a.area, a.city]
    .map((p) => p?.trim())
    .filter(Boolean)
    .join(', ');
  return a.pincode?.trim() ? `${place} - ${a.pincode.trim()}` : place;
}
