import { describe, expect, it } from 'vitest';
import { coded } from '../../../core/coded';
import { messageText } from '../../../core/message-text';
import { canChangeStatus, canDeleteOrder, ORDER_TRANSITIONS, statusChangeError } from '../../../core/order-rules';
import { dateTimeSchema, daySchema, isDayInRange } from '../../../core/schemas/common';
import { ORDER_STATUSES } from '../../../core/order-statuses';

describe('order status transitions', () => {
  it('are defined for every status; Pending goes to Delivered, Delivered is final', () => {
    expect(Object.keys(ORDER_TRANSITIONS).sort()).toEqual([...ORDER_STATUSES].sort());
    expect(canChangeStatus('Pending', 'Delivered')).toBe(true);
    expect(canChangeStatus('Delivered', 'Pending')).toBe(false);
    expect(ORDER_TRANSITIONS.Delivered).toEqual([]);
    expect(canChangeStatus('Shipped', 'Delivered')).toBe(false);
  });

  it('only a pending order may be deleted', () => {
    expect(canDeleteOrder('Pending')).toBe(true);
    expect(canDeleteOrder('Delivered')).toBe(false);
    expect(canDeleteOrder('anything')).toBe(false);
  });

  it('explain a refused change; the same status is no change', () => {
    expect(statusChangeError('Delivered', 'Pending')).toEqual(coded('deliveredIsFinal'));
    expect(statusChangeError('Delivered', 'Delivered')).toBeUndefined();
    expect(statusChangeError('Pending', 'Pending')).toBeUndefined();
    expect(statusChangeError('Pending', 'Delivered')).toBeUndefined();
    expect(statusChangeError('Cancelled', 'Delivered')).toEqual(coded('statusNotAllowed', { from: 'Cancelled', to: 'Delivered' }));
    expect(messageText('statusNotAllowed', 'en', { from: 'Cancelled', to: 'Delivered' })).toBe(
      'An order cannot go from Cancelled to Delivered.',
    );
  });
});

describe('date inputs', () => {
  it('take real days from 2000 to 2100 only', () => {
    for (const ok of ['2000-01-01', '2024-02-29', '2026-12-31', '2100-12-31']) expect(isDayInRange(ok), ok).toBe(true);
    for (const bad of [
      '1999-12-31',
      '2101-01-01',
      '0001-01-01',
      '99999-01-01',
      '275760-09-13',
      '2026-02-30',
      '2025-02-29',
      '2026-04-31',
      '2026-00-10',
      '2026-1-5',
      ' 2026-01-05',
      '',
    ])
      expect(daySchema.safeParse(bad).success, bad).toBe(false);
  });

  it('date-times need a zone and an instant within the range', () => {
    expect(dateTimeSchema.safeParse('2026-03-01T10:00:00+05:30').success).toBe(true);
    expect(dateTimeSchema.safeParse('2026-03-01T10:00:00.123Z').success).toBe(true);
    for (const bad of [
      '0001-01-01T00:00:00Z',
      '1999-12-31T18:29:59Z',
      '2101-01-01T00:00:00Z',
      '+275760-09-13T00:00:00Z',
      '2026-02-30T10:00:00Z',
      '2026-03-01T10:00:00',
    ])
      expect(dateTimeSchema.safeParse(bad).success, bad).toBe(false);
  });
});
