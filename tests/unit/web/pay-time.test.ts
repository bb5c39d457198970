import { describe, expect, it } from 'vitest';
import { earliestPayDay, payTime } from '../../../src/features/books/pay-time';

// 29 Nov 2026, 14:30:15 in India (09:00:15 UTC)
const NOW = Date.parse('2026-11-29T09:00:15.000Z');

describe('the time a supplier payment is dated by', () => {
  it('is the clock now when paid today', () => {
    expect(Date.parse(payTime('2026-11-29', NOW))).toBe(NOW);
  });

  it('is the same clock time on an earlier day', () => {
    expect(Date.parse(payTime('2026-11-26', NOW))).toBe(Date.parse('2026-11-26T09:00:15.000Z'));
  });

  it('keeps the India day chosen near midnight', () => {
    // 00:10 on 30 Nov in India is 18:40 UTC on 29 Nov: the day before is 29 Nov in India
    const late = Date.parse('2026-11-29T18:40:00.000Z');
    expect(Date.parse(payTime('2026-11-29', late))).toBe(Date.parse('2026-11-28T18:40:00.000Z'));
  });

  it('never dates a payment ahead of now', () => {
    expect(Date.parse(payTime('2026-12-01', NOW))).toBe(NOW);
  });

  it('lets the form go back 6 days', () => {
    expect(earliestPayDay(NOW)).toBe('2026-11-23');
  });
});
