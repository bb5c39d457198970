import { describe, expect, it } from 'vitest';
import { isPayToken, PAY_LINK_DAYS, PAY_LINK_TTL_MS, payLinkPayment, payPath } from '../../../core/pay-link';
import { upiPayLink } from '../../../core/upi';
import { newToken } from '../../../server/lib/ids';

describe('payment links', () => {
  it('take only a 43-character base64url token (32 random bytes) and look nothing else up', () => {
    const token = newToken();
    expect(isPayToken(token)).toBe(true);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    for (const bad of [
      '',
      token.slice(1),
      `${token}A`,
      `${token.slice(1)}=`,
      `${token.slice(1)}+`,
      `${token.slice(1)}/`,
      `${token.slice(2)}..`,
    ]) {
      expect(isPayToken(bad), bad).toBe(false);
    }
    expect(payPath(token)).toBe(`/pay/${token}`);
  });

  it('last 14 days and pay the shop exactly the amount, noted as its dues', () => {
    expect(PAY_LINK_DAYS).toBe(14);
    expect(PAY_LINK_TTL_MS).toBe(14 * 86_400_000);
    expect(upiPayLink(payLinkPayment({ shop: 'Murugan Stores', upiId: 'murugan@okaxis', amountPaise: 36450 }))).toBe(
      'upi://pay?pa=murugan@okaxis&pn=Murugan%20Stores&am=364.50&cu=INR&tn=Murugan%20Stores%20dues',
    );
  });
});
