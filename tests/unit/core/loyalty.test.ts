import { describe, expect, it } from 'vitest';
import {
  pointsBalanceText,
  pointsEarned,
  pointsOnReturn,
  redeemableMax,
  redeemProblem,
  spreadOverLines,
  whatsappPointsLink,
} from '../../../core/loyalty';

describe('loyalty points (core/loyalty.ts)', () => {
  it('earns floor(paid / ₹100 × points per ₹100); none when off or nothing was paid', () => {
    expect(pointsEarned(48_000, 2)).toBe(9);
    expect(pointsEarned(9_999, 1)).toBe(0);
    expect(pointsEarned(10_000, 1)).toBe(1);
    expect(pointsEarned(48_000, null)).toBe(0);
    expect(pointsEarned(-100, 5)).toBe(0);
  });

  it('redeems at most the balance and the bill', () => {
    expect(redeemableMax(100, 1_000, 50)).toBe(20);
    expect(redeemableMax(7, 1_000, 50)).toBe(7);
    expect(redeemableMax(7, 1_000, null)).toBe(0);
    const base = { hasCustomer: true, balance: 30, billPaise: 1_000, pointValuePaise: 50 };
    expect(redeemProblem({ ...base, points: 20 })).toBeUndefined();
    expect(redeemProblem({ ...base, points: 21 })).toEqual({ code: 'loyaltyRedeemOverBill', params: { max: 20 } });
    expect(redeemProblem({ ...base, points: 31 })).toEqual({ code: 'loyaltyRedeemOverBalance', params: { balance: 30 } });
    expect(redeemProblem({ ...base, points: 1, hasCustomer: false })?.code).toBe('loyaltyRedeemNeedsCustomer');
    expect(redeemProblem({ ...base, points: 1, pointValuePaise: null })?.code).toBe('loyaltyRedeemOff');
  });

  it('spreads a discount over the lines by their totals to the exact paisa (largest remainder)', () => {
    expect(spreadOverLines(2_000, [30_000, 15_000])).toEqual([1_333, 667]);
    const shares = spreadOverLines(1_001, [1, 1, 1]);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(1_001);
  });

  it('a return undoes its share; returns of the whole bill undo all of it', () => {
    const sale = { earned: 19, redeemed: 20, billPaise: 99_000 };
    const first = pointsOnReturn({ ...sale, returnedBeforePaise: 0, returnedNowPaise: 49_500 });
    expect(first).toEqual({ takeBack: 9, giveBack: 10 });
    const second = pointsOnReturn({ ...sale, returnedBeforePaise: 49_500, returnedNowPaise: 49_500 });
    expect(first.takeBack + second.takeBack).toBe(19);
    expect(first.giveBack + second.giveBack).toBe(20);
  });

  it("writes the balance in the customer's language, with a WhatsApp link of the same text", () => {
    const m = { customerName: 'Selvi', phone: '9876543210', shopName: 'Murugan Stores', balance: 42, worthPaise: 2_100 };
    expect(pointsBalanceText({ ...m, language: 'en' })).toContain('your loyalty points at Murugan Stores: 42');
    expect(pointsBalanceText({ ...m, language: 'en' })).toContain('₹21');
    expect(pointsBalanceText({ ...m, language: 'ta' })).toContain('லாயல்டி புள்ளிகள்: 42');
    expect(whatsappPointsLink({ ...m, language: 'ta' })).toBe(
      `https://wa.me/919876543210?text=${encodeURIComponent(pointsBalanceText({ ...m, language: 'ta' }))}`,
    );
  });
});
