import type { Role } from '../../../core/roles';
import type { Address } from '../../../core/schemas/user';
import { api, ApiError } from '../../lib/api';

export interface Profile {
  _id: string;
  name: string;
  email?: string;
  phone: string;
  role: Role;
  addresses: Address[];
  gstNumber?: string;
  vendorDetails?: { shopName: string; commissionPercentage: number; isActive: boolean };
}

export interface ProfileUpdate {
  name: string;
  email: string;
  phone: string;
  password?: string;
  addresses: Address[];
  gstNumber?: string;
  vendorDetails?: { shopName: string };
}

export const fetchProfile = () => api.get<Profile>('users/profile');
/** What saving answers: the saved profile, and the server's message when a new phone waits for its SMS code. */
export interface SaveResult {
  profile: Profile | undefined;
  phoneCodeMessage?: string;
}

/**
 * PUT /api/users/profile: 200 with the profile; 202 `{ message, user }` when the phone changed, which
 * the server does not save but texts a code to (the other fields are saved).
 */
export async function saveProfile(body: ProfileUpdate): Promise<SaveResult> {
  const res = await api.put<Profile | { message: string; user: Profile }>('users/profile', body);
  if (res && 'user' in res && typeof res.message === 'string') return { profile: res.user, phoneCodeMessage: res.message };
  return { profile: res as Profile | undefined };
}

/** Confirms the new phone with the 6-digit code sent to it; answers the profile with the new phone. */
export const verifyPhone = (phone: string, code: string) => api.post<Profile>('users/verify-phone', { phone, code });
export const fetchAreas = async () => (await api.get<{ areas: string[] }>('users/misc/areas')).areas ?? [];

/** The message part of "Error fetching profile: …" (SPEC §8). */
export function fetchErrorDetail(err: unknown): string | null {
  if (err instanceof ApiError) return err.data?.message ?? (typeof err.status === 'string' ? err.status : null);
  return err instanceof Error && err.message ? err.message : null;
}

/** "12 Kutchery Road, Adyar, Chennai - 600004" */
export function formatAddress(a: Address): string {
  const place = [a.address, a.area, a.city].map((p) => p?.trim()).filter(Boolean).join(', ');
  return a.pincode?.trim() ? `${place} - ${a.pincode.trim()}` : place;
}

/** A GSTIN: 2-digit state code, PAN (5 letters, 4 digits, 1 letter), entity number, Z, check character. */
export const GSTIN = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
