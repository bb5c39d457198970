import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { ShiftDto } from '../../../core/schemas/shift';
import type { TillState } from '../../../core/till';
import { useCachedQuery } from '../../data/use-cached-query';
import { useOfflineStatus } from '../../offline/status';
import { useSession } from '../../stores/session';
import { istDay } from '../../../core/dates';
import { fetchTillShifts } from './shift-api';
import { type ClosedShift, type OpenShift, useTillShift } from './shift-store';
import { readTill, subscribeTills, tillsSnapshot } from './till-store';
// the counter's requests name its till, even before the header's menus have loaded
import './till-header';

export interface CounterShift {
  /** This device's till of the signed-in shop, if it is one. */
  till: TillState | null;
  /** The shift open at the till, as the device knows it. */
  open: OpenShift | null;
  /** The last shift closed at this till. */
  closed: ClosedShift | null;
  /** The float the last shift started with (rupees), the next one's default. */
  lastFloat: number;
  /** A till with no open shift: the counter asks for one before selling. */
  needed: boolean;
}

/**
 * This device's till and its shift. Online, the till's shifts of the day the open one started (or today) are
 * read from the server and again whenever something reached it: a shift the server has open and this device
 * does not know (its storage was cleared) is taken up, the open one's figures follow the server's, and one
 * the server has closed is closed here too. A shift this device closed itself is never taken up again.
 */
export function useCounterShift(): CounterShift {
  const user = useSession((s) => s.userInfo);
  const shopKey = user ? (user.shopId ?? user._id) : undefined;
  const saved = useSyncExternalStore(subscribeTills, tillsSnapshot);
  // read again whenever the saved tills change (registered, retired)
  const till = useMemo(() => readTill(shopKey), [saved, shopKey]);
  const deviceId = till?.deviceId ?? '';
  const open = useTillShift((s) => s.open[deviceId] ?? null);
  const closed = useTillShift((s) => s.closed[deviceId] ?? null);
  const lastFloat = useTillShift((s) => s.lastFloat[deviceId] ?? 0);
  const online = useOfflineStatus((s) => s.online);
  const day = istDay(open ? Date.parse(open.openedAt) : Date.now());
  const q = useCachedQuery(till && online ? `till-shifts:${deviceId}:${day}` : null, () => fetchTillShifts(deviceId, day), {
    persist: false,
    refetchOnSync: true,
  });

  useEffect(() => {
    if (q.data) followServer(deviceId, q.data);
  }, [deviceId, q.data]);

  return { till, open, closed, lastFloat, needed: !!till && !open };
}

/** The device's shift after the server's list of the till's shifts (see useCounterShift). */
function followServer(deviceId: string, shifts: ShiftDto[]) {
  const store = useTillShift.getState();
  const here = store.open[deviceId];
  const mine = here && shifts.find((s) => s._id === here.id);
  if (mine) {
    if (mine.closedAt === null) store.serverSays(mine);
    else store.closedHere(deviceId, { shift: mine, provisional: false });
    return;
  }
  const serverOpen = shifts.find((s) => s.closedAt === null);
  if (!here && serverOpen && store.closed[deviceId]?.shift._id !== serverOpen._id)
    store.opened({
      id: serverOpen._id,
      deviceId,
      float: serverOpen.float,
      openedAt: serverOpen.openedAt,
      cashier: serverOpen.cashier.name,
      server: serverOpen,
    });
}
