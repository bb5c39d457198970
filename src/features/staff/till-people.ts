import type { TillPersonDto } from '../../../core/schemas/staff';
import { isOfflineError } from '../../data/query-core';
import { readCache, writeCache } from '../../offline/cache';
import { useSession } from '../../stores/session';
import { fetchTillPeople } from './staff-api';

/**
 * The people of a till's shop as the till keeps them (IndexedDB) to switch people offline: their names,
 * roles and what checks their PINs. Saved under the account signed in on the till, whoever is at it now,
 * and loaded again at every start online, so a person removed from the staff is dropped.
 */
const name = (deviceId: string) => `till-people:${deviceId}`;

/** The account signed in on this till (the one whose saved data it keeps). */
function tillAccountId(): string | null {
  const s = useSession.getState();
  return (s.tillAccount?.userInfo ?? s.userInfo)?._id ?? null;
}

/** The people from the server, saved on the till; without a connection, those the till saved (else the failure). */
export async function loadTillPeople(deviceId: string): Promise<TillPersonDto[]> {
  const account = tillAccountId();
  try {
    const people = await fetchTillPeople(deviceId);
    if (account) await writeCache(account, name(deviceId), people);
    return people;
  } catch (err) {
    const saved = account && isOfflineError(err) ? await readCache<TillPersonDto[]>(account, name(deviceId)) : null;
    if (saved) return saved.value;
    throw err;
  }
}
