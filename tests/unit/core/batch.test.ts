import { describe, expect, it } from 'vitest';
import { batchToday, dayAfter, fefoOrder, isBatchExpired, nextBatch } from '../../../core/batch';

const b = (number: string, expiry: string | null, quantity: number) => ({ number, expiry, quantity });

describe('batches and expiry (core/batch.ts)', () => {
  it('a batch is expired from the day after its expiry, in India; one with no expiry never is', () => {
    expect(isBatchExpired('2026-03-09', '2026-03-10')).toBe(true);
    expect(isBatchExpired('2026-03-10', '2026-03-10')).toBe(false);
    expect(isBatchExpired(null, '2026-03-10')).toBe(false);
    // 20:00 UTC on the 9th is already the 10th in India
    expect(batchToday(new Date('2026-03-09T20:00:00Z'))).toBe('2026-03-10');
    expect(dayAfter('2026-02-20', 30)).toBe('2026-03-22');
  });

  it('FEFO: earliest expiry first, no expiry last, expired left out; the next batch is the first with stock', () => {
    const batches = [b('LATE', '2026-09-01', 4), b('OPEN', null, 2), b('OLD', '2026-03-01', 9), b('SOON', '2026-04-01', 0)];
    expect(fefoOrder(batches, '2026-03-10').map((x) => x.number)).toEqual(['SOON', 'LATE', 'OPEN']);
    expect(nextBatch(batches, '2026-03-10')?.number).toBe('LATE');
    expect(nextBatch([b('SOON', '2026-04-01', 0)], '2026-03-10')?.number).toBe('SOON');
    expect(nextBatch([b('OLD', '2026-03-01', 5)], '2026-03-10')).toBeUndefined();
  });
});
