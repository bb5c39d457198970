import { describe, expect, it } from 'vitest';
import { ACT_MAX_AGE_MS, actTimeError, isoWithOffset, sentLater } from '../../../core/act-time';
import { financialYear } from '../../../core/invoice';
import { istDayOf } from '../../../core/sale-void';

const now = new Date('2027-04-01T00:00:30+05:30');
const minutes = (n: number) => new Date(now.getTime() + n * 60_000);

describe('the time of an act recorded on a device', () => {
  it('is kept from 7 days back to 5 minutes ahead of the server clock', () => {
    expect(actTimeError(minutes(-1), { now })).toBeUndefined();
    expect(actTimeError(minutes(5), { now })).toBeUndefined();
    expect(actTimeError(new Date(now.getTime() - ACT_MAX_AGE_MS), { now })).toBeUndefined();
  });

  it('is refused more than 5 minutes ahead, more than 7 days old, or unreadable', () => {
    expect(actTimeError(minutes(5.1), { now })).toEqual({ code: 'actTimeFuture' });
    expect(actTimeError(minutes(10), { now })).toEqual({ code: 'actTimeFuture' });
    expect(actTimeError(new Date(now.getTime() - ACT_MAX_AGE_MS - 1), { now })).toEqual({ code: 'actTimeTooOld' });
    expect(actTimeError(new Date(Number.NaN), { now })).toEqual({ code: 'dateTimeInvalid' });
  });

  it('is refused before the record it acts on, with the code the caller names', () => {
    const placed = minutes(-60);
    expect(actTimeError(minutes(-61), { now, notBefore: placed })).toEqual({ code: 'actTimeBeforeOrder' });
    expect(actTimeError(placed, { now, notBefore: placed })).toBeUndefined();
    expect(actTimeError(minutes(-61), { now, notBefore: placed, codes: { before: 'actTimeBeforeCustomer' } })).toEqual({
      code: 'actTimeBeforeCustomer',
    });
  });

  it('a counter sale answers in its own words', async () => {
    const { shopSaleTimeError } = await import('../../../core/order-rules');
    expect(shopSaleTimeError(minutes(10), now)).toEqual({ code: 'saleTimeFuture' });
    expect(shopSaleTimeError(minutes(-8 * 24 * 60), now)).toEqual({ code: 'saleTimeTooOld' });
  });

  it('dates 23:59:30 on 31 March in March and the old financial year, whenever it is sent', () => {
    const tapped = new Date('2027-03-31T23:59:30+05:30');
    expect(actTimeError(tapped, { now })).toBeUndefined();
    expect(istDayOf(tapped)).toBe('2027-03-31');
    expect(financialYear(tapped)).toBe(financialYear(new Date('2026-04-01T00:00:00+05:30')));
    expect(financialYear(tapped)).not.toBe(financialYear(now));
  });
});

describe('sent later', () => {
  it('is the time received when it came a minute or more after the act, else null', () => {
    expect(sentLater('2027-03-31T23:39:52+05:30', '2027-03-31T23:40:52+05:30')?.toISOString()).toBe('2027-03-31T18:10:52.000Z');
    expect(sentLater('2027-03-31T23:39:52+05:30', '2027-03-31T23:40:51+05:30')).toBeNull();
    expect(sentLater('2027-03-31T23:39:52+05:30', null)).toBeNull();
    expect(sentLater(null, '2027-03-31T23:40:52+05:30')).toBeNull();
  });
});

describe('isoWithOffset', () => {
  it('writes the instant in the given offset, to the millisecond', () => {
    const ms = Date.parse('2027-03-31T18:29:30.250Z');
    expect(isoWithOffset(ms, 330)).toBe('2027-03-31T23:59:30.250+05:30');
    expect(isoWithOffset(ms, 0)).toBe('2027-03-31T18:29:30.250+00:00');
    expect(isoWithOffset(ms, -210)).toBe('2027-03-31T14:59:30.250-03:30');
    expect(Date.parse(isoWithOffset(ms))).toBe(ms);
  });
});
