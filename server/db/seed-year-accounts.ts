import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '.';
import { defaultInvoicePrefix, seriesHead, DOCUMENT_MARKS } from '../../core/invoice';
import { hashPassword } from '../services/accounts/auth.service';
import { DEMO_PASSWORD } from './seed-demo';
import { idOf, uuidOfHex } from './seed-year-sql';

/**
 * The year's three busy shops and the people around them: new vendor accounts (the demo shops stay as they
 * are), their delivery areas, marketplace customers who order for delivery, shop customers (the khata) and
 * suppliers. Phones are fixed; ids come from the seed.
 */
export const YEAR_SHOPS = [
  {
    phone: '9445000101',
    name: 'Cauvery Super Market',
    owner: 'Senthil Kumar',
    gstin: '33AACCS4821L1Z2',
    upi: 'cauvery.super@okaxis',
    address: { address: '41 Usman Road', city: 'Chennai', pincode: '600017', area: 'T. Nagar', phoneNumber: '9445000101' },
    areas: ['T. Nagar', 'Mylapore', 'Adyar'],
  },
  {
    phone: '9445000102',
    name: 'Vaigai Departmental Store',
    owner: 'Pandian Raj',
    gstin: '33AADFV7310M1Z8',
    upi: 'vaigai.store@okicici',
    address: { address: '7 Third Main Road', city: 'Madurai', pincode: '625020', area: 'Madurai - Anna Nagar', phoneNumber: '9445000102' },
    areas: ['Madurai - Anna Nagar', 'Madurai - K. K. Nagar'],
  },
  {
    phone: '9445000103',
    name: 'Kongu Fresh Mart',
    owner: 'Devi Ramasamy',
    gstin: '33AAGFK5092N1Z4',
    upi: 'kongu.fresh@oksbi',
    address: { address: '18 Taramani Link Road', city: 'Chennai', pincode: '600042', area: 'Velachery', phoneNumber: '9445000103' },
    areas: ['Velachery', 'Tambaram', 'Anna Nagar'],
  },
] as const;

export interface YearShop {
  s: number;
  id: string;
  phone: string;
  name: string;
  /** The invoice prefix (core/invoice defaultInvoicePrefix of the shop's name) and the credit notes' head. */
  prefix: string;
  cnHead: string;
}

/** A uuid from the seed and a key, made in TypeScript the way idOf makes it in SQL. */
export const seededId = (seed: number, tag: string, ...parts: Array<string | number>): string =>
  uuidOfHex(
    createHash('md5')
      .update([`${seed}:${tag}`, ...parts.map(String)].join(':'))
      .digest('hex'),
  );

const FIRST = [
  'Arun',
  'Bala',
  'Chitra',
  'Divya',
  'Ezhil',
  'Gowri',
  'Hari',
  'Indira',
  'Jaya',
  'Kavin',
  'Lalitha',
  'Mani',
  'Nila',
  'Priya',
  'Ravi',
  'Sudha',
  'Tamil',
  'Uma',
  'Vel',
  'Yazhini',
];
const LAST = ['Murugan', 'Raman', 'Subramani', 'Krishnan', 'Natarajan', 'Pandi', 'Shankar', 'Velu', 'Anand', 'Ganesan'];
/** A name from the index: first x last names, so names repeat only after 200. */
const nameSql = (i: string) =>
  `((ARRAY[${FIRST.map((n) => `'${n}'`).join(',')}])[1 + (${i}) % ${FIRST.length}] || ' ' || (ARRAY[${LAST.map((n) => `'${n}'`).join(',')}])[1 + ((${i}) / ${FIRST.length}) % ${LAST.length}])`;

export interface AccountCounts {
  /** Shop customers per shop (the khata). */
  customers: number;
  /** Marketplace customers per shop, who order for delivery. */
  buyers: number;
  /** Suppliers per shop. */
  suppliers: number;
}

/** Writes the shops' accounts; refuses when the year's shops are already there. */
export async function seedYearAccounts(db: Db, seed: number, counts: AccountCounts, createdAt: Date): Promise<YearShop[]> {
  const taken = await db
    .selectFrom('users')
    .select('phone')
    .where(
      'phone',
      'in',
      YEAR_SHOPS.map((s) => s.phone),
    )
    .execute();
  if (taken.length) throw new Error(`The year's shops are already in this database (${taken.map((t) => t.phone).join(', ')}).`);
  const hash = await hashPassword(DEMO_PASSWORD);
  const shops: YearShop[] = YEAR_SHOPS.map((s, i) => {
    const prefix = defaultInvoicePrefix(s.name);
    return {
      s: i,
      id: seededId(seed, 'vendor', i),
      phone: s.phone,
      name: s.name,
      prefix,
      cnHead: seriesHead(prefix, DOCUMENT_MARKS.creditNote),
    };
  });
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('users')
      .values(
        YEAR_SHOPS.map((s, i) => ({
          id: shops[i].id,
          name: s.name,
          phone: s.phone,
          role: 'vendor' as const,
          password_hash: hash,
          addresses: JSON.stringify([s.address]),
          email: null,
          gst_number: s.gstin,
          shop_name: s.name,
          upi_id: s.upi,
          commission_percentage: 4,
          created_at: createdAt,
          updated_at: createdAt,
        })),
      )
      .execute();
    await trx
      .insertInto('vendor_areas')
      .values(YEAR_SHOPS.flatMap((s, i) => s.areas.map((area) => ({ vendor_id: shops[i].id, area }))))
      .execute();
    const shopValues = sql.raw(shops.map((s) => `(${s.s}, '${s.id}'::uuid)`).join(', '));
    // marketplace customers: 7 + shop + 6 digits; each lives in one of the shop's areas
    await sql`
      INSERT INTO users (id, name, phone, role, password_hash, addresses, created_at, updated_at)
      SELECT ${sql.raw(idOf(seed, 'buyer', 's', 'i'))}, ${sql.raw(nameSql('i'))}, (7100000000 + s * 1000000 + i)::text, 'user', ${hash},
        jsonb_build_array(jsonb_build_object('address', (1 + i % 97)::text || ' Main Street', 'city', v.addresses->0->>'city',
          'pincode', v.addresses->0->>'pincode', 'phoneNumber', (7100000000 + s * 1000000 + i)::text,
          'area', (SELECT a.area FROM vendor_areas a WHERE a.vendor_id = v.id ORDER BY a.area OFFSET i % (SELECT count(*) FROM vendor_areas b WHERE b.vendor_id = v.id) LIMIT 1))),
        ${createdAt}, ${createdAt}
      FROM (VALUES ${shopValues}) AS t(s, vendor_id) JOIN users v ON v.id = t.vendor_id, generate_series(0, ${counts.buyers - 1}) AS i`.execute(
      trx,
    );
    // the khata: 6 + shop + 6 digits; one in five has a credit limit and days
    await sql`
      INSERT INTO shop_customers (id, vendor_id, name, phone, credit_limit_paise, credit_days, language, created_at, updated_at)
      SELECT ${sql.raw(idOf(seed, 'customer', 's', 'i'))}, vendor_id, ${sql.raw(nameSql('i + 7'))}, (6100000000 + s * 1000000 + i)::text,
        CASE WHEN i % 5 = 0 THEN 500000 END, CASE WHEN i % 5 = 0 THEN 15 END, CASE WHEN i % 3 = 0 THEN 'en' ELSE 'ta' END,
        ${createdAt}, ${createdAt}
      FROM (VALUES ${shopValues}) AS t(s, vendor_id), generate_series(0, ${counts.customers - 1}) AS i`.execute(trx);
    await sql`
      INSERT INTO suppliers (id, vendor_id, name, phone, gstin, created_at, credit_days)
      SELECT ${sql.raw(idOf(seed, 'supplier', 's', 'i'))}, vendor_id,
        (ARRAY['Sri Balaji Agencies', 'Annai Distributors', 'Madras Wholesale Traders', 'Kumaran Enterprises', 'Lakshmi Suppliers'])[1 + i % 5]
          || CASE WHEN i >= 5 THEN ' ' || (i / 5 + 1)::text ELSE '' END,
        (9840000000 + s * 1000 + i)::text, '33AABF' || chr(65 + i % 26) || lpad((1000 + s * 100 + i)::text, 4, '0') || 'K1Z' || (i % 10)::text,
        ${createdAt}, 30
      FROM (VALUES ${shopValues}) AS t(s, vendor_id), generate_series(0, ${counts.suppliers - 1}) AS i`.execute(trx);
  });
  return shops;
}
