import { describe, expect, it } from 'vitest';
import {
  addBlock,
  numbersLeft,
  parseTillNumber,
  takeTillNumber,
  tillNumberError,
  tillPrefix,
  type TillState,
  yearsToTopUp,
} from '../../../core/till';

const empty: TillState = { deviceId: 'd1', name: 'Front', prefix: 'MS1', blocks: [] };
const ist = (s: string) => new Date(`${s}+05:30`);

describe('till series', () => {
  it('is the vendor prefix and the till number, with a dash after a prefix ending in a digit', () => {
    expect(tillPrefix('MS', 1)).toBe('MS1');
    expect(tillPrefix('MS', 12)).toBe('MS12');
    expect(tillPrefix('M2', 1)).toBe('M2-1');
  });

  it('reads back its own numbers only', () => {
    expect(parseTillNumber('MS1/2026-27/000042', 'MS1')).toEqual({ fy: '2026-27', seq: 42 });
    expect(parseTillNumber('MS1/2026-27/000042', 'MS')).toBeNull();
    expect(parseTillNumber('MS/2026-27/000042', 'MS1')).toBeNull();
    expect(parseTillNumber('MS1/2026-28/000042', 'MS1')).toBeNull();
    expect(parseTillNumber('MS1/2026-27/42', 'MS1')).toBeNull();
    expect(parseTillNumber('MS1/2026-27/000000', 'MS1')).toBeNull();
    expect(parseTillNumber('MS1/1999-00/000001', 'MS1')).toEqual({ fy: '1999-00', seq: 1 });
  });

  it("refuses another series, another year than the sale's, and a number beyond the reserved block", () => {
    const sale = ist('2026-06-01T10:00:00');
    expect(tillNumberError('MS1/2026-27/000050', 'MS1', sale, 50)).toBeNull();
    expect(tillNumberError('MS1/2026-27/000051', 'MS1', sale, 50)).toBe('tillNumberNotReserved');
    expect(tillNumberError('MS2/2026-27/000001', 'MS1', sale, 50)).toBe('tillNumberSeries');
    expect(tillNumberError('MS1/2025-26/000001', 'MS1', sale, 50)).toBe('tillNumberYear');
    // 31 March 23:59 IST is still the old year, 1 April 00:00 the new one
    expect(tillNumberError('MS1/2026-27/000001', 'MS1', ist('2027-03-31T23:59:59'), 5)).toBeNull();
    expect(tillNumberError('MS1/2026-27/000001', 'MS1', ist('2027-04-01T00:00:00'), 5)).toBe('tillNumberYear');
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
    expect(got).toEqual(['MS1/2026-27/000001', 'MS1/2026-27/000002', 'MS1/2026-27/000003']);
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
    expect(takeTillNumber(s, ist('2027-03-31T23:59:00'))?.number).toBe('MS1/2026-27/000001');
    expect(takeTillNumber(s, ist('2027-04-01T00:01:00'))).toBeNull();
    const both = addBlock(s, { fy: '2027-28', from: 1, to: 50 });
    expect(takeTillNumber(both, ist('2027-04-01T00:01:00'))?.number).toBe('MS1/2027-28/000001');
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
