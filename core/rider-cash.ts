/**
 * The cash a rider collects on delivery. An order a rider marks delivered with "cash collected" puts
 * its total in his hands for its shop; the shop records each hand-over after counting it. What he
 * holds for a shop is what he collected for it less what he handed over to it, never below zero: a
 * hand-over of more than that is refused. Only a rider holds cash this way: a shop that delivers its
 * own order and takes the cash has it in the shop already.
 */

/** The longest note on a hand-over. */
export const HANDOVER_NOTE_MAX = 200;
/** A rider's hand-overs listed: those of the last 30 days, at most 50 of them, newest first. */
export const HANDOVER_HISTORY_DAYS = 30;
export const HANDOVER_HISTORY_MAX = 50;
/** The largest hand-over, in rupees (₹1 crore, the app's money limit). */
export const HANDOVER_MAX_RUPEES = 10_000_000;
