/**
 * The fixed search mix: broad words that match thousands of the generated products, narrow
 * phrases, Tamil words, words with typos, with and without a price range, sorted or not, pages 1 to 3.
 * Words come from the generator's lists (server/db/seed-catalog.ts), so they really match.
 */
export interface SearchQuery {
  keyword?: string;
  minPrice?: number;
  maxPrice?: number;
  sort?: 'lowToHigh' | 'highToLow';
  pageNumber: number;
  /** The delivery area a signed-in customer's search carries (its address's area). */
  area?: string;
}

const broad = ['rice', 'powder', 'oil', 'soap', 'thangam', 'kaveri', 'pack', 'milk', 'dal', 'biscuits', 'tamil nadu', 'coffee'];
const narrow = [
  'seeraga samba',
  'ponni rice 5kg',
  'gingelly oil 1l',
  'pachai karpooram',
  'mysore pak 500g',
  'goli soda',
  'kambu koozh',
  'nalangu maavu',
  'ribbon pakoda',
  'murungai keerai',
  'chettinad coffee filter',
  'vibhuti',
  'no such product xyz',
];
const tamil = ['அரிசி', 'பருப்பு', 'எண்ணெய்', 'சோப்பு', 'தங்கம்', 'காவேரி', 'மஞ்சள்', 'பால்', 'முறுக்கு', 'கற்பூரம்', 'பொன்னி அரிசி', 'தக்காளி'];
/** Misspelt words and phrases (one typo in 5 to 8 letters, two from 9; Tamil in English letters spelt loosely). */
const typos = [
  'gingely oil',
  'detergant powder',
  'coconot',
  'brinjl',
  'kathirikai',
  'adhirasm',
  'murungai kerai',
  'sambhar powdr',
  'chettinaad',
  'groundnutt',
];
const ranges: Array<[number | undefined, number | undefined]> = [
  [undefined, undefined],
  [50, 200],
  [undefined, 100],
  [500, undefined],
];
const sorts = [undefined, 'lowToHigh', 'highToLow'] as const;

export function searchMix(): SearchQuery[] {
  const out: SearchQuery[] = [];
  const words = [...broad, ...narrow, ...tamil, ...typos];
  words.forEach((keyword, i) => {
    const [minPrice, maxPrice] = ranges[i % ranges.length];
    out.push({ keyword, minPrice, maxPrice, sort: sorts[i % sorts.length], pageNumber: 1 + (i % 3) });
  });
  // broad words again on deeper pages and with a price range, and price-only browsing
  broad
    .slice(0, 6)
    .forEach((keyword, i) => out.push({ keyword, minPrice: 20, maxPrice: 300, pageNumber: 3 - (i % 3), sort: sorts[(i + 1) % 3] }));
  tamil.slice(0, 4).forEach((keyword, i) => out.push({ keyword, pageNumber: 2 + (i % 2) }));
  tamil.slice(4, 8).forEach((keyword, i) => out.push({ keyword, minPrice: 30, maxPrice: 400, sort: sorts[i % 3], pageNumber: 1 }));
  out.push(
    { minPrice: 100, maxPrice: 150, pageNumber: 1 },
    { minPrice: 100, maxPrice: 150, pageNumber: 2, sort: 'lowToHigh' },
    { pageNumber: 1 },
  );
  return out;
}

export function searchPath(q: SearchQuery): string {
  const p = new URLSearchParams();
  if (q.keyword) p.set('keyword', q.keyword);
  if (q.minPrice !== undefined) p.set('minPrice', String(q.minPrice));
  if (q.maxPrice !== undefined) p.set('maxPrice', String(q.maxPrice));
  if (q.sort) p.set('sort', q.sort);
  p.set('pageNumber', String(q.pageNumber));
  if (q.area) p.set('area', q.area);
  return `/api/products/search?${p}`;
}
