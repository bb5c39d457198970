import type { z } from 'zod';
import type { messageResponse } from '../../../core/schemas/common';
import type { areasResponse, registerSchema, SessionResponse } from '../../../core/schemas/user';
import { api, ApiError } from '../../lib/api';
import { getLanguage, setLanguage, type Translate } from '../../lib/i18n';
import { isLang, LANG_STORAGE_KEY } from '../../lib/language';
import { saveLanguageToProfile } from '../../data/language-profile';
import type { UserInfo } from '../../stores/session';

type Message = z.infer<typeof messageResponse>;

/** The session keeps only what the app needs, not the token's server-side expiry or the account's dates. */
export function toUserInfo(res: SessionResponse): UserInfo {
  const { _id, name, email, phone, role, token, addresses, gstNumber, vendorDetails, upiId, shopId, shopName } = res;
  return { _id, name, email, phone, role, token, addresses, gstNumber, vendorDetails, upiId, shopId, shopName };
}

/** POST /api/users/auth answers the session: the user, a token and the token's expiry. */
export const login = (phone: string, password: string) => api.post<SessionResponse>('users/auth', { phone, password });
/**
 * Registration step 1: the server texts a 6-digit code to the phone and answers the same message for every phone.
 * The account keeps the language it was made in.
 */
export const register = (input: z.input<typeof registerSchema>) => api.post<Message>('users', { ...input, language: getLanguage() });
/** Registration step 2: the code creates the account and answers the session, as sign-in does. */
export const verifyRegistration = (phone: string, code: string) => api.post<SessionResponse>('users/verify-registration', { phone, code });
export const requestResetCode = (phone: string) => api.post<Message>('users/forgot-password', { phone });
export const resetPassword = (phone: string, otp: string, password: string) =>
  api.post<Message>('users/reset-password', { phone, otp, password });
/** From the old phone: the code texted there when the account's phone changed restores it, with a new password. */
export const undoPhoneChange = (phone: string, code: string, password: string) =>
  api.post<Message>('users/undo-phone-change', { phone, code, password });
export const fetchAreas = async () => (await api.get<z.infer<typeof areasResponse>>('users/misc/areas')).areas ?? [];

/** Login errors: the server's message, else the transport error kind (in words for Tamil), else "Login failed". */
export function loginErrorText(err: unknown, fallback: string, t: Translate<'auth'>): string {
  if (err instanceof ApiError) {
    if (err.data?.message) return err.data.message;
    if (typeof err.status === 'string') return t(TRANSPORT[err.status]);
  }
  return fallback;
}

const TRANSPORT = { FETCH_ERROR: 'fetchError', TIMEOUT_ERROR: 'timeoutError', PARSING_ERROR: 'parsingError' } as const;

/**
 * After sign-in or registration, with the account's saved language. A choice made on this device (the
 * header switch, kept on the device) is the newest: it stays and goes to the profile. Without one, the
 * interface follows the account when it says Tamil; an account's 'en' is also every account's default, so
 * it does not turn a Tamil browser's interface to English.
 */
export async function followAccountLanguage(saved: string | undefined): Promise<void> {
  const shown = getLanguage();
  if (!isLang(saved) || saved === shown) return;
  if (isLang(localStorage.getItem(LANG_STORAGE_KEY))) saveLanguageToProfile(shown);
  else if (saved === 'ta') await setLanguage(saved).catch(() => undefined);
}
