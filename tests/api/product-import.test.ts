import { strToU8, zipSync } from 'fflate';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../server/lib/ids';
import { istDayOf } from '../../core/sale-void';
import type { App } from '../../server/app-type';
import { bearer, createTestApp, DEMO, login, type TestContext, tokenRequests } from './helpers';
import { makeGst, makeProduct, userId } from '../support/db-builders';

let ctx: TestContext;
let vendorToken: string;
let admin: Record<string, string>;
let vendor: Record<string, string>;
let vendor2: Record<string, string>;
let vendorId: string;
let vendor2Id: string;
let seq = 0;
const uniq = () => `${Date.now().toString(36)}${(seq++).toString(36)}`;

const CAT = 'PI Groceries';
const CAT_TA = 'மளிகை இறக்குமதி';
const SUB = 'PI Rice';
const SUB_TA = 'அரிசி இறக்குமதி';
let shelf: { categoryId: string; subcategoryId: string; category: string; subcategory: string };

beforeAll(async () => {
  ctx = await createTestApp();
  const tokens = await Promise.all([DEMO.admin, DEMO.vendor, DEMO.vendor2].map((p) => login(ctx.app, p)));
  vendorToken = tokens[1];
  [admin, vendor, vendor2] = tokens.map(bearer);
  const db = ctx.handle.db;
  const categoryId = newId();
  const subcategoryId = newId();
  await db.insertInto('categories').values({ id: categoryId, name: CAT, name_ta: CAT_TA, created_at: new Date() }).execute();
  await db
    .insertInto('subcategories')
    .values({ id: subcategoryId, category_id: categoryId, name: SUB, name_ta: SUB_TA, position: 0 })
    .execute();
  shelf = { categoryId, subcategoryId, category: CAT, subcategory: SUB };
  await makeGst(db, 5, '1006');
  await makeGst(db, 18, '3401');
  vendorId = await userId(db, DEMO.vendor);
  vendor2Id = await userId(db, DEMO.vendor2);
});
afterAll(async () => ctx?.close());

const HEADER =
  'Name,Tamil name,Category,Subcategory,Unit,MRP,Selling price,Discount,GST rate,HSN,Barcode,SKU,Stock,Reorder level,Cost price,Description';

/** A CSV line of a product on the test shelf (`over` replaces columns by header). */
function line(name: string, over: Record<string, string> = {}): string {
  const cols: Record<string, string> = {
    Name: name,
    'Tamil name': '',
    Category: CAT,
    Subcategory: SUB,
    Unit: 'pcs',
    MRP: '100',
    'Selling price': '90',
    Discount: '0',
    'GST rate': '5',
    HSN: '',
    Barcode: '',
    SKU: '',
    Stock: '10',
    'Reorder level': '2',
    'Cost price': '',
    Description: '',
    ...over,
  };
  return HEADER.split(',')
    .map((h) => cols[h])
    .join(',');
}
const csv = (...lines: string[]) => Buffer.from([HEADER, ...lines].join('\n') + '\n');

function form(content: Buffer, filename = 'products.csv') {
  const boundary = '----import' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function importFile(
  who: Record<string, string>,
  content: Buffer,
  query = '',
  filename = 'products.csv',
  lang = 'en',
  app: App = ctx.app,
) {
  const f = form(content, filename);
  return app.inject({
    method: 'POST',
    url: `/api/products/import${query}`,
    headers: { ...who, ...f.headers, 'accept-language': lang },
    payload: f.payload,
  });
}

/** GET /api/products/export as `who`. */
async function exported(who: Record<string, string>, format: 'csv' | 'xlsx') {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/products/export?format=${format}`, headers: who });
  expect(res.statusCode).toBe(200);
  return res;
}

const { ok, shopSale } = tokenRequests(() => ctx.app);

const productsNamed = (prefix: string) =>
  ctx.handle.db.selectFrom('products').selectAll().where('name', 'like', `${prefix}%`).orderBy('name').execute();

/** A one-sheet XLSX whose sheet XML is given (`rows` inside <sheetData>). */
function xlsx(rows: string, extra: Record<string, Uint8Array> = {}) {
  return Buffer.from(
    zipSync({
      '[Content_Types].xml': strToU8('<Types/>'),
      'xl/workbook.xml': strToU8('<workbook/>'),
      'xl/worksheets/sheet1.xml': strToU8(`<worksheet><sheetData>${rows}</sheetData></worksheet>`),
      ...extra,
    }),
  );
}
const inline = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;

describe('POST /api/products/import', () => {
  it('creates, updates and leaves unchanged rows; a new product’s stock is a ledger movement of kind import', async () => {
    const p = `Imp A ${uniq()}`;
    const first = await importFile(
      vendor,
      csv(line(`${p} 1`, { SKU: `SKU-${p}` }), line(`${p} 2`, { Barcode: '8901234567890' })),
      '',
      'first.csv',
    );
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ created: 2, updated: 0, unchanged: 0, invalid: 0, saved: true, errors: [] });
    const rows = await productsNamed(p);
    expect(rows.map((r) => [r.vendor_id, r.count_in_stock, r.price_paise, r.shop_price_paise])).toEqual([
      [vendorId, '10.000', 10000, 9000],
      [vendorId, '10.000', 10000, 9000],
    ]);
    const moves = await ctx.handle.db.selectFrom('stock_movements').selectAll().where('product_id', '=', rows[0].id).execute();
    expect(moves.map((m) => [m.kind, m.ref, m.by_user, Number(m.quantity)])).toEqual([['import', 'first.csv', vendorId, 10]]);

    // again: row 1 matched by SKU (any case) with a new price and another stock figure, row 2 by
    // barcode with only its stock changed: the stock column is ignored for existing products
    const again = await importFile(
      vendor,
      csv(
        line(`${p} 1`, { SKU: `sku-${p}`.toUpperCase(), 'Selling price': '85', Stock: '25' }),
        line(`${p} 2`, { Barcode: '8901234567890', Stock: '3' }),
      ),
      '',
      'second.csv',
    );
    expect(again.json()).toMatchObject({ created: 0, updated: 1, unchanged: 1, errors: [] });
    const after = await productsNamed(p);
    expect(after.map((r) => [r.count_in_stock, r.shop_price_paise])).toEqual([
      ['10.000', 8500],
      ['10.000', 9000],
    ]);
    expect(after[0].sku).toBe(`SKU-${p}`.toUpperCase());
    const ledgerLines = await ctx.handle.db
      .selectFrom('stock_movements')
      .select('id')
      .where('product_id', 'in', [rows[0].id, rows[1].id])
      .execute();
    expect(ledgerLines).toHaveLength(2);
  });

  it('matches by id first: the id wins over barcode and SKU, and renames the product', async () => {
    const p = `Imp B ${uniq()}`;
    const id = await makeProduct(ctx.handle.db, { vendorId, shelf, name: `${p} old`, shopPrice: 50, price: 60 });
    const file = Buffer.from(`id,Name,Category,Subcategory,MRP,Selling price,GST rate\n${id},${p} new,${CAT},${SUB},60,55,5\n`);
    const res = await importFile(vendor, file);
    expect(res.json()).toMatchObject({ created: 0, updated: 1, errors: [] });
    const row = await ctx.handle.db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect([row.name, row.shop_price_paise]).toEqual([`${p} new`, 5500]);
  });

  it('an unknown id is a row error; another shop’s id refuses the whole file with 400 and changes nothing', async () => {
    const p = `Imp C ${uniq()}`;
    const unknown = await importFile(
      vendor,
      Buffer.from(`id,Name,Category,Subcategory,MRP,Selling price,GST rate\n${newId()},${p},${CAT},${SUB},60,55,5\n`),
    );
    expect(unknown.json().errors).toEqual([expect.objectContaining({ row: 2, column: 'id', code: 'importIdUnknown' })]);
    const theirs = await makeProduct(ctx.handle.db, { vendorId: vendor2Id, shelf, name: `${p} theirs`, shopPrice: 50, price: 60 });
    const file = Buffer.from(
      `id,Name,Category,Subcategory,MRP,Selling price,GST rate\n,${p} mine,${CAT},${SUB},60,55,5\n${theirs},${p} stolen,${CAT},${SUB},60,1,5\n`,
    );
    const res = await importFile(vendor, file, '?skipInvalid=true');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('importNotYours');
    expect((await productsNamed(p)).map((r) => r.name)).toEqual([`${p} theirs`]);
  });

  it('reads Tamil headers in any order, and Tamil category and subcategory names', async () => {
    const p = `Imp D ${uniq()}`;
    const file = Buffer.from(
      `\uFEFFஇருப்பு,பெயர்,தமிழ் பெயர்,வகை,துணை வகை,அலகு,விலை,விற்பனை விலை,தள்ளுபடி,ஜிஎஸ்டி\n5.5,${p},பொன்னி அரிசி,${CAT_TA},${SUB_TA},kg,70,65,5,5\n`,
    );
    const res = await importFile(vendor, file, '', 'tamil.csv');
    expect(res.json()).toMatchObject({ created: 1, errors: [] });
    const [row] = await productsNamed(p);
    expect([row.tamil, row.unit, row.count_in_stock, row.discount_paise, row.category_id]).toEqual([
      'பொன்னி அரிசி',
      'kg',
      '5.500',
      500,
      shelf.categoryId,
    ]);
  });

  it('600 products with Tamil names in one go', async () => {
    const p = `Imp E ${uniq()}`;
    const lines = Array.from({ length: 600 }, (_, i) => line(`${p} ${String(i).padStart(3, '0')}`, { 'Tamil name': `தக்காளி ${i}` }));
    const res = await importFile(vendor, csv(...lines));
    expect(res.json()).toMatchObject({ created: 600, errors: [] });
    expect(res.json().preview).toHaveLength(20);
    const rows = await productsNamed(p);
    expect(rows).toHaveLength(600);
    expect(rows[599].tamil).toBe('தக்காளி 599');
  });

  it('reports every bad row by row and column in the request language, and imports nothing', async () => {
    const p = `Imp F ${uniq()}`;
    const file = csv(
      line(`${p} ok`),
      line(`${p} unit`, { Unit: 'crate' }),
      line(`${p} price`, { 'Selling price': '120' }),
      line(`${p} cat`, { Category: 'No such category' }),
      line(`${p} gst`, { 'GST rate': '7' }),
      line(`${p} num`, { MRP: 'abc' }),
    );
    const res = await importFile(vendor, file, '', 'bad.csv', 'ta');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ created: 0, updated: 0, unchanged: 0, invalid: 5, saved: false });
    // the spreadsheet's own row numbers: the header is row 1
    expect(body.errors.map((e: { row: number; column: string; code: string }) => [e.row, e.column, e.code])).toEqual([
      [3, 'unit', 'unitInvalid'],
      [4, 'sellingPrice', 'shopPriceOverMrp'],
      [5, 'category', 'categoryNotFound'],
      [6, 'gstRate', 'importGstRateUnknown'],
      [7, 'mrp', 'invalidNumeric'],
    ]);
    expect(body.errors[3].message).toMatch(/^7% GST விகிதம் அமைக்கப்படவில்லை\. /);
    expect(body.preview[0]).toMatchObject({ row: 2, action: 'create', name: `${p} ok`, mrp: 100 });
    expect(await productsNamed(p)).toEqual([]);

    const skip = await importFile(vendor, file, '?skipInvalid=true');
    expect(skip.json()).toMatchObject({ created: 1, invalid: 5, saved: true });
    expect((await productsNamed(p)).map((r) => r.name)).toEqual([`${p} ok`]);
  });

  it('a dry run saves nothing but says what saving would do', async () => {
    const p = `Imp G ${uniq()}`;
    const res = await importFile(vendor, csv(line(`${p} 1`), line(`${p} 2`)), '?dryRun=true');
    expect(res.json()).toMatchObject({ created: 2, saved: false, errors: [] });
    expect(await productsNamed(p)).toEqual([]);
  });

  it('refuses the same product, barcode or SKU twice in one file, and another product’s SKU', async () => {
    const p = `Imp H ${uniq()}`;
    await importFile(vendor, csv(line(`${p} a`, { SKU: `A-${p}` })));
    const res = await importFile(
      vendor,
      csv(line(`${p} b`, { Barcode: '12345' }), line(`${p} c`, { Barcode: '12345' }), line(`${p} d`, { SKU: `a-${p}`, Barcode: '999' })),
    );
    const errs = res.json().errors.map((e: { row: number; column: string; code: string }) => [e.row, e.column, e.code]);
    // row 4's SKU matches product a, whose barcode is then changed: fine; row 3 repeats row 2's barcode
    expect(errs).toEqual([[3, 'barcode', 'importDuplicate']]);
    expect(res.json().errors[0].params).toEqual({ row: 2 });
  });

  it('an admin imports into a vendor’s catalogue with vendorId', async () => {
    const p = `Imp I ${uniq()}`;
    const res = await importFile(admin, csv(line(p)), `?vendorId=${vendor2Id}`);
    expect(res.json()).toMatchObject({ created: 1 });
    expect((await productsNamed(p))[0].vendor_id).toBe(vendor2Id);
  });
});

describe('search after an import', () => {
  /** The products whose search columns match every word of `keyword` as a word prefix, or contain it. */
  const found = async (keyword: string) => {
    const words = keyword
      .toLowerCase()
      .split(/\s+/)
      .map((w) => `${w}:*`)
      .join(' & ');
    const { rows } = await sql<{ name: string }>`
      SELECT name FROM products WHERE search_words @@ to_tsquery('simple', ${words})
        AND search_text LIKE ${`%${keyword.toLowerCase()}%`} AND name_words @@ to_tsquery('simple', ${words}) ORDER BY name`.execute(
      ctx.handle.db,
    );
    return rows.map((r) => r.name);
  };
  /** The customers' search (GET /api/products/search): the names it answers for `keyword`. */
  const customerSearch = async (keyword: string) => {
    const token = await login(ctx.app, DEMO.customer);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/products/search?keyword=${encodeURIComponent(keyword)}`,
      headers: bearer(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().products as { name: string }[]).map((p) => p.name);
  };

  it('a new description keeps the product findable by its name and finds it by the new words; a new name by the new name only', async () => {
    const tag = uniq();
    const name = `Zorblax ${tag}`;
    const first = await importFile(vendor, csv(line(name, { Description: 'plain rice' })));
    expect(first.json()).toMatchObject({ created: 1, saved: true });
    const [p] = await productsNamed(name);

    const byId = (n: string, description: string) => Buffer.from(`id,${HEADER}\n${p.id},${line(n, { Description: description })}\n`);
    const described = await importFile(vendor, byId(name, `quixotic${tag} rice`));
    expect(described.json()).toMatchObject({ updated: 1, saved: true });
    expect(await found(name)).toEqual([name]);
    expect(await found(`quixotic${tag}`)).toEqual([]); // a description word is not a name word
    const { rows: byDescription } = await sql<{ id: string }>`
      SELECT id FROM products WHERE search_words @@ to_tsquery('simple', ${`quixotic${tag}:*`})`.execute(ctx.handle.db);
    expect(byDescription.map((r) => r.id)).toEqual([p.id]);
    expect(await customerSearch(name)).toEqual([name]);
    expect(await customerSearch(`quixotic${tag}`)).toEqual([name]);

    const renamed = `Wombleton ${tag}`;
    expect((await importFile(vendor, byId(renamed, `quixotic${tag} rice`))).json()).toMatchObject({ updated: 1, saved: true });
    expect(await found(renamed)).toEqual([renamed]);
    expect(await found(name)).toEqual([]);
    expect(await customerSearch(renamed)).toEqual([renamed]);
    expect(await customerSearch(`Zorblax ${tag}`)).toEqual([]);

    // the vocabulary the typo tolerance reads counts each word's products as the products hold them (the import counts it itself)
    const vocabulary = async (word: string) =>
      (await sql<{ products: number }>`SELECT products FROM search_vocabulary WHERE kind = 'w' AND word = ${word}`.execute(ctx.handle.db))
        .rows[0]?.products ?? 0;
    expect(await vocabulary(`wombleton`)).toBeGreaterThanOrEqual(1);
    expect(await vocabulary(`zorblax`)).toBe(0);
    expect(await vocabulary(`quixotic${tag}`)).toBe(1);
    const held = async (word: string) =>
      Number(
        (
          await sql<{
            n: string;
          }>`SELECT count(*) AS n FROM products p, search_vocabulary_words(p.search_words) x WHERE x.kind = 'w' AND x.word = ${word}`.execute(
            ctx.handle.db,
          )
        ).rows[0].n,
      );
    expect(await vocabulary(`wombleton`)).toBe(await held('wombleton'));
  });
});

describe('import refusals: coded 400s that change nothing', () => {
  it('a file over 10 MB', async () => {
    const big = Buffer.concat([csv(line('Imp big')), Buffer.alloc(10 * 1024 * 1024 + 10, 32)]);
    const res = await importFile(vendor, big);
    expect([res.statusCode, res.json().code]).toEqual([400, 'importTooLarge']);
  });

  it('more than 20,000 rows', async () => {
    const p = `Imp J ${uniq()}`;
    const lines = Array.from({ length: 20_001 }, (_, i) => `${p}${i},${CAT},${SUB},10,9,5`);
    const res = await importFile(vendor, Buffer.from(['Name,Category,Subcategory,MRP,Selling price,GST rate', ...lines].join('\n')));
    expect([res.statusCode, res.json().code]).toEqual([400, 'importTooManyRows']);
    expect(await productsNamed(p)).toEqual([]);
  });

  it('a zip bomb: declared sizes over 50 MB, and an entry that inflates past its declared size', async () => {
    const zeros = new Uint8Array(60 * 1024 * 1024);
    const honest = xlsx(`<row r="1">${inline('A1', 'Name')}</row>`, { 'xl/worksheets/sheet2.xml': zeros });
    expect(honest.length).toBeLessThan(200 * 1024);
    const res = await importFile(vendor, honest, '', 'bomb.xlsx');
    expect([res.statusCode, res.json().code]).toEqual([400, 'importZipBomb']);

    // the same zip with its central directory lying (declared size 1 KB): caught while inflating
    const liar = Buffer.from(zipSync({ 'xl/worksheets/sheet1.xml': zeros }));
    const cd = liar.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    liar.writeUInt32LE(1024, cd + 24);
    const res2 = await importFile(vendor, liar, '', 'liar.xlsx');
    expect([res2.statusCode, res2.json().code]).toEqual([400, 'importZipBomb']);
  });

  it('a formula in the header row of an XLSX', async () => {
    const header = ['Name', 'Category', 'Subcategory', 'MRP', 'Selling price', 'GST rate'];
    const headRow = `<row r="1">${header.map((h, i) => inline(`${'ABCDEF'[i]}1`, h)).join('')}<c r="G1"><f>A1</f><v>0</v></c></row>`;
    const body = `<row r="2">${inline('A2', 'Imp hdr')}${inline('B2', CAT)}${inline('C2', SUB)}<c r="D2"><v>10</v></c><c r="E2"><v>9</v></c><c r="F2"><v>5</v></c></row>`;
    const res = await importFile(vendor, xlsx(headRow + body), '', 'h.xlsx');
    expect([res.statusCode, res.json().code, res.json().params]).toEqual([400, 'importFormula', { row: 1, column: 'G' }]);
  });

  it('a file that is neither CSV nor XLSX', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0xd, 0xff, 0xfe]);
    const res = await importFile(vendor, png, '', 'x.png');
    expect([res.statusCode, res.json().code]).toEqual([400, 'importBadType']);
    const noColumns = await importFile(vendor, Buffer.from('Foo,Bar\n1,2\n'));
    expect([noColumns.statusCode, noColumns.json().code]).toEqual([400, 'importMissingColumns']);
  });
});

describe('GET /api/products/export', () => {
  it('CSV: BOM, English headers, injection-looking texts escaped, numbers kept; importing it back changes nothing', async () => {
    const p = `Imp L ${uniq()}`;
    const file = csv(
      line(`${p} 1`, {
        'Tamil name': 'நல்லெண்ணெய்',
        Description: '"-fresh, @home"',
        SKU: `L-${p}`,
        'Cost price': '70.5',
        Unit: 'l',
        Stock: '2.25',
      }),
      line(`${p} 2`, { Barcode: `L${Date.now()}` }),
    );
    // the description starting with "-" would be a formula in CSV: this one is quoted text the import refuses
    const refused = await importFile(vendor, file);
    expect(refused.json()).toMatchObject({ saved: false, created: 0 });
    expect(refused.json().errors).toEqual([expect.objectContaining({ row: 2, column: 'description', code: 'importCellFormula' })]);
    const ok = await importFile(vendor, Buffer.from(file.toString().replace('"-fresh, @home"', '"fresh, @home"')));
    expect(ok.json()).toMatchObject({ created: 2 });
    const [first] = await productsNamed(p);
    await ctx.handle.db.updateTable('products').set({ description: '-fresh =1+1 @home' }).where('id', '=', first.id).execute();

    const res = await exported(vendor, 'csv');
    expect(res.headers['content-type']).toContain('text/csv');
    const text = res.rawPayload.toString('utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text.slice(1, 30)).toBe('id,Name,Tamil name,Category,S');
    const mine = text.split('\r\n').find((l) => l.includes(`${p} 1`))!;
    expect(mine).toContain('நல்லெண்ணெய்');
    expect(mine).toContain(",'-fresh =1+1 @home");
    expect(mine).toContain(',l,100,90,0,5,');
    expect(mine).toContain(',2.25,2,70.5,');
    expect(text).not.toMatch(/(^|,)[=+@-][^0-9]/m);

    const back = await importFile(vendor, res.rawPayload, '', 'export.csv');
    expect(back.json()).toMatchObject({ created: 0, updated: 0, errors: [] });
    expect(back.json().unchanged).toBeGreaterThanOrEqual(2);
    const again = await productsNamed(p);
    expect(again[0].description).toBe('-fresh =1+1 @home');
  });

  it('XLSX: the same columns; importing it back changes nothing, Tamil intact', async () => {
    const p = `Imp M ${uniq()}`;
    await importFile(vendor, csv(line(p, { 'Tamil name': 'உளுந்து', SKU: `M-${p}`, HSN: '1006' })));
    const res = await exported(vendor, 'xlsx');
    expect(res.rawPayload.readUInt32LE(0)).toBe(0x04034b50);
    const back = await importFile(vendor, res.rawPayload, '', 'export.xlsx');
    expect(back.json()).toMatchObject({ created: 0, updated: 0, errors: [] });
    const [row] = await productsNamed(p);
    expect(row.tamil).toBe('உளுந்து');
    const before = await ctx.handle.db.selectFrom('stock_movements').select('id').where('product_id', '=', row.id).execute();
    expect(before).toHaveLength(1);
  });

  it('a vendor exports its own products only; an admin all or one vendor’s', async () => {
    const p = `Imp N ${uniq()}`;
    await importFile(vendor2, csv(line(p)));
    expect((await exported(vendor, 'csv')).rawPayload.toString()).not.toContain(p);
    expect((await exported(vendor2, 'csv')).rawPayload.toString()).toContain(p);
    expect((await exported(admin, 'csv')).rawPayload.toString()).toContain(p);
    const one = await ctx.app.inject({ method: 'GET', url: `/api/products/export?vendorId=${vendorId}`, headers: admin });
    expect(one.rawPayload.toString()).not.toContain(p);
  });
});

describe('SKU and cost price in the product form', () => {
  it('are saved, shown to the vendor, never to customers; a SKU is unique per vendor ignoring case', async () => {
    const p = `Imp O ${uniq()}`;
    const gst = (await ctx.handle.db.selectFrom('gsts').select('id').where('is_active', '=', true).executeTakeFirstOrThrow()).id;
    const body = {
      name: p,
      price: 100,
      shopPrice: 90,
      countInStock: 5,
      reOrderLevel: 1,
      category: CAT,
      subcategory: SUB,
      gst,
      images: ['/api/uploads/' + 'a'.repeat(64) + '.jpg'],
      sku: `O-${p}`,
      costPrice: 61.5,
    };
    const made = await ctx.app.inject({ method: 'POST', url: '/api/products', headers: vendor, payload: body });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ sku: `O-${p}`, costPrice: 61.5 });
    const twice = await ctx.app.inject({ method: 'POST', url: '/api/products', headers: vendor, payload: { ...body, sku: `o-${p}` } });
    expect([twice.statusCode, twice.json().code]).toEqual([409, 'skuTaken']);
    const other = await ctx.app.inject({ method: 'POST', url: '/api/products', headers: vendor2, payload: body });
    expect(other.statusCode).toBe(201);
    const seen = await ctx.app.inject({ method: 'GET', url: `/api/products/${made.json()._id}` });
    expect(seen.body).not.toContain('costPrice');
    expect(seen.body).not.toContain('61.5');
  });
});

/** Every stock figure of the vendor's products, and how many ledger lines they have in all. */
async function stockState(id: string) {
  const db = ctx.handle.db;
  const stock = await db.selectFrom('products').select(['id', 'count_in_stock']).where('vendor_id', '=', id).orderBy('id').execute();
  const lines = await db
    .selectFrom('stock_movements as m')
    .innerJoin('products as p', 'p.id', 'm.product_id')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('p.vendor_id', '=', id)
    .executeTakeFirstOrThrow();
  return { stock, lines: Number(lines.n) };
}

const ledgerOf = (productId: string) =>
  ctx.handle.db.selectFrom('stock_movements').selectAll().where('product_id', '=', productId).orderBy('id').execute();

describe('an import never moves stock unless asked', () => {
  it('last week’s export re-imported after a purchase, counter sales and a shelf count: stock and ledger stay, the fixed price is saved', async () => {
    const p = `Imp P ${uniq()}`;
    const opening = await importFile(
      vendor,
      csv(line(`${p} oil`, { Unit: 'l', Stock: '15', SKU: `P-OIL-${p}` }), line(`${p} soap`, { Stock: '40', SKU: `P-SOAP-${p}` })),
      '',
      'opening.csv',
    );
    expect(opening.json()).toMatchObject({ created: 2, errors: [] });
    const [oil, soap] = await productsNamed(p);
    const lastWeek = (await exported(vendor, 'csv')).rawPayload.toString('utf8');

    // the week: fifteen litres received, counter sales, a shelf count
    await ok(
      'POST',
      '/api/purchases',
      vendorToken,
      {
        supplier: { name: `Imp supplier ${p}` },
        billNumber: `IMP-${uniq()}`,
        billDate: istDayOf(new Date()),
        lines: [{ productId: oil.id, quantity: 15, unitCost: 120, gstRate: 5 }],
      },
      201,
    );
    const sale = await shopSale(
      vendorToken,
      [
        { productId: oil.id, quantity: 2.5 },
        { productId: soap.id, quantity: 3 },
      ],
      { paymentMethod: 'cash', handedOver: true },
    );
    expect(sale.statusCode, sale.body).toBe(201);
    await ok('POST', '/api/stock/counts', vendorToken, { lines: [{ productId: soap.id, counted: 35 }] });
    const before = await stockState(vendorId);
    expect(before.stock.find((r) => r.id === oil.id)?.count_in_stock).toBe('27.500');
    expect(before.stock.find((r) => r.id === soap.id)?.count_in_stock).toBe('35.000');

    // last week's file with one price fixed: the soap sells at ₹80 now
    const lines = lastWeek.split('\r\n');
    const at = lines.findIndex((l) => l.includes(`${p} soap`));
    expect(lines[at]).toContain(',pcs,100,90,0,');
    lines[at] = lines[at].replace(',pcs,100,90,0,', ',pcs,100,80,0,');
    const file = Buffer.from(lines.join('\r\n'));

    const dry = await importFile(vendor, file, '?dryRun=true', 'last-week.csv');
    expect(dry.json()).toMatchObject({ created: 0, updated: 1, invalid: 0, saved: false });
    expect(dry.json().changes).toEqual([
      { row: at + 1, id: soap.id, name: `${p} soap`, fields: [{ field: 'sellingPrice', before: 90, after: 80 }] },
    ]);

    const res = await importFile(vendor, file, '', 'last-week.csv');
    expect(res.json()).toMatchObject({ created: 0, updated: 1, saved: true, errors: [] });
    expect(await stockState(vendorId)).toEqual(before);
    expect((await productsNamed(p)).map((r) => r.shop_price_paise)).toEqual([9000, 8000]);

    // and the same file untouched, as an XLSX export too: nothing at all changes
    const again = await importFile(vendor, Buffer.from(lastWeek), '', 'last-week.csv');
    expect(again.json()).toMatchObject({ created: 0, errors: [] });
    expect(again.json().changes.map((c: { id: string }) => c.id)).toEqual([soap.id]);
    await importFile(vendor, Buffer.from(lines.join('\r\n')), '', 'last-week.csv');
    expect(await stockState(vendorId)).toEqual(before);
  });

  it('a product whose sales took its stock below zero re-imports from the shop’s own export, its stock kept', async () => {
    const p = `Imp N ${uniq()}`;
    await importFile(vendor, csv(line(`${p} dal`, { Stock: '4', SKU: `N-DAL-${p}` })), '', 'opening.csv');
    const [dal] = await productsNamed(p);
    // an offline sale replayed after the shelf ran out: the shop's stock figure is below zero
    await ctx.handle.db.updateTable('products').set({ count_in_stock: '-2.500' }).where('id', '=', dal.id).execute();
    const file = (await exported(vendor, 'csv')).rawPayload.toString('utf8');
    const row = file.split('\r\n').find((l) => l.includes(`${p} dal`))!;
    expect(row).toContain('-2.5');
    const changed = Buffer.from(file.replace(row, row.replace(`${p} dal`, `${p} dal (1 kg)`)));

    const res = await importFile(vendor, changed, '', 'own-export.csv');
    expect(res.json()).toMatchObject({ updated: 1, invalid: 0, saved: true, errors: [] });
    const [after] = await productsNamed(p);
    expect(after).toMatchObject({ name: `${p} dal (1 kg)`, count_in_stock: '-2.500' });
    // asked to set stock from the file, a figure below zero is still refused
    const set = await importFile(vendor, changed, '?setStock=true&dryRun=true', 'own-export.csv');
    expect(set.json().errors).toEqual(expect.arrayContaining([expect.objectContaining({ column: 'stock' })]));
  });

  it('"Set stock from the file" makes each difference a count adjustment named by the file', async () => {
    const p = `Imp Q ${uniq()}`;
    const sku = (n: number) => `Q${n}-${p}`;
    await importFile(
      vendor,
      csv(
        line(`${p} 1`, { SKU: sku(1), Stock: '10' }),
        line(`${p} 2`, { SKU: sku(2), Stock: '5' }),
        line(`${p} 3`, { SKU: sku(3), Stock: '7' }),
      ),
      '',
      'opening.csv',
    );
    const [a, b, c] = await productsNamed(p);
    expect((await shopSale(vendorToken, [{ productId: a.id, quantity: 2 }], { paymentMethod: 'cash', handedOver: true })).statusCode).toBe(
      201,
    );
    const file = csv(
      line(`${p} 1`, { SKU: sku(1), Stock: '12' }),
      line(`${p} 2`, { SKU: sku(2), Stock: '5' }),
      line(`${p} 3`, { SKU: sku(3), Stock: '7', MRP: '110' }),
    );

    // by default the stock column is ignored: only the MRP of row 4 changes
    const plain = await importFile(vendor, file, '?dryRun=true', 'shelf-count.csv');
    expect(plain.json()).toMatchObject({ updated: 1, unchanged: 2 });
    expect(plain.json().changes).toEqual([{ row: 4, id: c.id, name: `${p} 3`, fields: [{ field: 'mrp', before: 100, after: 110 }] }]);

    const dry = await importFile(vendor, file, '?dryRun=true&setStock=true', 'shelf-count.csv');
    expect(dry.json()).toMatchObject({ updated: 2, unchanged: 1, saved: false });
    expect(dry.json().changes).toEqual([
      { row: 2, id: a.id, name: `${p} 1`, fields: [{ field: 'stock', before: 8, after: 12 }] },
      { row: 4, id: c.id, name: `${p} 3`, fields: [{ field: 'mrp', before: 100, after: 110 }] },
    ]);
    expect((await ledgerOf(a.id)).length).toBe(2);

    const res = await importFile(vendor, file, '?setStock=true', 'shelf-count.csv');
    expect(res.json()).toMatchObject({ updated: 2, unchanged: 1, saved: true });
    const ledgerA = await ledgerOf(a.id);
    expect(ledgerA.map((m) => [m.kind, m.reason, m.ref, m.by_user, Number(m.quantity), Number(m.balance)])).toEqual([
      ['import', null, 'opening.csv', vendorId, 10, 10],
      ['sale', null, expect.any(String), vendorId, -2, 8],
      ['adjustment', 'count', 'shelf-count.csv', vendorId, 4, 12],
    ]);
    expect((await ledgerOf(b.id)).length).toBe(1);
    expect((await ledgerOf(c.id)).length).toBe(1);
    expect((await productsNamed(p)).map((r) => [r.count_in_stock, r.price_paise])).toEqual([
      ['12.000', 10000],
      ['5.000', 10000],
      ['7.000', 11000],
    ]);
  });

  it('a bad setStock value is refused with a coded 400', async () => {
    const res = await importFile(vendor, csv(line(`Imp R ${uniq()}`)), '?setStock=yes');
    expect([res.statusCode, res.json().code]).toEqual([400, 'mustBeTrueOrFalse']);
  });

  it('the preview lists every product that changes, not only the first rows: name, prices, GST', async () => {
    const p = `Imp S ${uniq()}`;
    const names = Array.from({ length: 25 }, (_, i) => `${p} ${String(i).padStart(2, '0')}`);
    await importFile(vendor, csv(...names.map((n, i) => line(n, { SKU: `S${i}-${p}` }))));
    const made = await productsNamed(p);
    const file = csv(
      ...names.map((n, i) =>
        i === 24
          ? line(`${n} renamed`, { SKU: `S${i}-${p}`, 'GST rate': '18' })
          : line(n, { SKU: `S${i}-${p}`, MRP: '120', 'Selling price': '99.5' }),
      ),
    );
    const res = await importFile(vendor, file, '?dryRun=true');
    const body = res.json();
    expect(body).toMatchObject({ updated: 25, errors: [] });
    expect(body.preview).toHaveLength(20);
    expect(body.changes).toHaveLength(25);
    expect(body.changes[0]).toEqual({
      row: 2,
      id: made[0].id,
      name: names[0],
      fields: [
        { field: 'mrp', before: 100, after: 120 },
        { field: 'sellingPrice', before: 90, after: 99.5 },
      ],
    });
    expect(body.changes[24]).toMatchObject({ row: 26, id: made[24].id, name: `${names[24]} renamed` });
    expect(body.changes[24].fields).toEqual(
      expect.arrayContaining([
        { field: 'name', before: names[24], after: `${names[24]} renamed` },
        { field: 'gstRate', before: 5, after: 18 },
      ]),
    );
  });
});

describe('rows and their errors', () => {
  it('rows are numbered as the spreadsheet shows them: the header is row 1, blank rows count', async () => {
    const p = `Imp T ${uniq()}`;
    const file = Buffer.from([HEADER, line(`${p} ok`), '', line(`${p} bad`, { Unit: 'crate' })].join('\n') + '\n');
    const res = await importFile(vendor, file, '?dryRun=true');
    expect(res.json().errors.map((e: { row: number; column: string }) => [e.row, e.column])).toEqual([[4, 'unit']]);
    expect(res.json().preview.map((r: { row: number }) => r.row)).toEqual([2, 4]);

    const header = ['Name', 'Category', 'Subcategory', 'MRP', 'Selling price', 'GST rate'];
    const headRow = `<row r="1">${header.map((h, i) => inline(`${'ABCDEF'[i]}1`, h)).join('')}</row>`;
    const dataRow = (r: number, name: string, sell: number) =>
      `<row r="${r}">${inline(`A${r}`, name)}${inline(`B${r}`, CAT)}${inline(`C${r}`, SUB)}<c r="D${r}"><v>10</v></c><c r="E${r}"><v>${sell}</v></c><c r="F${r}"><v>5</v></c></row>`;
    const x = await importFile(vendor, xlsx(headRow + dataRow(2, `${p} x1`, 9) + dataRow(5, `${p} x2`, 11)), '?dryRun=true', 'rows.xlsx');
    expect(x.json().errors.map((e: { row: number; column: string }) => [e.row, e.column])).toEqual([[5, 'sellingPrice']]);
  });

  it('a formula cell is its row’s error (CSV: a text starting with =); skipInvalid imports the other rows', async () => {
    const p = `Imp K ${uniq()}`;
    const file = csv(
      line(`${p} ok`),
      line(`${p} desc`, { Description: '=1+2' }),
      line(`${p} mrp`, { MRP: '=A1*2' }),
      line(`${p} neg`, { Stock: '-5' }),
    );
    const res = await importFile(vendor, file);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ saved: false, created: 0, invalid: 3 });
    expect(res.json().errors.map((e: { row: number; column: string; code: string }) => [e.row, e.column, e.code])).toEqual([
      [3, 'description', 'importCellFormula'],
      [4, 'mrp', 'importCellFormula'],
      [5, 'stock', 'invalidNumeric'],
    ]);
    expect(res.json().errors[0].message).toBe('This cell holds a formula: type the value itself (save the file with values only)');
    expect(await productsNamed(p)).toEqual([]);

    const skip = await importFile(vendor, file, '?skipInvalid=true');
    expect(skip.json()).toMatchObject({ saved: true, created: 1, invalid: 3 });
    expect((await productsNamed(p)).map((r) => r.name)).toEqual([`${p} ok`]);
  });

  it('an XLSX cell with <f> is its row’s error; a formula in a column the import ignores is ignored', async () => {
    const p = `Imp U ${uniq()}`;
    const header = ['Name', 'Category', 'Subcategory', 'MRP', 'Selling price', 'GST rate', 'Notes'];
    const headRow = `<row r="1">${header.map((h, i) => inline(`${'ABCDEFG'[i]}1`, h)).join('')}</row>`;
    const row = (r: number, name: string, mrp: string, notes = '') =>
      `<row r="${r}">${inline(`A${r}`, name)}${inline(`B${r}`, CAT)}${inline(`C${r}`, SUB)}${mrp}<c r="E${r}"><v>2</v></c><c r="F${r}"><v>5</v></c>${notes}</row>`;
    const file = xlsx(
      headRow +
        row(2, `${p} sum`, '<c r="D2"><f>SUM(1,2)</f><v>3</v></c>') +
        row(3, `${p} notes`, '<c r="D3"><v>3</v></c>', '<c r="G3"><f>D3*2</f><v>6</v></c>'),
    );
    const res = await importFile(vendor, file, '', 'f.xlsx');
    expect(res.json().errors.map((e: { row: number; column: string; code: string }) => [e.row, e.column, e.code])).toEqual([
      [2, 'mrp', 'importCellFormula'],
    ]);
    expect(await productsNamed(p)).toEqual([]);
    const skip = await importFile(vendor, file, '?skipInvalid=true', 'f.xlsx');
    expect(skip.json()).toMatchObject({ created: 1, invalid: 1, saved: true });
    expect((await productsNamed(p)).map((r) => r.name)).toEqual([`${p} notes`]);
  });

  it('a GST rate or HSN that is not set up names what is missing and what to do, in English and Tamil', async () => {
    const p = `Imp V ${uniq()}`;
    const file = csv(line(`${p} 7`, { 'GST rate': '7' }), line(`${p} Sugar 1 kg`, { 'GST rate': '5%', HSN: '1701' }));
    const active = await ctx.handle.db.selectFrom('gsts').select(['rate', 'hsn_code']).where('is_active', '=', true).execute();
    const rates = [...new Set(active.map((g) => Number(g.rate)))].sort((a, b) => a - b).map((r) => `${r}%`);
    const hsns = [...new Set(active.filter((g) => Number(g.rate) === 5).map((g) => g.hsn_code))].sort();
    expect(rates).not.toContain('7%');
    expect(hsns).toContain('1006');

    const en = (await importFile(vendor, file, '?dryRun=true')).json();
    expect(en.errors).toEqual([
      {
        row: 2,
        column: 'gstRate',
        code: 'importGstRateUnknown',
        params: { rate: '7', rates: rates.join(', ') },
        message: `No GST rate of 7% is set up. Ask the admin to add it under GST Records, or use one of: ${rates.join(', ')}`,
      },
      {
        row: 3,
        column: 'hsn',
        code: 'importGstHsnUnknown',
        params: { rate: '5', hsn: '1701', hsns: hsns.join(', ') },
        message: `No GST rate of 5% for HSN 1701 is set up. Ask the admin to add it under GST Records, or use one of these HSN codes at 5%: ${hsns.join(', ')}`,
      },
    ]);
    const ta = (await importFile(vendor, file, '?dryRun=true', 'products.csv', 'ta')).json();
    expect(ta.errors.map((e: { message: string }) => e.message)).toEqual([
      `7% GST விகிதம் அமைக்கப்படவில்லை. ஜிஎஸ்டி விகிதங்கள் பக்கத்தில் அதைச் சேர்க்க நிர்வாகியிடம் கேளுங்கள், அல்லது இவற்றில் ஒன்றைப் பயன்படுத்துங்கள்: ${rates.join(', ')}`,
      `HSN 1701-க்கு 5% GST விகிதம் அமைக்கப்படவில்லை. ஜிஎஸ்டி விகிதங்கள் பக்கத்தில் அதைச் சேர்க்க நிர்வாகியிடம் கேளுங்கள், அல்லது 5%-க்கு உள்ள இந்த HSN குறியீடுகளில் ஒன்றைப் பயன்படுத்துங்கள்: ${hsns.join(', ')}`,
    ]);
  });

  it('the result names the imported rows and the skipped ones, by row and product name', async () => {
    const p = `Imp W ${uniq()}`;
    await importFile(vendor, csv(line(`${p} old`, { SKU: `W-${p}` })));
    const file = csv(
      line(`${p} new`),
      line(`${p} bad`, { Unit: 'crate' }),
      line(`${p} old`, { SKU: `W-${p}`, MRP: '105' }),
      line(`${p} x`, { MRP: 'abc' }),
    );
    const refused = (await importFile(vendor, file)).json();
    expect(refused).toMatchObject({ saved: false, imported: [] });
    expect(refused.skipped).toEqual([
      { row: 3, name: `${p} bad`, action: 'error' },
      { row: 5, name: `${p} x`, action: 'error' },
    ]);
    const res = (await importFile(vendor, file, '?skipInvalid=true')).json();
    expect(res).toMatchObject({ saved: true, created: 1, updated: 1, invalid: 2 });
    expect(res.imported).toEqual([
      { row: 2, name: `${p} new`, action: 'create' },
      { row: 4, name: `${p} old`, action: 'update' },
    ]);
    expect(res.skipped).toEqual(refused.skipped);
  });
});

describe('GET /api/products/import/template', () => {
  it('its example rows import cleanly into a fresh demo database', async () => {
    const fresh = await createTestApp();
    try {
      const who = bearer(await login(fresh.app, DEMO.vendor));
      const res = await fresh.app.inject({ method: 'GET', url: '/api/products/import/template', headers: who });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/csv');
      expect(res.headers['content-disposition']).toContain('products-template.csv');
      const text = res.rawPayload.toString('utf8');
      expect(text.startsWith('\uFEFFName,Tamil name,Category,Subcategory,')).toBe(true);
      const rows = text.trim().split('\r\n').length - 1;
      expect(rows).toBeGreaterThanOrEqual(2);

      const imported = await importFile(who, res.rawPayload, '', 'products-template.csv', 'en', fresh.app);
      expect(imported.json()).toMatchObject({ created: rows, invalid: 0, saved: true, errors: [] });
    } finally {
      await fresh.close();
    }
  });
});
