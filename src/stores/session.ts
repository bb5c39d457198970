import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { Role } from '../../core/roles';
import type { Address } from '../../core/schemas/user';

export const SESSION_TTL_MS = 2_592_000_000; // 30 days (SPEC §4, §9)

export interface UserInfo {
  _id: string;
  name: string;
  email?: string;
  phone: string;
  role: Role;
  token: string;
  addresses: Address[];
  gstNumber?: string;
  vendorDetails?: { shopName: string; commissionPercentage: number; isActive: boolean };
}

interface SessionState {
  userInfo: UserInfo | null;
  expiresAt: number | null;
  setCredentials: (user: UserInfo) => void;
  updateUser: (patch: Partial<UserInfo>) => void;
  clear: () => void;
}

export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      userInfo: null,
      expiresAt: null,
      setCredentials: (userInfo) => set({ userInfo, expiresAt: Date.now() + SESSION_TTL_MS }),
      updateUser: (patch) => set((s) => (s.userInfo ? { userInfo: { ...s.userInfo, ...patch } } : s)),
      clear: () => set({ userInfo: null, expiresAt: null }),
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

/** Clears an expired session at start-up (SPEC §4). */
export function expireSessionIfDue(now = Date.now()) {
  const { expiresAt, clear } = useSession.getState();
  if (expiresAt !== null && expiresAt <= now) clear();
}

export const currentToken = () => useSession.getState().userInfo?.token ?? null;
