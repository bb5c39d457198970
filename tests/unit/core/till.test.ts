import { describe, expect, it } from 'vitest';
import {
  addBlock,
  numbersLeft,
  parseTillNumber,
  takeTillNumber,
  tillNumberError,
  tillHead,
  TILL_NO_MAX,
  tillPrefix,
  type TillState,
  yearsToTopUp,
} from '../../../core/till';

const empty: TillState = { deviceId: 'd1', name: 'Front', prefix: 'MS-1', blocks: [] };
const ist = (s: string) => new Date(`${s}+05:30`);

describe('till series', () => {
  it('is the vendor prefix, a dash and the till number, the prefix cut so the head fits 6 characters', () => {
    expect(tillPrefix('MS', 1)).toBe('MS-1');
    expect(tillPrefix('MS', 12)).toBe('MS-12');
    expect(tillPrefix('M2', 1)).toBe('M2-1');
    expect(tillPrefix('ABCDEF', 1)).toBe('ABCD-1');
    expect(tillPrefix('ABCDEF', 12)).toBe('ABC-12');
    expect(tillPrefix('ABCDEF', TILL_NO_MAX)).toBe('A-9999');
  });

  it('gives a till registered before (prefix without the dash) the head a new till of its number has', () => {
    expect(tillHead('MS1')).toBe('MS-1');
    expect(tillHead('MS12')).toBe('MS-12');
    expect(tillHead('M2-1')).toBe('M2-1');
    expect(tillHead('ABCDEF12')).toBe('ABC-12');
    for (const head of ['MS-1', 'ABC-12', 'A-9999']) expect(tillHead(head)).toBe(head);
  });

  it('reads back its own numbers only, in the new form and in the longer form given before', () => {
    expect(parseTillNumber('MS-1/26/000042', 'MS-1')).toEqual({ fy: '2026-27', seq: 42, series: 'MS-1/26/' });
    expect(parseTillNumber('MS-1/26/000042', 'MS1')).toEqual({ fy: '2026-27', seq: 42, series: 'MS-1/26/' });
    expect(parseTillNumber('MS1/2026-27/000042', 'MS1')).toEqual({ fy: '2026-27', seq: 42, series: 'MS1/2026-27/' });
    expect(parseTillNumber('MS-1/26/000042', 'MS-2')).toBeNull();
    expect(parseTillNumber('MS/26/000042', 'MS-1')).toBeNull();
    expect(parseTillNumber('MS1/26/000042', 'MS-1')).toBeNull();
    expect(parseTillNumber('MS1/2026-27/000042', 'MS')).toBeNull();
    expect(parseTillNumber('MS1/2026-28/000042', 'MS1')).toBeNull();
    expect(parseTillNumber('MS-1/26/42', 'MS-1')).toBeNull();
    expect(parseTillNumber('MS-1/26/000000', 'MS-1')).toBeNull();
    expect(parseTillNumber('MS-1/99/000001', 'MS-1')).toEqual({ fy: '2099-00', seq: 1, series: 'MS-1/99/' });
  });

  it("refuses another series, another year than the sale's, and a number beyond the reserved block", () => {
    const sale = ist('2026-06-01T10:00:00');
    expect(tillNumberError('MS-1/26/000050', 'MS-1', sale, 50)).toBeNull();
    expect(tillNumberError('MS1/2026-27/000050', 'MS1', sale, 50)).toBeNull();
    expect(tillNumberError('MS-1/26/000051', 'MS-1', sale, 50)).toBe('tillNumberNotReserved');
    expect(tillNumberError('MS-2/26/000001', 'MS-1', sale, 50)).toBe('tillNumberSeries');
    expect(tillNumberError('MS-1/25/000001', 'MS-1', sale, 50)).toBe('tillNumberYear');
    // 31 March 23:59 IST is still the old year, 1 April 00:00 the new one
    expect(tillNumberError('MS-1/26/000001', 'MS-1', ist('2027-03-31T23:59:59'), 5)).toBeNull();
    expect(tillNumberError('MS-1/26/000001', 'MS-1', ist('2027-04-01T00:00:00'), 5)).toBe('tillNumberYear');
  });
});

describe('numbers on the device', () => {
  it("are taken in order from the block of the sale's year, and none is left after the last", () => {
    let s = addBlock(empty, { fy: '2026-27', from: 1, to: 3 });
    const at = ist('2026-07-01T09:00:00');
    const got: string[] = [];
    for (let i = 0; i < 3; i++) {
      const t = takeTillNumber(s, at)!;
      got.push(t.number);
      s = t.state;
    }
    expect(got).toEqual(['MS-1/26/000001', 'MS-1/26/000002', 'MS-1/26/000003']);
    expect(takeTillNumber(s, at)).toBeNull();
    expect(numbersLeft(s, '2026-27')).toBe(0);
  });

  it('a block continuing the last one extends it; one already held is ignored', () => {
    let s = addBlock(empty, { fy: '2026-27', from: 1, to: 50 });
    s = addBlock(s, { fy: '2026-27', from: 51, to: 60 });
    expect(s.blocks).toEqual([{ fy: '2026-27', next: 1, to: 60 }]);
    expect(addBlock(s, { fy: '2026-27', from: 51, to: 60 })).toBe(s);
    expect(numbersLeft(s, '2026-27')).toBe(60);
  });

  it('never numbers a sale after 1 April from the old year: without a block of the new year it has none', () => {
    const s = addBlock(empty, { fy: '2026-27', from: 1, to: 50 });
    expect(takeTillNumber(s, ist('2027-03-31T23:59:00'))?.number).toBe('MS-1/26/000001');
    expect(takeTillNumber(s, ist('2027-04-01T00:01:00'))).toBeNull();
    const both = addBlock(s, { fy: '2027-28', from: 1, to: 50 });
    expect(takeTillNumber(both, ist('2027-04-01T00:01:00'))?.number).toBe('MS-1/27/000001');
  });

  it('tops up below the threshold, and in the last week of March reserves the coming year', () => {
    const full = addBlock(empty, { fy: '2026-27', from: 1, to: 50 });
    expect(yearsToTopUp(full, ist('2026-12-01T10:00:00'))).toEqual([]);
    expect(yearsToTopUp(empty, ist('2026-12-01T10:00:00'))).toEqual(['2026-27']);
    expect(yearsToTopUp(addBlock(empty, { fy: '2026-27', from: 1, to: 19 }), ist('2026-12-01T10:00:00'))).toEqual(['2026-27']);
    expect(yearsToTopUp(full, ist('2027-03-27T10:00:00'))).toEqual(['2027-28']);
    expect(yearsToTopUp(addBlock(full, { fy: '2027-28', from: 1, to: 50 }), ist('2027-03-27T10:00:00'))).toEqual([]);
  });
});
