import { describe, expect, it } from 'vitest';
import { amountInWords, numberInWords } from '../../../core/amount-in-words';
import { barcodeError, gtinCheckDigit, isGtin } from '../../../core/barcode';
import { isUpiId, upiAmount, upiPayLink } from '../../../core/upi';

describe('barcodes', () => {
  it('accepts EAN-13, EAN-8 and UPC-A with the right check digit', () => {
    expect(barcodeError('4006381333931')).toBeUndefined(); // EAN-13
    expect(barcodeError('8901030865275')).toBeUndefined(); // EAN-13, India's GS1 prefix 890
    expect(barcodeError('96385074')).toBeUndefined(); // EAN-8
    expect(barcodeError('036000291452')).toBeUndefined(); // UPC-A
    expect(gtinCheckDigit('890103086527')).toBe(5);
  });
  it('refuses a wrong check digit', () => {
    expect(barcodeError('8901030865278')).toBe('barcodeCheckDigit');
    expect(barcodeError('96385075')).toBe('barcodeCheckDigit');
    expect(barcodeError('036000291453')).toBe('barcodeCheckDigit');
  });
  it("takes the shop's own codes of other lengths or with letters", () => {
    expect(isGtin('12345')).toBe(false);
    expect(barcodeError('12345')).toBeUndefined();
    expect(barcodeError('RICE-5KG')).toBeUndefined();
    expect(barcodeError('A'.repeat(32))).toBeUndefined();
  });
  it('refuses spaces, blanks, non-printable and long codes', () => {
    for (const bad of ['', 'RICE 5KG', 'A'.repeat(33), 'அரிசி', 'a\tb']) expect(barcodeError(bad)).toBe('barcodeFormat');
  });
});

describe('UPI', () => {
  it('validates name@handle', () => {
    for (const ok of ['meena.stores@okaxis', 'shop-12@ybl', '9876543210@paytm', 'a_b@oksbi']) expect(isUpiId(ok)).toBe(true);
    for (const bad of ['meena', '@okaxis', 'meena@', 'me ena@ok', 'meena@ok@x', 'meena@1bank', 'x@y']) expect(isUpiId(bad)).toBe(false);
  });
  it('writes the amount with two decimals from paise', () => {
    expect(upiAmount(12345)).toBe('123.45');
    expect(upiAmount(100)).toBe('1.00');
    expect(upiAmount(5)).toBe('0.05');
    expect(upiAmount(1_000_000_07)).toBe('1000000.07');
  });
  it('builds the NPCI link with the exact amount, shop name and invoice number', () => {
    expect(upiPayLink({ upiId: 'meena@okaxis', payee: 'Meena Stores & Co', amountPaise: 24350, note: 'MS/26/000012' })).toBe(
      'upi://pay?pa=meena@okaxis&pn=Meena%20Stores%20%26%20Co&am=243.50&cu=INR&tn=MS%2F26%2F000012',
    );
  });
});

describe('amount in words (Indian system)', () => {
  it('groups in thousands, lakhs and crores', () => {
    expect(numberInWords(0)).toBe('Zero');
    expect(numberInWords(15)).toBe('Fifteen');
    expect(numberInWords(101)).toBe('One Hundred One');
    expect(numberInWords(1000)).toBe('One Thousand');
    expect(numberInWords(99_999)).toBe('Ninety-Nine Thousand Nine Hundred Ninety-Nine');
    expect(numberInWords(100_000)).toBe('One Lakh');
    expect(numberInWords(123_456)).toBe('One Lakh Twenty-Three Thousand Four Hundred Fifty-Six');
    expect(numberInWords(10_000_000)).toBe('One Crore');
    expect(numberInWords(12_34_56_789)).toBe('Twelve Crore Thirty-Four Lakh Fifty-Six Thousand Seven Hundred Eighty-Nine');
    expect(numberInWords(1_00_00_00_000)).toBe('One Hundred Crore');
  });
  it('says rupees and paise', () => {
    expect(amountInWords(12_345_678)).toBe('Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Seventy-Eight Paise Only');
    expect(amountInWords(50_000)).toBe('Rupees Five Hundred Only');
    expect(amountInWords(50)).toBe('Fifty Paise Only');
    expect(amountInWords(0)).toBe('Rupees Zero Only');
  });
});
