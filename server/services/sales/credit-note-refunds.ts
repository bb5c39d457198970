import { sql } from 'kysely';
import type { RefundMethod } from '../../../core/payments';
import type { Db } from '../../db';

/**
 * A credit note's refund by method. A return of a split sale keeps its refund's parts in credit_note_refunds
 * (migration 038); any other note refunds its whole amount by its refund_method. Joined as
 * `credit_notes n LEFT JOIN credit_note_refunds r`, a note gives one row per part or its one row, so sums by
 * REFUND_METHOD of REFUND_PAISE count every part once and never repeat an ordinary note.
 */
export const REFUND_METHOD = sql<RefundMethod>`coalesce(r.method, n.refund_method)`;
export const REFUND_PAISE = sql<string>`coalesce(r.amount_paise, n.amount_paise)`;

/** Credit notes (n) with their refunds' parts (r), one row per part, or per note when it has none. */
export const noteRefundsJoined = (db: Db) =>
  db.selectFrom('credit_notes as n').leftJoin('credit_note_refunds as r', 'r.credit_note_id', 'n.id');

/** A note's refund part as refundPartsColumn reads it. */
export interface RefundPartJson {
  method: RefundMethod;
  amountPaise: number;
}

/** The refund's parts of the note whose id is `noteId` (cash, UPI, card, credit in that order); null: not in parts. */
export const refundPartsColumn = (noteId: string) =>
  sql<RefundPartJson[] | null>`(SELECT json_agg(json_build_object('method', r.method, 'amountPaise', r.amount_paise)
    ORDER BY array_position(ARRAY['cash', 'upi', 'card', 'credit']::text[], r.method))
    FROM credit_note_refunds r WHERE r.credit_note_id = ${sql.ref(noteId)})`.as('refund_parts');

/** The parts in paise (a JSON bigint may come as a string). */
export const refundPartsOf = (parts: readonly RefundPartJson[] | null) =>
  parts?.map((p) => ({ method: p.method, amountPaise: Number(p.amountPaise) })) ?? null;
