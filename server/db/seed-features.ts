import type { Db } from '.';
import { istDay } from '../../core/dates';
import { toPaise } from '../../core/money';
import type { CreatePurchaseInput } from '../../core/schemas/purchase';
import type { AuthUser } from '../services/accounts/auth-user';
import { savePacks } from '../services/catalog/product-packs';
import { PricingService } from '../services/pricing/pricing.service';
import { PurchasesService } from '../services/stock/purchases.service';
import { newId } from '../lib/ids';
import type { SeedProduct } from './seed-catalog';

const DAY_MS = 86_400_000;

/**
 * Murugan Stores' demo of packs, batches, price lists, schemes and loyalty: four products of its own
 * (none of the catalogue's, so the catalogue's figures stay as they were), bought in through the
 * purchases service (the stock ledger, the batches and their trigger as the app keeps them), the
 * shop's price lists and schemes made through the pricing service, a hotel on the Hotel list, and
 * loyalty points on Selvi's credit sales.
 */
const RICE = 'Sona Masoori Rice (loose)';
const SOAP = 'Sandal Soap 75g';
const MILK = 'Baby Milk Powder 400g';
const CAMPHOR = 'Camphor Tablets 50g';

/** The four products (their stock, but the camphor's, comes in on the bills below). */
export const FEATURE_PRODUCTS: SeedProduct[] = [
  {
    vendor: 'murugan',
    subcategory: 'Rice & Grains',
    gst: 'grain0',
    name: RICE,
    tamil: 'சோனா மசூரி அரிசி (உதிரி)',
    price: 62,
    shopPrice: 58,
    discount: 0,
    stock: 0,
    reorder: 25,
    description: 'Light Sona Masoori raw rice from Andhra, weighed loose or sold by the 25 kg bag.',
    unit: 'kg',
  },
  {
    vendor: 'murugan',
    subcategory: 'Bath Soaps',
    gst: 'soap18',
    name: SOAP,
    tamil: 'சந்தன சோப்பு 75 கிராம்',
    price: 45,
    shopPrice: 42,
    discount: 0,
    stock: 0,
    reorder: 24,
    description: 'Sandalwood bath soap, by the piece or the carton of 48.',
  },
  {
    vendor: 'murugan',
    subcategory: 'Health Drinks',
    gst: 'malt18',
    name: MILK,
    tamil: 'குழந்தை பால் பவுடர் 400 கிராம்',
    price: 450,
    shopPrice: 435,
    discount: 0,
    stock: 0,
    reorder: 5,
    description: 'Infant milk formula in a 400 g tin, kept by batch and expiry date.',
  },
  {
    vendor: 'murugan',
    subcategory: 'Camphor & Lamps',
    gst: 'camphor18',
    name: CAMPHOR,
    tamil: 'கற்பூரம் 50 கிராம்',
    price: 60,
    shopPrice: 55,
    discount: 0,
    stock: 40,
    reorder: 10,
    description: 'Pure camphor tablets for aarti, in a 50 g pack.',
  },
];

/** The demo shop's regular on the Hotel price list. */
const HOTEL_CUSTOMER = { name: 'Hotel Saravana', phone: '9840012304', address: '18 Ranganathan Street, T. Nagar' };

interface SeedIds {
  shop: { id: string; name: string; phone: string };
  productId: (name: string) => string;
  categoryId: (name: string) => string;
  /** The demo shop's regular (SHOP_CUSTOMERS key) who holds points. */
  regularId: string;
}

/** The India day `days` from the seed day (negative: before). */
const dayFrom = (now: number, days: number) => istDay(now + days * DAY_MS);

/**
 * Three bills (dated 35 to 70 days back, before the current month, so this month's GST returns are the
 * tests' own): rice by the bag, soap by the carton, and the milk powder in three batches, one expiring
 * within 30 days, one in about 60, one next year.
 */
function bills(now: number, ids: SeedIds): CreatePurchaseInput[] {
  const supplier = { name: 'Sri Balaji Agencies', phone: '9840012390' };
  const milk = ids.productId(MILK);
  return [
    {
      supplier,
      billNumber: 'SBA-2041',
      billDate: dayFrom(now, -70),
      lines: [
        { productId: ids.productId(RICE), quantity: 4, unitCost: 1250, gstRate: 0, pack: 'bag' },
        { productId: ids.productId(SOAP), quantity: 2, unitCost: 1440, gstRate: 18, pack: 'carton' },
        { productId: milk, quantity: 4, unitCost: 360, gstRate: 18, batch: { number: 'BMP-2411', expiry: dayFrom(now, 20), mrp: 450 } },
      ],
    },
    {
      supplier,
      billNumber: 'SBA-2107',
      billDate: dayFrom(now, -50),
      lines: [
        { productId: milk, quantity: 6, unitCost: 365, gstRate: 18, batch: { number: 'BMP-2502', expiry: dayFrom(now, 60), mrp: 450 } },
      ],
    },
    {
      supplier,
      billNumber: 'SBA-2166',
      billDate: dayFrom(now, -35),
      lines: [
        { productId: milk, quantity: 12, unitCost: 370, gstRate: 18, batch: { number: 'BMP-2609', expiry: dayFrom(now, 400), mrp: 460 } },
      ],
    },
  ];
}

export async function seedFeatures(db: Db, now: number, ids: SeedIds): Promise<void> {
  const owner: AuthUser = {
    id: ids.shop.id,
    role: 'vendor',
    name: ids.shop.name,
    phone: ids.shop.phone,
    shopId: ids.shop.id,
    deviceId: null,
  };
  const rice = ids.productId(RICE);
  const soap = ids.productId(SOAP);

  await db.transaction().execute(async (trx) => {
    await savePacks(trx, rice, owner.id, [{ name: 'bag', factor: 25, barcode: '8906012345250', price: 1400 }]);
    await savePacks(trx, soap, owner.id, [{ name: 'carton', factor: 48, barcode: '8906012345481', price: 1870 }]);
    // kept in batches from the start (no stock yet, so no opening batch)
    await trx.updateTable('products').set({ tracks_batches: true }).where('id', '=', ids.productId(MILK)).execute();
  });
  const purchases = new PurchasesService(db);
  for (const bill of bills(now, ids)) await purchases.create(owner, bill);

  const pricing = new PricingService(db);
  await pricing.createList(owner, {
    name: 'Wholesale',
    rules: [
      { productId: rice, percentOff: 5 },
      { productId: soap, percentOff: 8 },
    ],
  });
  const hotel = await pricing.createList(owner, {
    name: 'Hotel',
    rules: [
      { productId: rice, price: 54 },
      { productId: rice, price: 52, minQuantity: 10 },
      { productId: soap, price: 38, minQuantity: 10 },
    ],
  });
  await pricing.createScheme(owner, {
    kind: 'buyXgetY',
    name: 'Buy 2 get 1',
    from: dayFrom(now, -1),
    to: dayFrom(now, 60),
    buy: { productId: soap, quantity: 2 },
    get: { productId: soap, quantity: 1 },
  });
  await pricing.createScheme(owner, {
    kind: 'categoryPercent',
    name: 'Pooja week',
    from: dayFrom(now, -1),
    to: dayFrom(now, 30),
    categoryId: ids.categoryId('Pooja Items'),
    percentOff: 10,
  });

  await db
    .insertInto('shop_customers')
    .values({
      id: newId(),
      vendor_id: owner.id,
      name: HOTEL_CUSTOMER.name,
      phone: HOTEL_CUSTOMER.phone,
      gstin: null,
      address: HOTEL_CUSTOMER.address,
      state_code: null,
      credit_limit_paise: toPaise(20000),
      credit_days: 15,
      opening_balance_paise: 0,
      language: 'ta',
      price_list_id: hotel._id,
      user_id: null,
      created_at: new Date(now - 45 * DAY_MS),
    })
    .execute();
}
