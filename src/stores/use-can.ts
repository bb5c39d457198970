import { type Action, can } from '../lib/can';
import { useSession } from './session';

/** Whether the signed-in account may do `action` (false when nobody is signed in). */
export const useCan = (action: Action): boolean => useSession((s) => can(s.userInfo, action));
