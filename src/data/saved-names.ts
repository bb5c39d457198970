import { savedNamesFast } from '../offline/cache-names';
import { useSession } from '../stores/session';

/** The names saved for the signed-in user that start with `prefix` (e.g. "order:"), to save only what is missing. */
export const savedNames = (prefix: string): Promise<Set<string>> => savedNamesFast(useSession.getState().userInfo?._id ?? 'anon', prefix);
