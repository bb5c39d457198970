import { describe, expect, it } from 'vitest';
import {
  defaultInvoicePrefix,
  financialYear,
  financialYearStart,
  INVOICE_PREFIX_PATTERN,
  invoiceNumber,
  invoiceSeries,
} from '../../../core/invoice';

describe('invoice numbers', () => {
  it('the financial year runs April to March in India time', () => {
    expect(financialYear(new Date('2026-04-01T00:00:00+05:30'))).toBe('2026-27');
    expect(financialYear(new Date('2026-03-31T23:59:59+05:30'))).toBe('2025-26');
    // 31 March 19:00 UTC is already 1 April in India
    expect(financialYear(new Date('2027-03-31T19:00:00Z'))).toBe('2027-28');
    expect(financialYear(new Date('2099-12-31T12:00:00Z'))).toBe('2099-00');
    expect(financialYearStart('2026-27').toISOString()).toBe('2026-03-31T18:30:00.000Z');
  });

  it('formats PREFIX/26/000123 (26: the financial year 2026-27)', () => {
    const series = invoiceSeries('MS', '2026-27');
    expect(series).toBe('MS/26/');
    expect(invoiceNumber(series, 123)).toBe('MS/26/000123');
    expect(invoiceSeries('MS', '2099-00')).toBe('MS/99/');
  });

  it('a vendor without a prefix gets its shop initials', () => {
    expect(defaultInvoicePrefix('Murugan Stores')).toBe('MS');
    expect(defaultInvoicePrefix('Meenakshi Traders, Madurai')).toBe('MTM');
    expect(defaultInvoicePrefix('  ')).toBe('INV');
    expect(defaultInvoicePrefix('முருகன் ஸ்டோர்ஸ்')).toBe('INV');
    expect(defaultInvoicePrefix('a b c d e f g h')).toBe('ABCDEF');
    for (const p of ['MS', 'MTM', 'INV', 'ABCDEF']) expect(p).toMatch(INVOICE_PREFIX_PATTERN);
    expect('ms').not.toMatch(INVOICE_PREFIX_PATTERN);
    expect('M/S').not.toMatch(INVOICE_PREFIX_PATTERN);
  });
});
