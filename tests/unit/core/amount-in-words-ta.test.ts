import { describe, expect, it } from 'vitest';
import { amountInTamilWords, numberInTamilWords } from '../../../core/amount-in-words-ta';

describe('amounts in Tamil words', () => {
  it('joins numbers to what follows and groups the Indian way', () => {
    expect(numberInTamilWords(21)).toBe('இருபத்து ஒன்று');
    expect(numberInTamilWords(90)).toBe('தொண்ணூறு');
    expect(numberInTamilWords(100)).toBe('நூறு');
    expect(numberInTamilWords(999)).toBe('தொள்ளாயிரத்து தொண்ணூற்று ஒன்பது');
    expect(numberInTamilWords(2005)).toBe('இரண்டாயிரத்து ஐந்து');
    expect(numberInTamilWords(123_456)).toBe('ஒரு இலட்சத்து இருபத்து மூன்று ஆயிரத்து நானூற்று ஐம்பத்து ஆறு');
    expect(numberInTamilWords(10_000_001)).toBe('ஒரு கோடியே ஒன்று');
  });

  it('writes rupees and paise as a bill does', () => {
    expect(amountInTamilWords(25_500)).toBe('ரூபாய் இருநூற்று ஐம்பத்து ஐந்து மட்டும்');
    expect(amountInTamilWords(1_050)).toBe('ரூபாய் பத்து, ஐம்பது பைசா மட்டும்');
    expect(amountInTamilWords(50)).toBe('ஐம்பது பைசா மட்டும்');
    expect(amountInTamilWords(0)).toBe('ரூபாய் பூஜ்ஜியம் மட்டும்');
  });
});
