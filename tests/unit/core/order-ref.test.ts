import { describe, expect, it } from 'vitest';
import { matchesOrderRef, orderRef, parseOrderRefSearch } from '../../../core/order-ref';

const invoiced = { orderNumber: 25, invoiceNumber: 'KO/26/000123' };
const pending = { orderNumber: 31, invoiceNumber: null };

describe('the order reference', () => {
  it('is the invoice number where there is one, else the short order number', () => {
    expect(orderRef(invoiced)).toBe('KO/26/000123');
    expect(orderRef(pending)).toBe('#31');
  });

  it('reads a typed search: a number with or without #, else text', () => {
    expect(parseOrderRefSearch(' #25 ')).toEqual({ text: '25', number: 25 });
    expect(parseOrderRefSearch('000123')).toEqual({ text: '000123', number: 123 });
    expect(parseOrderRefSearch('KO/2026')).toEqual({ text: 'ko/2026', number: null });
    expect(parseOrderRefSearch('  ')).toEqual({ text: '', number: null });
  });

  it('finds an order by its short number, its invoice sequence or a piece of the invoice number', () => {
    expect(matchesOrderRef(pending, '#31')).toBe(true);
    expect(matchesOrderRef(pending, '31')).toBe(true);
    expect(matchesOrderRef(pending, '3')).toBe(false);
    expect(matchesOrderRef(invoiced, '#25')).toBe(true);
    expect(matchesOrderRef(invoiced, '000123')).toBe(true);
    expect(matchesOrderRef(invoiced, '123')).toBe(true);
    expect(matchesOrderRef(invoiced, 'ko/26/000123')).toBe(true);
    expect(matchesOrderRef(invoiced, '12')).toBe(false);
    expect(matchesOrderRef(invoiced, 'MS/')).toBe(false);
    expect(matchesOrderRef(pending, 'KO/')).toBe(false);
    expect(matchesOrderRef(pending, '')).toBe(true);
  });
});
