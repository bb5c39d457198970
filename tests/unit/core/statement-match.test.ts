import { describe, expect, it } from 'vitest';
import { readAmountPaise, readTime, readUtr, statementColumns } from '../../../core/statement-line';
import { matchRanges, matchStatement, STATEMENT_MATCH_MS } from '../../../core/statement-match';

const at = (hhmm: string) => new Date(`2024-06-01T${hhmm}:00+05:30`);
const line = (n: number, amountPaise: number, hhmm: string) => ({ line: n, amountPaise, at: at(hhmm) });
const sale = (id: string, amountPaise: number, hhmm: string) => ({ id, amountPaise, at: at(hhmm) });
const pairs = (m: Map<number, string>) => Object.fromEntries(m);

describe('a settlement statement matched to UPI sales', () => {
  it('pairs a line with a sale of the same amount to the paisa within the window, either side', () => {
    const sales = [sale('a', 34721, '10:00'), sale('b', 34721, '11:00'), sale('c', 34722, '12:00')];
    expect(pairs(matchStatement([line(2, 34721, '10:14'), line(3, 34721, '10:46'), line(4, 34721, '12:00')], sales))).toEqual({
      2: 'a',
      3: 'b',
    });
  });

  it('leaves a line outside the window unmatched, at the window exactly it matches', () => {
    const sales = [sale('a', 5000, '10:00')];
    expect(matchStatement([line(2, 5000, '10:16')], sales).size).toBe(0);
    expect(matchStatement([line(2, 5000, '09:44')], sales).size).toBe(0);
    expect(pairs(matchStatement([line(2, 5000, '10:15')], sales))).toEqual({ 2: 'a' });
  });

  it('gives each line the nearest sale, one sale to one line, whatever the order of the file', () => {
    const sales = [sale('early', 5000, '10:00'), sale('late', 5000, '10:10')];
    // the 10:09 line is nearest the 10:10 sale; the 10:02 line then takes the 10:00 one
    const lines = [line(2, 5000, '10:02'), line(3, 5000, '10:09')];
    expect(pairs(matchStatement(lines, sales))).toEqual({ 2: 'early', 3: 'late' });
    expect(pairs(matchStatement([...lines].reverse(), sales))).toEqual({ 2: 'early', 3: 'late' });
    // three lines, two sales: the farthest line is left over
    expect(pairs(matchStatement([...lines, line(4, 5000, '10:14')], sales))).toEqual({ 2: 'early', 3: 'late' });
    // two lines nearest the same sale: the nearer takes it, the other the next nearest
    expect(pairs(matchStatement([line(2, 5000, '10:04'), line(3, 5000, '10:06')], sales))).toEqual({ 2: 'early', 3: 'late' });
  });

  it('breaks a tie by the earlier line of the file', () => {
    const sales = [sale('a', 5000, '10:00')];
    expect(pairs(matchStatement([line(7, 5000, '10:05'), line(3, 5000, '09:55')], sales))).toEqual({ 3: 'a' });
  });

  it('merges the windows of the lines into the ranges to look for sales in', () => {
    const ranges = matchRanges([at('10:20'), at('10:00'), at('12:00')]);
    expect(ranges).toEqual([
      { from: new Date(at('10:00').getTime() - STATEMENT_MATCH_MS), to: new Date(at('10:20').getTime() + STATEMENT_MATCH_MS) },
      { from: new Date(at('12:00').getTime() - STATEMENT_MATCH_MS), to: new Date(at('12:00').getTime() + STATEMENT_MATCH_MS) },
    ]);
    expect(matchRanges([])).toEqual([]);
  });
});

describe("a statement line's fields", () => {
  it('finds the columns by name in any case and order, extra columns ignored; payer may be missing', () => {
    expect(statementColumns(['Payer', ' AMOUNT ', 'Bank', 'Time', 'UTR'])).toEqual({
      at: { payer: 0, amount: 1, time: 3, utr: 4 },
      missing: [],
    });
    expect(statementColumns(['utr', 'amount', 'time'])).toEqual({ at: { utr: 0, amount: 1, time: 2 }, missing: [] });
    expect(statementColumns(['reference', 'amount']).missing).toEqual(['utr', 'time']);
  });

  it('reads an amount in rupees as paise', () => {
    expect(readAmountPaise('347.21')).toBe(34721);
    expect(readAmountPaise('347.2')).toBe(34720);
    expect(readAmountPaise('347')).toBe(34700);
    expect(readAmountPaise('₹1,23,456.50')).toBe(12345650);
    expect(readAmountPaise('Rs. 123,456')).toBe(12345600);
    expect(readAmountPaise('INR 0.01')).toBe(1);
    for (const bad of ['', '0', '0.00', '-5', '12,34', '3.456', 'abc', '1e3', '100000001']) expect(readAmountPaise(bad), bad).toBeNull();
  });

  it('reads an ISO 8601 time, India time when it names no offset', () => {
    expect(readTime('2024-06-01T10:15:00+05:30')).toEqual(at('10:15'));
    expect(readTime('2024-06-01T04:45:00Z')).toEqual(at('10:15'));
    expect(readTime('2024-06-01 10:15')).toEqual(at('10:15'));
    expect(readTime('2024-06-01T10:15:00.250+0530')).toEqual(new Date(at('10:15').getTime() + 250));
    for (const bad of ['', '2024-06-01', '01/06/2024 10:15', '2024-06-31T10:00:00', '2023-02-29T10:00', '2024-06-01T25:00', 'soon'])
      expect(readTime(bad), bad).toBeNull();
    expect(readTime('2024-02-29T10:00')).not.toBeNull();
  });

  it('reads a UTR as text, refusing what a spreadsheet made of a long number', () => {
    expect(readUtr(' 412345678901 ')).toBe('412345678901');
    expect(readUtr("'412345678901")).toBe('412345678901');
    expect(readUtr('HDFC/2024-06-01_7')).toBe('HDFC/2024-06-01_7');
    for (const bad of ['', '4.12346E+11', 'abc', 'x'.repeat(65), '4123 4567']) expect(readUtr(bad), bad).toBeNull();
  });
});
