import { useEffect } from 'react';
import { useCachedQuery } from '../../data/use-cached-query';
import { useSession } from '../../stores/session';
import { canActFor, holdActs } from './acting-person';
import { SwitchPersonDialog } from './switch-person-dialog';
import { loadTillPeople } from './till-people';

/**
 * A shop's till (loaded by the header on a device registered as one): Switch person's dialog, and who
 * is at the till. At every start online, and when the connection returns, the shop's people are loaded
 * again, so a person removed from the staff can no longer switch in, and one at the till leaves it. A
 * person switched in without a connection signs what they do with their PIN, which lives in the page
 * only: after a reload, or once they are no longer on the staff, the till asks for a PIN before anything else.
 */
export default function TillSwitch({ deviceId, opened, onClose }: { deviceId: string; opened: boolean; onClose: () => void }) {
  const personId = useSession((s) => s.userInfo?.personId);
  const people = useCachedQuery(`till-people:${deviceId}`, () => loadTillPeople(deviceId), { persist: false });
  const gone = personId !== undefined && people.data !== undefined && people.data !== null && !people.data.some((p) => p._id === personId);
  const held = personId !== undefined && (gone || !canActFor(personId));

  useEffect(() => {
    if (held) holdActs();
  }, [held]);

  if (!opened && !held) return null;
  return <SwitchPersonDialog deviceId={deviceId} heldFor={held ? personId : undefined} onClose={onClose} />;
}
