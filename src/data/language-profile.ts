import { useSession } from '../stores/session';
import { api } from '../lib/api';
import type { Lang } from '../lib/language';

/** The chosen language follows the user to other devices: saved in the profile when signed in (best effort). */
export function saveLanguageToProfile(lang: Lang): void {
  if (!useSession.getState().userInfo) return;
  api.put('users/profile', { language: lang }).catch(() => undefined);
}
