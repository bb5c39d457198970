import type { Coded } from '../../../core/coded';
import { coded } from '../../../core/coded';
import { istDayEnd, istDayStart } from '../../../core/dates';
import { toRupees } from '../../../core/money';
import type {
  StatementLineReason,
  StatementMatched,
  StatementResponse,
  StatementUnmatchedLine,
  StatementUnmatchedSale,
} from '../../../core/schemas/payment';
import { istDayOf } from '../../../core/sale-void';
import { readAmountPaise, readTime, readUtr } from '../../../core/statement-line';
import { type MatchLine, matchRanges, matchStatement, STATEMENT_MATCH_MINUTES } from '../../../core/statement-match';
import type { Db } from '../../db';
import type { AuthUser } from '../accounts/auth.service';
import { managedShop } from '../staff/staff-queries';
import { type StatementCells, parseStatement } from './statement-csv';
import { earlierLines, insertLines, lockShop, providerUtrs, unconfirmedSales } from './statement-queries';

/** An unmatched line with its reason still a code: the route puts it in the request's language. */
export type UnmatchedLineCoded = Omit<StatementUnmatchedLine, 'message'> & { coded: Coded };
export type StatementResult = Omit<StatementResponse, 'unmatchedLines'> & { unmatchedLines: UnmatchedLineCoded[] };

type ReadLine = MatchLine & { utr: string; payer: string | null };

const paiseOf = (paise: number | null) => (paise === null ? null : toRupees(paise));

const unmatched = (c: StatementCells, reason: StatementLineReason, l?: ReadLine): UnmatchedLineCoded => ({
  line: c.line,
  utr: c.utr,
  amount: paiseOf(l?.amountPaise ?? readAmountPaise(c.amount)),
  time: (l?.at ?? readTime(c.time))?.toISOString() ?? null,
  payer: c.payer,
  reason,
  coded: reason === 'statementNoSale' ? coded(reason, { minutes: STATEMENT_MATCH_MINUTES }) : coded(reason),
});

/** The India-time days of these times, each as a range of its first and last millisecond, in order. */
const daysOf = (times: readonly Date[]) => {
  const dates = [...new Set(times.map((t) => istDayOf(t)))].sort();
  return { dates, ranges: dates.map((d) => ({ from: istDayStart(d), to: new Date(istDayEnd(d).getTime() - 1) })) };
};

/**
 * POST /api/payments/statements: a provider's or bank's settlement statement matched to the shop's UPI sales
 * (core/statement-match.ts). A line whose fields cannot be read, whose UTR the file repeats, or the shop
 * knows already (a provider's payment, or an earlier statement's line of another amount) matches nothing;
 * a line an earlier upload matched answers that match again, and changes nothing. The lines that matched
 * are kept (upi_statement_lines) for the reconciliation; the UPI sales of the statement's days that nothing
 * confirmed are listed. A file refused whole (statement-csv.ts) stores nothing. The owner or a manager for
 * their shop; an admin names it.
 */
export async function uploadStatement(db: Db, actor: AuthUser, data: Buffer, shopId?: string): Promise<StatementResult> {
  const shop = await managedShop(db, actor, shopId);
  const cells = parseStatement(data);
  const bad: UnmatchedLineCoded[] = [];
  const read: Array<{ c: StatementCells; l: ReadLine }> = [];
  const seen = new Set<string>();
  for (const c of cells) {
    const utr = readUtr(c.utr);
    const amountPaise = readAmountPaise(c.amount);
    const at = readTime(c.time);
    if (!utr) bad.push(unmatched(c, 'statementUtrInvalid'));
    else if (amountPaise === null) bad.push(unmatched(c, 'statementAmountInvalid'));
    else if (!at) bad.push(unmatched(c, 'statementTimeInvalid'));
    else if (seen.has(utr)) bad.push(unmatched(c, 'statementUtrRepeated'));
    else {
      seen.add(utr);
      read.push({ c, l: { line: c.line, utr, amountPaise, at, payer: c.payer } });
    }
  }

  return db.transaction().execute(async (trx) => {
    await lockShop(trx, shop);
    const utrs = read.map((r) => r.l.utr);
    const known = await providerUtrs(trx, shop, utrs);
    const earlier = await earlierLines(trx, shop, utrs);
    const earlierByUtr = new Map(earlier.map((e) => [e.utr, e]));
    const matched: StatementMatched[] = [];
    const lines = [...bad];
    const toMatch: Array<{ c: StatementCells; l: ReadLine }> = [];
    for (const r of read) {
      const e = earlierByUtr.get(r.l.utr);
      if (e?.order_id && Number(e.amount_paise) === r.l.amountPaise) {
        matched.push(matchOf(r.l, e.order_id, e.invoice_number, e.sale_at!, true));
      } else if (e || known.has(r.l.utr)) lines.push(unmatched(r.c, 'statementUtrKnown', r.l));
      else toMatch.push(r);
    }

    const sales = toMatch.length ? await unconfirmedSales(trx, shop, matchRanges(toMatch.map((r) => r.l.at))) : [];
    const saleById = new Map(sales.map((s) => [s.id, s]));
    const pairs = matchStatement(
      toMatch.map((r) => r.l),
      sales.map((s) => ({ id: s.id, amountPaise: Number(s.upi_paise), at: new Date(s.created_at) })),
    );
    const kept = [];
    for (const { c, l } of toMatch) {
      const sale = saleById.get(pairs.get(l.line) ?? '');
      if (!sale) {
        lines.push(unmatched(c, 'statementNoSale', l));
        continue;
      }
      matched.push(matchOf(l, sale.id, sale.invoice_number, sale.created_at, false));
      kept.push({
        shopId: shop,
        utr: l.utr,
        amountPaise: l.amountPaise,
        paidAt: l.at,
        payer: l.payer,
        orderId: sale.id,
        uploadedBy: actor.id,
      });
    }
    await insertLines(trx, kept);

    const { dates, ranges } = daysOf(read.map((r) => r.l.at));
    const left = ranges.length ? await unconfirmedSales(trx, shop, ranges) : [];
    const byLine = (a: { line: number }, b: { line: number }) => a.line - b.line;
    return {
      dates,
      matched: matched.sort(byLine),
      unmatchedLines: lines.sort(byLine),
      unmatchedSales: left.map((s): StatementUnmatchedSale => ({
        orderId: s.id,
        invoiceNumber: s.invoice_number,
        amount: toRupees(Number(s.upi_paise)),
        at: new Date(s.created_at).toISOString(),
        status: s.payment_status === 'Paid' ? 'byHand' : 'pending',
      })),
    };
  });
}

const matchOf = (l: ReadLine, orderId: string, invoiceNumber: string | null, saleAt: Date, earlier: boolean): StatementMatched => ({
  line: l.line,
  utr: l.utr,
  amount: toRupees(l.amountPaise),
  time: l.at.toISOString(),
  payer: l.payer,
  orderId,
  invoiceNumber,
  saleAt: new Date(saleAt).toISOString(),
  earlier,
});
