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
export const saveProfile = (body: ProfileUpdate) => api.put<Profile>('users/profile', body);
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
