import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { SessionResponse } from '../../core/schemas/user';
import { setApiAuth } from '../lib/api-auth';

export const SESSION_TTL_MS = 2_592_000_000; // 30 days

/**
 * The signed-in user as this device keeps it: fields of the sign-in answer. Email, GSTIN
 * and shop details are optional: no screen reads them from here, and sessions saved earlier may lack them.
 */
export type UserInfo = Pick<SessionResponse, '_id' | 'name' | 'phone' | 'role' | 'addresses' | 'token'> &
  Partial<Pick<SessionResponse, 'email' | 'gstNumber' | 'vendorDetails' | 'upiId' | 'shopId' | 'shopName'>> & {
    /**
     * On a shop's till, the person at it when they switched in by PIN without a connection: `name` and `role`
     * are theirs, the rest (the id, the token) the till's account, whose token sends what they do with their proof.
     */
    personId?: string;
  };

/** A session as this device keeps it. */
export interface KeptSession {
  userInfo: UserInfo;
  expiresAt: number | null;
}

interface SessionState {
  userInfo: UserInfo | null;
  expiresAt: number | null;
  /**
   * On a shop's till, the account signed in on it while another person of the shop works on it (they
   * switched in by PIN): switching back to it needs no sign-in. Null when that account is the one at work.
   */
  tillAccount: KeptSession | null;
  setCredentials: (user: UserInfo) => void;
  updateUser: (patch: Partial<UserInfo>) => void;
  /**
   * Another person of the shop at this till (a PIN switch), or with null the till's account again. The
   * device's saved data stays: the till is the shop's, whoever works on it.
   */
  switchPerson: (next: KeptSession | null) => void;
  clear: () => void;
}

type UserChange = (userId: string | null) => Promise<void>;
let forgetting: Promise<void> = Promise.resolve();
let onUserChange: UserChange = async () => undefined;

/**
 * A shared phone: whenever the signed-in user changes (logout, expiry, a refused session, account
 * deletion, someone else signing in), what other users left on the device goes - saved data,
 * tokens, runtime caches. The offline layer says how (src/offline/forget-user.ts registers itself at
 * start-up), so this store knows nothing below it. Their unsent outbox items stay, keyed by user,
 * for their next sign-in.
 */
export function whenUserChanges(work: UserChange): void {
  onUserChange = work;
}

function forgetOthersOnDevice() {
  forgetting = forgetting.then(() => onUserChange(useSession.getState().userInfo?._id ?? null)).catch(() => undefined);
}

/** Resolves once the last change of user has been cleaned up on this device. */
export const deviceForgotten = () => forgetting;

export const useSession = create<SessionState>()(
  persist(
    (set, get) => ({
      userInfo: null,
      expiresAt: null,
      tillAccount: null,
      setCredentials: (userInfo) => {
        const before = get().userInfo?._id ?? null;
        set({ userInfo, expiresAt: Date.now() + SESSION_TTL_MS, tillAccount: null });
        if (before !== userInfo._id) forgetOthersOnDevice();
      },
      updateUser: (patch) => set((s) => (s.userInfo ? { userInfo: { ...s.userInfo, ...patch } } : s)),
      switchPerson: (next) =>
        set((s) => {
          const home = s.tillAccount ?? (s.userInfo ? { userInfo: s.userInfo, expiresAt: s.expiresAt } : null);
          if (!home) return s;
          return next ? { ...next, tillAccount: home } : { ...home, tillAccount: null };
        }),
      clear: () => {
        const had = get().userInfo !== null;
        set({ userInfo: null, expiresAt: null, tillAccount: null });
        if (had) forgetOthersOnDevice();
      },
    }),
    {
      name: 'session',
      storage: createJSONStorage(() => localStorage),
      onRehydrateStorage: () => (state) => {
        if (state?.expiresAt && state.expiresAt <= Date.now()) state.clear();
      },
    },
  ),
);

if (typeof window !== 'undefined') {
  // signed out (or in) in another tab: this tab follows
  window.addEventListener('storage', (e) => {
    if (e.key === 'session' || e.key === null) void useSession.persist.rehydrate();
  });
}

/** Clears an expired session at start-up. */
export function expireSessionIfDue(now = Date.now()) {
  const { expiresAt, clear } = useSession.getState();
  if (expiresAt !== null && expiresAt <= now) clear();
}

export const currentToken = () => useSession.getState().userInfo?.token ?? null;

// the HTTP client (src/lib/api.ts) sends this session's token, and a refused token signs the device out
setApiAuth({
  token: currentToken,
  refused: () => {
    if (useSession.getState().userInfo) useSession.getState().clear();
  },
});
