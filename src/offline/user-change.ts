import { whenUserChanges } from '../stores/session';

/**
 * On a shared phone, a change of signed-in user forgets what the last one left on the device
 * (forget-user.ts, loaded only when it happens). Called once at start-up, before anyone can sign in or out.
 */
export function forgetOthersOnUserChange(): void {
  whenUserChanges((userId) => import('./forget-user').then((m) => m.forgetOtherUsers(userId)));
}
