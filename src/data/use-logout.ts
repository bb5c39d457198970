import { useNavigate } from 'react-router-dom';
import { deviceForgotten, useSession } from '../stores/session';
import { api } from '../lib/api';

let inProgress = false;

/**
 * Logout removes this device's push subscription, calls the server, clears the session and goes to /. Unsent outbox items are
 * not left behind silently: a dialog says how many and offers to wait for them. Clearing the
 * session also clears this user's data from the device (src/offline/forget-user.ts), which is done
 * before / shows, so the next person to sign in here finds none of it.
 */
export function useLogout() {
  const navigate = useNavigate();
  return async () => {
    if (inProgress) return;
    inProgress = true;
    try {
      const user = useSession.getState().userInfo;
      if (user) {
        // loaded only now: the dialog (Mantine modals) and the outbox (Dexie) stay out of the first bundle
        const go = await import('../offline/logout-warning').then((m) => m.confirmLogout(user._id, user.token)).catch(() => true);
        if (!go) return;
      }
      // this device stops getting the account's notifications (before the session ends: the call needs it); loaded now,
      // off the first screen
      await import('../lib/push').then((m) => m.removePushOnLogout()).catch(() => undefined);
      try {
        await api.post('users/logout');
        // on a till another person switched in on, the till's own account signs out too: nobody is left signed in here
        const till = useSession.getState().tillAccount;
        if (till && till.userInfo.token !== user?.token) await api.post('users/logout', undefined, { headers: { authorization: `Bearer ${till.userInfo.token}` } });
      } catch {
        // the session is cleared locally whatever the server says (it may be offline)
      }
      useSession.getState().clear();
      await deviceForgotten();
      navigate('/', { replace: true });
    } finally {
      inProgress = false;
    }
  };
}
