import { isoWithOffset } from '../../../core/act-time';
import { formatRupees, toRupees } from '../../../core/money';
import type { CloseShiftResponse, DrawerCountInput, ShiftDto } from '../../../core/schemas/shift';
import type { TillState } from '../../../core/till';
import { translate } from '../../lib/i18n';
import { awaitOutcome, enqueue } from '../../offline/actions';
import { newOutboxId } from '../../offline/outbox';
import { closedOnDevice, type ShiftFigures } from './shift-figures';
import { SHIFT_CASH, SHIFT_CLOSE, SHIFT_OPEN } from './shift-kinds';
import { type ClosedShift, type OpenShift, useTillShift } from './shift-store';
import { countedRequestPaise } from '../../../core/shift';

/** How long a screen online waits for the server's answer before it goes on with the request queued. */
const WAIT_MS = 8_000;

/**
 * Opens a shift at this device's till (POST /api/shifts) through the outbox: the shift's id is made here and is
 * its Idempotency-Key, so a replay after a lost answer opens it once, and the time is the tap's. The device
 * remembers the shift as soon as it is saved, so the counter sells at once, offline too. Online, the server's
 * shift (a refusal is thrown and nothing is remembered); offline, or no answer in time, null.
 */
export async function openShift(till: TillState, float: number, cashier: string): Promise<ShiftDto | null> {
  const id = newOutboxId();
  const now = Date.now();
  const body = { deviceId: till.deviceId, float, id, at: isoWithOffset(now) };
  const label = translate('shift', 'openLabel', { till: till.name, amount: formatRupees(float) });
  const item = await enqueue(SHIFT_OPEN, { method: 'POST', path: 'shifts', body, label }, { id, now });
  const sent = await awaitOutcome(item.id, WAIT_MS);
  const server = (sent?.response as ShiftDto | undefined) ?? null;
  useTillShift.getState().opened({ id, deviceId: till.deviceId, float, openedAt: new Date(now).toISOString(), cashier, server });
  return server;
}

/** A pay-in or pay-out of the open shift (POST /api/shifts/:id/cash), dated by the tap; the server's shift, or null when queued. */
export async function recordShiftCash(shift: OpenShift, kind: 'in' | 'out', amount: number, reason: string): Promise<ShiftDto | null> {
  const body = { kind, amount, reason, at: isoWithOffset(Date.now()) };
  const label = translate('shift', 'cashLabel', {
    kind: translate('shift', kind === 'in' ? 'payIn' : 'payOut'),
    amount: formatRupees(amount),
    reason,
  });
  const item = await enqueue(SHIFT_CASH, { method: 'POST', path: `shifts/${shift.id}/cash`, body, label });
  const sent = await awaitOutcome(item.id, WAIT_MS);
  const server = (sent?.response as ShiftDto | undefined) ?? null;
  if (server) useTillShift.getState().serverSays(server);
  return server;
}

/**
 * Closes the open shift with the drawer as counted (POST /api/shifts/:id/close). Online, the server's figures;
 * offline (or no answer in time) the device's own, marked provisional until the close reaches the server.
 * Either way the till has no open shift any more. A refusal is thrown and the shift stays open.
 */
export async function closeShift(
  shift: OpenShift,
  close: { counted: DrawerCountInput; note: string; figures: ShiftFigures },
  till: { name: string; cashier: { _id: string; name: string } },
): Promise<ClosedShift> {
  const now = Date.now();
  const note = close.note.trim();
  const body = { counted: close.counted, ...(note ? { note } : {}), at: isoWithOffset(now) };
  const label = translate('shift', 'closeLabel', { till: till.name, amount: formatRupees(toRupees(countedRequestPaise(close.counted))) });
  const item = await enqueue(SHIFT_CLOSE, { method: 'POST', path: `shifts/${shift.id}/close`, body, label });
  const sent = await awaitOutcome(item.id, WAIT_MS);
  const answer = sent?.response as CloseShiftResponse | undefined;
  const closed: ClosedShift = answer
    ? { shift: answer.shift, provisional: false }
    : { shift: closedOnDevice(shift, till, { ...close, note, at: new Date(now).toISOString() }), provisional: true };
  useTillShift.getState().closedHere(shift.deviceId, closed);
  return closed;
}
