/**
 * An amount in words in the Indian system (thousand, lakh, crore), as GST bills print it:
 * 123456.78 -> "Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Seventy-Eight Paise Only".
 */
const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/** 0 < n < 100 */
const belowHundred = (n: number): string => (n < 20 ? ONES[n] : TENS[Math.floor(n / 10)] + (n % 10 ? `-${ONES[n % 10]}` : ''));

/** 0 < n < 1000 */
function belowThousand(n: number): string {
  const h = Math.floor(n / 100);
  const rest = n % 100;
  return [h ? `${ONES[h]} Hundred` : '', rest ? belowHundred(rest) : ''].filter(Boolean).join(' ');
}

/** A whole number in words, Indian grouping: crores (which may themselves run past a hundred), lakhs, thousands, the rest. */
export function numberInWords(n: number): string {
  const whole = Math.floor(Math.abs(n));
  if (whole === 0) return 'Zero';
  const crore = Math.floor(whole / 10_000_000);
  const lakh = Math.floor((whole % 10_000_000) / 100_000);
  const thousand = Math.floor((whole % 100_000) / 1000);
  const rest = whole % 1000;
  return [
    crore ? `${numberInWords(crore)} Crore` : '',
    lakh ? `${belowHundred(lakh)} Lakh` : '',
    thousand ? `${belowHundred(thousand)} Thousand` : '',
    rest ? belowThousand(rest) : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** Paise in words: "Rupees Five Hundred Only", "Rupees Ten and Fifty Paise Only", "Fifty Paise Only". */
export function amountInWords(paise: number): string {
  const p = Math.max(Math.round(paise), 0);
  const rupees = Math.floor(p / 100);
  const ps = p % 100;
  if (rupees === 0 && ps === 0) return 'Rupees Zero Only';
  const parts = [rupees ? `Rupees ${numberInWords(rupees)}` : '', ps ? `${belowHundred(ps)} Paise` : ''].filter(Boolean);
  return `${parts.join(' and ')} Only`;
}
