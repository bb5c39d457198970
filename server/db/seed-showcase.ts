import type { SeedOrder, SeedProduct } from './seed-catalog';

/**
 * Demo data that shows the shop's features at work: a subcategory long enough for Load More and
 * paging (Fresh Vegetables: 28 loose vegetables of Murugan Stores, sold by weight, some sold out,
 * some low on stock) and enough delivered orders of the demo vendor for a second page of Vendor Orders.
 */
type Veg = [
  name: string,
  tamil: string,
  mrp: number,
  price: number,
  discount: number,
  stock: number,
  reorder: number,
  about: string,
  pieces?: true,
];

const VEGETABLES: Veg[] = [
  ['Broad Beans (loose)', 'அவரைக்காய் (உதிரி)', 70, 62, 0, 48.5, 10, 'Flat country broad beans for poriyal and sambar.'],
  ['Big Onion (loose)', 'பெரிய வெங்காயம் (உதிரி)', 45, 40, 0, 80, 15, 'Nashik red onions, dry and long-keeping.'],
  ['Small Onion (loose)', 'சின்ன வெங்காயம் (உதிரி)', 90, 80, 5, 25.5, 8, 'Sambar onions from Perambalur, cleaned of roots.'],
  ['Potato (loose)', 'உருளைக்கிழங்கு (உதிரி)', 45, 40, 0, 60, 12, 'Firm potatoes for poriyal, masala and chips.'],
  ['Ooty Carrot (loose)', 'ஊட்டி கேரட் (உதிரி)', 70, 62, 0, 18.25, 5, 'Sweet hill carrots from the Nilgiris.'],
  ['Beans (loose)', 'பீன்ஸ் (உதிரி)', 80, 72, 0, 12, 4, 'Tender French beans for poriyal and kootu.'],
  ['Green Brinjal (loose)', 'பச்சைக் கத்தரிக்காய் (உதிரி)', 50, 44, 0, 0, 5, 'Green country brinjal for kathirikkai kootu.'],
  ["Lady's Finger (loose)", 'வெண்டைக்காய் (உதிரி)', 60, 52, 4, 2.5, 5, 'Young okra that snaps clean, for vendakkai poriyal.'],
  ['Beetroot (loose)', 'பீட்ரூட் (உதிரி)', 50, 44, 0, 20, 5, 'Deep red beetroot for poriyal and halwa.'],
  ['Cabbage (loose)', 'முட்டைக்கோஸ் (உதிரி)', 35, 30, 0, 30, 6, 'Crisp cabbage heads from Hosur.'],
  ['Cauliflower', 'காலிஃபிளவர்', 45, 40, 0, 14, 4, 'One medium head, white and tight.', true],
  ['Cucumber (loose)', 'வெள்ளரிக்காய் (உதிரி)', 40, 35, 0, 16, 4, 'Cool green cucumbers for salad and raita.'],
  ['Bitter Gourd (loose)', 'பாகற்காய் (உதிரி)', 70, 60, 0, 0, 4, 'Bitter gourd for pitlai and crisp fry.'],
  ['Snake Gourd (loose)', 'புடலங்காய் (உதிரி)', 50, 44, 0, 9, 3, 'Long snake gourd for kootu and poriyal.'],
  ['Bottle Gourd', 'சுரைக்காய்', 35, 30, 0, 3, 5, 'One bottle gourd of about a kilo.', true],
  ['Ash Gourd (loose)', 'வெண்பூசணி (உதிரி)', 40, 34, 0, 22, 5, 'Ash gourd pieces for mor kuzhambu.'],
  ['Yellow Pumpkin (loose)', 'மஞ்சள் பூசணி (உதிரி)', 40, 35, 0, 25, 5, 'Sweet yellow pumpkin for kootu and sambar.'],
  ['Raw Banana', 'வாழைக்காய்', 10, 8, 0, 60, 10, 'One green plantain for bajji and varuval.', true],
  ['Drumstick (loose)', 'முருங்கைக்காய் (உதிரி)', 120, 100, 10, 7.5, 2, 'Fleshy drumsticks for sambar, cut to order.'],
  ['Green Chilli (loose)', 'பச்சை மிளகாய் (உதிரி)', 80, 70, 0, 4, 5, 'Hot green chillies, fresh from the farm.'],
  ['Ginger (loose)', 'இஞ்சி (உதிரி)', 160, 140, 0, 6, 2, 'Fresh ginger root for chai and thokku.'],
  ['Garlic (loose)', 'பூண்டு (உதிரி)', 240, 210, 10, 10, 2, 'Hill garlic with small strong cloves.'],
  ['Capsicum (loose)', 'குடைமிளகாய் (உதிரி)', 90, 80, 0, 11, 3, 'Green capsicum for stir fries and kurma.'],
  ['Radish (loose)', 'முள்ளங்கி (உதிரி)', 40, 34, 0, 13, 3, 'White radish for mullangi sambar.'],
  ['Chow Chow (loose)', 'சௌசௌ (உதிரி)', 40, 35, 0, 0, 4, 'Chayote squash for kootu and chutney.'],
  ['Elephant Yam (loose)', 'சேனைக்கிழங்கு (உதிரி)', 70, 60, 0, 15, 4, 'Elephant foot yam for roast and masiyal.'],
  ['Sweet Potato (loose)', 'சர்க்கரைவள்ளிக் கிழங்கு (உதிரி)', 60, 52, 0, 9, 3, 'Sweet potatoes to boil or roast.'],
  ['Colocasia (loose)', 'சேப்பங்கிழங்கு (உதிரி)', 80, 70, 0, 8, 3, 'Colocasia roots for crisp roast.'],
];

export const SHOWCASE_PRODUCTS: SeedProduct[] = VEGETABLES.map(
  ([name, tamil, price, shopPrice, discount, stock, reorder, description, pieces]) => ({
    vendor: 'murugan',
    subcategory: 'Fresh Vegetables',
    gst: 'veg0',
    name,
    tamil,
    price,
    shopPrice,
    discount,
    stock,
    reorder,
    description,
    ...(pieces ? {} : { unit: 'kg' as const }),
  }),
);

/** Delivered orders of Murugan Stores over the past days (with the catalogue's, more than one page of 10). */
export const SHOWCASE_ORDERS: SeedOrder[] = [
  {
    customer: 'customer',
    address: 0,
    vendor: 'murugan',
    hoursAgo: 220,
    delivered: true,
    lines: [
      ['Idli Rice 5kg', 1],
      ['Urad Dal Whole 1kg', 1],
    ],
  },
  {
    customer: 'karthik',
    address: 0,
    vendor: 'murugan',
    hoursAgo: 190,
    delivered: true,
    lines: [
      ['Filter Coffee Powder 500g', 1],
      ['Marie Biscuits 250g', 2],
    ],
  },
  {
    customer: 'senthil',
    address: 0,
    vendor: 'murugan',
    hoursAgo: 170,
    delivered: true,
    lines: [
      ['Wheat Atta 5kg', 1],
      ['Groundnut Oil 1L', 2],
    ],
  },
  {
    customer: 'customer',
    address: 1,
    vendor: 'murugan',
    hoursAgo: 140,
    delivered: true,
    lines: [
      ['Broad Beans (loose)', 1.5],
      ['Big Onion (loose)', 2],
      ['Potato (loose)', 1],
    ],
  },
  {
    customer: 'karthik',
    address: 1,
    vendor: 'murugan',
    hoursAgo: 110,
    delivered: true,
    lines: [
      ['Detergent Powder 1kg', 1],
      ['Dishwash Liquid 500ml', 1],
      ['Neem Soap 100g', 3],
    ],
  },
  {
    customer: 'senthil',
    address: 1,
    vendor: 'murugan',
    hoursAgo: 80,
    delivered: true,
    lines: [
      ['Ponni Rice (loose)', 5],
      ['Toor Dal (loose)', 1.5],
      ['Sambar Powder 200g', 1],
    ],
  },
  {
    customer: 'customer',
    address: 0,
    vendor: 'murugan',
    hoursAgo: 60,
    delivered: true,
    lines: [
      ['Ooty Carrot (loose)', 0.5],
      ['Beans (loose)', 0.5],
      ['Toned Milk 500ml', 4],
    ],
  },
  {
    customer: 'karthik',
    address: 0,
    vendor: 'murugan',
    hoursAgo: 52,
    delivered: true,
    lines: [
      ['Nilgiris Tea Dust 250g', 1],
      ['Coconut Cookies 200g', 2],
    ],
  },
];
