/**
 * A settlement statement's lines matched to a shop's UPI sales (POST /api/payments/statements): a line pays
 * a sale of the same amount to the paisa made within STATEMENT_MATCH_MINUTES of the line's time, either side.
 * Each line takes the nearest sale in time that no nearer line took: the closest pairs of all are settled
 * first, so the answer does not depend on the order of the file's lines. One sale matches at most one line,
 * one line at most one sale.
 */
export const STATEMENT_MATCH_MINUTES = 15;
export const STATEMENT_MATCH_MS = STATEMENT_MATCH_MINUTES * 60_000;

export interface MatchLine {
  /** The line's number in the file. */
  line: number;
  amountPaise: number;
  at: Date;
}

export interface MatchSale {
  id: string;
  amountPaise: number;
  at: Date;
}

/** Which sale each matched line pays, by line number. */
export function matchStatement(
  lines: readonly MatchLine[],
  sales: readonly MatchSale[],
  windowMs = STATEMENT_MATCH_MS,
): Map<number, string> {
  const byAmount = new Map<number, MatchSale[]>();
  for (const s of sales) byAmount.set(s.amountPaise, [...(byAmount.get(s.amountPaise) ?? []), s]);
  const pairs: Array<{ line: MatchLine; sale: MatchSale; gap: number }> = [];
  for (const line of lines) {
    for (const sale of byAmount.get(line.amountPaise) ?? []) {
      const gap = Math.abs(sale.at.getTime() - line.at.getTime());
      if (gap <= windowMs) pairs.push({ line, sale, gap });
    }
  }
  // nearest first; a tie goes to the earlier line of the file, then the earlier sale (then its id)
  pairs.sort(
    (a, b) =>
      a.gap - b.gap ||
      a.line.line - b.line.line ||
      a.sale.at.getTime() - b.sale.at.getTime() ||
      (a.sale.id < b.sale.id ? -1 : a.sale.id > b.sale.id ? 1 : 0),
  );
  const matched = new Map<number, string>();
  const taken = new Set<string>();
  for (const { line, sale } of pairs) {
    if (matched.has(line.line) || taken.has(sale.id)) continue;
    matched.set(line.line, sale.id);
    taken.add(sale.id);
  }
  return matched;
}

/** The time ranges a statement's lines may find their sales in: each line's window, overlapping ones merged. */
export function matchRanges(times: readonly Date[], windowMs = STATEMENT_MATCH_MS): Array<{ from: Date; to: Date }> {
  const sorted = times.map((t) => t.getTime()).sort((a, b) => a - b);
  const ranges: Array<{ from: number; to: number }> = [];
  for (const t of sorted) {
    const last = ranges.at(-1);
    if (last && t - windowMs <= last.to) last.to = t + windowMs;
    else ranges.push({ from: t - windowMs, to: t + windowMs });
  }
  return ranges.map((r) => ({ from: new Date(r.from), to: new Date(r.to) }));
}
