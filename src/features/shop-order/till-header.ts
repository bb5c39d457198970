import { TILL_HEADER } from '../../../core/shift';
import { setStandingHeaders } from '../../lib/api';
import { useSession } from '../../stores/session';
import { readTill } from './till-store';

/** This device's till when it is one of the signed-in shop's (kept under the shop's id, whoever is at it). */
function currentTill() {
  const user = useSession.getState().userInfo;
  return user ? readTill(user.shopId ?? user._id) : null;
}

// every request from a shop's till names it, the ones queued in the outbox too (they keep it for their replay)
setStandingHeaders(() => {
  const till = currentTill();
  return till ? { [TILL_HEADER]: till.deviceId } : undefined;
});
