import type { Role } from '../../../core/roles';
import type { Address } from '../../../core/schemas/user';
import { api, ApiError } from '../../lib/api';
import type { UserInfo } from '../../stores/session';

/** What POST /api/users/auth and POST /api/users/verify-registration answer: the user, a token and the token's expiry. */
export interface AuthResponse {
  _id: string;
  name: string;
  email?: string;
  phone: string;
  role: Role;
  addresses?: Address[];
  gstNumber?: string;
  vendorDetails?: UserInfo['vendorDetails'];
  token: string;
  expiresAt?: number;
}

export interface RegistrationInput {
  name: string;
  phone: string;
  password: string;
  address: Address;
}

/** The session keeps only what the app needs (SPEC §3 userInfo). */
export function toUserInfo(res: AuthResponse): UserInfo {
  return {
    _id: res._id,
    name: res.name,
    email: res.email ?? '',
    phone: res.phone,
    role: res.role,
    token: res.token,
    addresses: res.addresses ?? [],
    gstNumber: res.gstNumber ?? '',
    vendorDetails: res.vendorDetails,
  };
}

export const login = (phone: string, password: string) => api.post<AuthResponse>('users/auth', { phone, password });
/** Registration step 1: the server texts a 6-digit code to the phone and answers the same message for every phone. */
export const register = (input: RegistrationInput) => api.post<{ message: string }>('users', input);
/** Registration step 2: the code creates the account and answers the session, as sign-in does. */
export const verifyRegistration = (phone: string, code: string) => api.post<AuthResponse>('users/verify-registration', { phone, code });
export const requestResetCode = (phone: string) => api.post<{ message: string }>('users/forgot-password', { phone });
export const resetPassword = (phone: string, otp: string, password: string) =>
  api.post<{ message: string }>('users/reset-password', { phone, otp, password });
export const fetchAreas = async () => (await api.get<{ areas: string[] }>('users/misc/areas')).areas ?? [];

/** Login errors (SPEC §8): the server's message, else the transport error kind, else "Login failed". */
export function loginErrorText(err: unknown, fallback: string): string {
  if (err instanceof ApiError) {
    if (err.data?.message) return err.data.message;
    if (typeof err.status === 'string') return err.status;
  }
  return fallback;
}
