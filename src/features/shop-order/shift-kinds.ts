/** The outbox kinds of a till's shift (kept as stored on devices): opened, a pay-in or pay-out, closed. */
export const SHIFT_OPEN = 'shiftOpen';
export const SHIFT_CASH = 'shiftCash';
export const SHIFT_CLOSE = 'shiftClose';
