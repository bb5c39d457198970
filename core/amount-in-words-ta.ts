/**
 * An amount in Tamil words, Indian grouping (ஆயிரம், இலட்சம், கோடி), as Tamil cheques and bills write it:
 * 25550 paise -> "ரூபாய் இருநூற்று ஐம்பத்து ஐந்து, ஐம்பது பைசா மட்டும்". A number joined to what follows
 * takes its joining form (நூறு -> நூற்று, ஆயிரம் -> ஆயிரத்து, இருபது -> இருபத்து).
 */
const ONES = ['', 'ஒன்று', 'இரண்டு', 'மூன்று', 'நான்கு', 'ஐந்து', 'ஆறு', 'ஏழு', 'எட்டு', 'ஒன்பது'];
const TEENS = ['பத்து', 'பதினொன்று', 'பன்னிரண்டு', 'பதின்மூன்று', 'பதினான்கு', 'பதினைந்து', 'பதினாறு', 'பதினேழு', 'பதினெட்டு', 'பத்தொன்பது'];
const TENS = ['', '', 'இருபது', 'முப்பது', 'நாற்பது', 'ஐம்பது', 'அறுபது', 'எழுபது', 'எண்பது', 'தொண்ணூறு'];
const TENS_JOINED = ['', '', 'இருபத்து', 'முப்பத்து', 'நாற்பத்து', 'ஐம்பத்து', 'அறுபத்து', 'எழுபத்து', 'எண்பத்து', 'தொண்ணூற்று'];
const HUNDREDS = ['', 'நூறு', 'இருநூறு', 'முந்நூறு', 'நானூறு', 'ஐந்நூறு', 'அறுநூறு', 'எழுநூறு', 'எண்ணூறு', 'தொள்ளாயிரம்'];
const HUNDREDS_JOINED = ['', 'நூற்று', 'இருநூற்று', 'முந்நூற்று', 'நானூற்று', 'ஐந்நூற்று', 'அறுநூற்று', 'எழுநூற்று', 'எண்ணூற்று', 'தொள்ளாயிரத்து'];
/** 1,000 to 10,000 as one word. */
const THOUSANDS = ['', 'ஆயிரம்', 'இரண்டாயிரம்', 'மூவாயிரம்', 'நான்காயிரம்', 'ஐயாயிரம்', 'ஆறாயிரம்', 'ஏழாயிரம்', 'எட்டாயிரம்', 'ஒன்பதாயிரம்', 'பத்தாயிரம்'];

/** A word ending in ம் (ஆயிரம், இலட்சம்) joined to what follows: ஆயிரத்து. */
const joined = (word: string) => (word.endsWith('ம்') ? `${word.slice(0, -2)}த்து` : word);

/** 0 < n < 100 */
const belowHundred = (n: number): string =>
  n < 10 ? ONES[n] : n < 20 ? TEENS[n - 10] : n % 10 ? `${TENS_JOINED[Math.floor(n / 10)]} ${ONES[n % 10]}` : TENS[n / 10];

/** 0 < n < 1000 */
function belowThousand(n: number): string {
  const h = Math.floor(n / 100);
  const rest = n % 100;
  if (!h) return belowHundred(rest);
  return rest ? `${HUNDREDS_JOINED[h]} ${belowHundred(rest)}` : HUNDREDS[h];
}

/** A whole number in Tamil words. */
export function numberInTamilWords(n: number): string {
  const whole = Math.floor(Math.abs(n));
  if (whole === 0) return 'பூஜ்ஜியம்';
  const crore = Math.floor(whole / 10_000_000);
  const lakh = Math.floor((whole % 10_000_000) / 100_000);
  const thousand = Math.floor((whole % 100_000) / 1000);
  const rest = whole % 1000;
  const count = (k: number) => (k === 1 ? 'ஒரு' : numberInTamilWords(k));
  const groups = [
    crore ? `${count(crore)} கோடி` : '',
    lakh ? `${count(lakh)} இலட்சம்` : '',
    thousand ? (thousand <= 10 ? THOUSANDS[thousand] : `${belowHundred(thousand)} ஆயிரம்`) : '',
    rest ? belowThousand(rest) : '',
  ].filter(Boolean);
  // every group but the last joins the next: ஆயிரத்து, இலட்சத்து, கோடியே
  return groups.map((g, i) => (i === groups.length - 1 ? g : g.endsWith('கோடி') ? `${g}யே` : joined(g))).join(' ');
}

/** Paise in Tamil words: "ரூபாய் ஐந்நூறு மட்டும்", "ரூபாய் பத்து, ஐம்பது பைசா மட்டும்". */
export function amountInTamilWords(paise: number): string {
  const p = Math.max(Math.round(paise), 0);
  const rupees = Math.floor(p / 100);
  const ps = p % 100;
  const parts = [rupees || !ps ? `ரூபாய் ${numberInTamilWords(rupees)}` : '', ps ? `${belowHundred(ps)} பைசா` : ''].filter(Boolean);
  return `${parts.join(', ')} மட்டும்`;
}
