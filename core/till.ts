import type { PlainCode } from './coded';
import { financialYear, fyOfTag, invoiceNumber, invoiceSeries, SEQ_MAX, seriesHead } from './invoice';

/**
 * Tills: a vendor's registered devices, each with an invoice series of its own, so that a sale rung
 * up offline gets its final number on the device. A till's prefix is the vendor's prefix, "-" and the
 * till's number ("MS" till 1: "MS-1"; the prefix is cut so the head fits 6 characters: "ABCDEF" till 12:
 * "ABC-12"), fixed when the till is registered. Its series is per financial year like the vendor's
 * (MS-1/26/000001), and the till may use only the numbers the server reserved for it, in blocks,
 * while online: the server never gives a number twice, and a till out of numbers falls back to the
 * provisional bill (the server then numbers the sale in the vendor's own series).
 *
 * Tills registered before have a prefix without the "-" ("MS1"; "M2-1" after a prefix ending in a
 * digit): their new numbers take the same head as a new till of that number would ("MS-1"), and the
 * numbers they gave in the longer form (MS1/2026-27/000001) are still read back.
 */
export const TILL_BLOCK_DEFAULT = 50;
export const TILL_BLOCK_MAX = 500;
/** A till online asks for the next block when fewer numbers than this are left in its year. */
export const TILL_TOP_UP_BELOW = 20;
/** In the last days of March a till online also reserves a block of the coming financial year. */
export const TILL_NEXT_YEAR_DAYS = 7;
/** The highest sequence a series takes (six digits). */
export const TILL_SEQ_MAX = SEQ_MAX;
/** The highest till number: its head is then one letter of the prefix, "-" and four digits ("M-9999"). */
export const TILL_NO_MAX = 9_999;

/** "MS" + till 1 -> "MS-1"; "ABCDEF" + till 12 -> "ABC-12". */
export const tillPrefix = (vendorPrefix: string, tillNo: number): string => seriesHead(vendorPrefix, String(tillNo));

/**
 * The head of a till's numbers from its stored prefix, new ("MS-1") or registered before ("MS1",
 * "M2-1", "ABCDEF12": the vendor's prefix and the till number, a "-" between them after a digit).
 */
export function tillHead(prefix: string): string {
  const m = /^(.*?)-?(\d+)$/.exec(prefix);
  return m ? tillPrefix(m[1], Number(m[2])) : prefix;
}

/** A till's number read back: its financial year, sequence and series, or null when it is not of that till's series. */
export function parseTillNumber(number: string, prefix: string): { fy: string; seq: number; series: string } | null {
  const m = /^(.+)\/(\d{2})\/(\d{6})$/.exec(number);
  if (m && m[1] === tillHead(prefix)) {
    const seq = Number(m[3]);
    return seq > 0 ? { fy: fyOfTag(m[2]), seq, series: number.slice(0, -6) } : null;
  }
  // a number given in the longer form before: PREFIX/2026-27/000001, with the prefix as stored
  const old = /^(.+)\/(\d{4})-(\d{2})\/(\d{6})$/.exec(number);
  if (!old || old[1] !== prefix) return null;
  if ((Number(old[2]) + 1) % 100 !== Number(old[3])) return null;
  const seq = Number(old[4]);
  return seq > 0 ? { fy: `${old[2]}-${old[3]}`, seq, series: number.slice(0, -6) } : null;
}

/**
 * Why the server refuses a till's number for a sale made at `saleAt`, or null when it may take it:
 * not of the till's series (400), of another financial year than the sale's (400), or beyond the
 * numbers reserved for the till that year (400). Whether it was used already is the caller's (409).
 */
export function tillNumberError(number: string, prefix: string, saleAt: Date, reservedTo: number): PlainCode | null {
  const parsed = parseTillNumber(number, prefix);
  if (!parsed) return 'tillNumberSeries';
  if (parsed.fy !== financialYear(saleAt)) return 'tillNumberYear';
  if (parsed.seq > reservedTo) return 'tillNumberNotReserved';
  return null;
}

/** What a till keeps on its device: its series prefix and, per financial year, the next number and the last reserved one. */
export interface TillState {
  deviceId: string;
  name: string;
  prefix: string;
  blocks: TillBlock[];
}
export interface TillBlock {
  fy: string;
  next: number;
  to: number;
}

/** A block the server reserved added to the till: it continues the year's block, or starts one. */
export function addBlock(state: TillState, block: { fy: string; from: number; to: number }): TillState {
  const blocks = state.blocks.filter((b) => b.next <= b.to);
  const open = blocks.find((b) => b.fy === block.fy && b.to === block.from - 1);
  if (open) return { ...state, blocks: blocks.map((b) => (b === open ? { ...b, to: block.to } : b)) };
  if (blocks.some((b) => b.fy === block.fy && b.to >= block.from)) return state;
  return { ...state, blocks: [...blocks, { fy: block.fy, next: block.from, to: block.to }] };
}

/** How many numbers the till has left for the financial year `fy`. */
export const numbersLeft = (state: TillState, fy: string): number =>
  state.blocks.filter((b) => b.fy === fy).reduce((s, b) => s + Math.max(0, b.to - b.next + 1), 0);

/**
 * The till's next number for a sale made at `at` (its financial year), and the state to save before
 * the bill is shown; null when the till has none left for that year (the bill is then provisional).
 */
export function takeTillNumber(state: TillState, at: Date): { number: string; state: TillState } | null {
  const fy = financialYear(at);
  const block = state.blocks.find((b) => b.fy === fy && b.next <= b.to);
  if (!block) return null;
  const number = invoiceNumber(invoiceSeries(tillHead(state.prefix), fy), block.next);
  return { number, state: { ...state, blocks: state.blocks.map((b) => (b === block ? { ...b, next: b.next + 1 } : b)) } };
}

/**
 * The financial years a till online should reserve a block for now: this one when fewer than
 * TILL_TOP_UP_BELOW numbers are left, and in the last TILL_NEXT_YEAR_DAYS days of March the coming
 * one when it has none, so a sale made offline after midnight on 1 April still gets a final number.
 */
export function yearsToTopUp(state: TillState, now: Date): string[] {
  const fy = financialYear(now);
  const years = numbersLeft(state, fy) < TILL_TOP_UP_BELOW ? [fy] : [];
  const soon = financialYear(new Date(now.getTime() + TILL_NEXT_YEAR_DAYS * 86_400_000));
  if (soon !== fy && numbersLeft(state, soon) === 0) years.push(soon);
  return years;
}
