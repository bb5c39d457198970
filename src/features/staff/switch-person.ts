import type { Coded } from '../../../core/coded';
import type { TillPersonDto } from '../../../core/schemas/staff';
import type { UserDto } from '../../../core/schemas/user';
import { isOfflineError } from '../../data/query-core';
import { type KeptSession, type UserInfo, useSession } from '../../stores/session';
import { actAs, stopActing } from './acting-person';
import { notePinRight } from './pin-locks';
import { endSession, profileOf, switchOnTill } from './staff-api';
import { checkPinOnTill } from './till-check';

/** Why a switch was refused: the server's refusal (its words are in the interface language), or the till's own check's. */
export type SwitchRefusal = { error: unknown } | { coded: Coded };

/** The session the till runs on: the account signed in on it. */
function tillHome(): KeptSession | null {
  const s = useSession.getState();
  return s.tillAccount ?? (s.userInfo ? { userInfo: s.userInfo, expiresAt: s.expiresAt } : null);
}

/**
 * A person switched in online, as the session keeps them: who they are (from their new session's profile),
 * and the shop's counter details of the till's account (the shop's address on a walk-in sale, its UPI ID).
 */
const personOnline = (home: UserInfo, p: UserDto, token: string): UserInfo => ({
  ...home,
  _id: p._id,
  name: p.name,
  phone: p.phone,
  role: p.role,
  email: p.email,
  shopId: p.shopId ?? home.shopId,
  shopName: p.shopName ?? home.shopName,
  token,
});

/**
 * The person at this till from now on, by their PIN. Online the server checks it (and counts wrong ones)
 * and opens a session of theirs: the app runs as them. Without a connection the till checks it (its own
 * count and lock) and the app runs on the till's account in their name and role, what they do signed with
 * their proof. Back to the till's own account, its session goes on. Null when done, else why not.
 */
export async function switchPerson(deviceId: string, person: TillPersonDto, pin: string): Promise<SwitchRefusal | null> {
  const home = tillHome();
  if (!home) return null;
  const backHome = person._id === home.userInfo._id;
  if (navigator.onLine) {
    try {
      const opened = await switchOnTill(deviceId, person._id, pin);
      notePinRight(deviceId, person._id);
      stopActing();
      if (backHome) {
        // the till's own session goes on: the one the switch opened is not needed
        void endSession(opened.token).catch(() => undefined);
        useSession.getState().switchPerson(null);
      } else {
        const profile = await profileOf(opened.token);
        useSession.getState().switchPerson({ userInfo: personOnline(home.userInfo, profile, opened.token), expiresAt: opened.expiresAt });
      }
      return null;
    } catch (err) {
      if (!isOfflineError(err)) return { error: err };
      // no answer: the till checks the PIN itself
    }
  }
  const check = await checkPinOnTill(deviceId, person, pin);
  if (!check.ok) return { coded: check.refusal };
  if (backHome) {
    stopActing();
    useSession.getState().switchPerson(null);
  } else {
    actAs(person._id, check.v);
    useSession.getState().switchPerson({
      userInfo: { ...home.userInfo, name: person.name, role: person.role, personId: person._id },
      expiresAt: home.expiresAt,
    });
  }
  return null;
}
