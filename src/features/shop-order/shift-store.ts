import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { CloseShiftResponse, ShiftDto } from '../../../core/schemas/shift';
import { SHIFT_CASH, SHIFT_CLOSE, SHIFT_OPEN } from './shift-kinds';

/**
 * The shifts of this device's tills (core/shift.ts), kept in localStorage per till (its device id): the shift
 * open now, so the counter sells at once after opening one offline, the last one closed here, for its report,
 * and the float the last shift started with, the next one's default. Like the till's numbers, it belongs to the
 * device, not to the session: src/offline/forget-user.ts keeps the key when the user changes.
 */
export const SHIFT_KEY = 'till-shift';

/** The shift open at a till, as this device knows it. */
export interface OpenShift {
  /** Made on this device when the shift was opened here: the shift's id on the server. */
  id: string;
  deviceId: string;
  /** Rupees put in the drawer. */
  float: number;
  openedAt: string;
  cashier: string;
  /** The server's figures as last read; null until the server has the shift. */
  server: ShiftDto | null;
}

/** A shift closed at this till: what its report prints. */
export interface ClosedShift {
  shift: ShiftDto;
  /** Worked out on this device: the close has not reached the server yet. */
  provisional: boolean;
}

interface ShiftState {
  open: Record<string, OpenShift>;
  closed: Record<string, ClosedShift>;
  lastFloat: Record<string, number>;
  opened: (shift: OpenShift) => void;
  /** The server's figures of a shift still open here (ignored once it is closed or another is open). */
  serverSays: (shift: ShiftDto) => void;
  closedHere: (deviceId: string, closed: ClosedShift) => void;
  /** The shift open here is no longer open (closed on the server, or its opening refused). */
  forgetOpen: (deviceId: string, id: string) => void;
}

export const useTillShift = create<ShiftState>()(
  persist(
    (set) => ({
      open: {},
      closed: {},
      lastFloat: {},
      opened: (shift) =>
        set((s) => ({ open: { ...s.open, [shift.deviceId]: shift }, lastFloat: { ...s.lastFloat, [shift.deviceId]: shift.float } })),
      serverSays: (dto) =>
        set((s) => {
          const here = s.open[dto.deviceId];
          if (here?.id === dto._id && dto.closedAt === null) return { open: { ...s.open, [dto.deviceId]: { ...here, server: dto } } };
          const last = s.closed[dto.deviceId];
          if (last?.shift._id === dto._id && dto.closedAt !== null)
            return { closed: { ...s.closed, [dto.deviceId]: { shift: dto, provisional: false } } };
          return s;
        }),
      closedHere: (deviceId, closed) =>
        set((s) => {
          const { [deviceId]: _gone, ...open } = s.open;
          return { open, closed: { ...s.closed, [deviceId]: closed } };
        }),
      forgetOpen: (deviceId, id) =>
        set((s) => {
          if (s.open[deviceId]?.id !== id) return s;
          const { [deviceId]: _gone, ...open } = s.open;
          return { open };
        }),
    }),
    {
      name: SHIFT_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ open: s.open, closed: s.closed, lastFloat: s.lastFloat }),
    },
  ),
);

if (typeof window !== 'undefined') {
  // a shift opened or closed in another tab of the same till: this tab follows
  window.addEventListener('storage', (e) => {
    if (e.key === SHIFT_KEY) void useTillShift.persist.rehydrate();
  });
}

/** What the server made of a shift request sent later from the outbox: the device's shift follows it. */
export function followSentShift(kind: string, response: unknown): void {
  if (kind === SHIFT_OPEN || kind === SHIFT_CASH) useTillShift.getState().serverSays(response as ShiftDto);
  else if (kind === SHIFT_CLOSE) useTillShift.getState().serverSays((response as CloseShiftResponse).shift);
}
