import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../server/lib/ids';
import { bearer, createTestApp, DEMO, login, type TestContext } from './helpers';
import { makeGst, makeProduct, userId } from './shop-fixtures';

let ctx: TestContext;
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
  [admin, vendor, vendor2] = (await Promise.all([DEMO.admin, DEMO.vendor, DEMO.vendor2].map((p) => login(ctx.app, p)))).map(bearer);
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

async function importFile(who: Record<string, string>, content: Buffer, query = '', filename = 'products.csv', lang = 'en') {
  const f = form(content, filename);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/products/import${query}`,
    headers: { ...who, ...f.headers, 'accept-language': lang },
    payload: f.payload,
  });
}

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
  it('creates, updates and leaves unchanged rows; the stock set is a ledger movement of kind import', async () => {
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

    // again: row 1 matched by SKU (any case) with a new stock, row 2 by barcode unchanged
    const again = await importFile(
      vendor,
      csv(line(`${p} 1`, { SKU: `sku-${p}`.toUpperCase(), Stock: '25' }), line(`${p} 2`, { Barcode: '8901234567890' })),
      '',
      'second.csv',
    );
    expect(again.json()).toMatchObject({ created: 0, updated: 1, unchanged: 1, errors: [] });
    const after = await productsNamed(p);
    expect(after.map((r) => r.count_in_stock)).toEqual(['25.000', '10.000']);
    expect(after[0].sku).toBe(`SKU-${p}`.toUpperCase());
    const moves2 = await ctx.handle.db
      .selectFrom('stock_movements')
      .selectAll()
      .where('product_id', '=', rows[0].id)
      .orderBy('id')
      .execute();
    expect(moves2.map((m) => [m.kind, m.ref, Number(m.quantity)])).toEqual([
      ['import', 'first.csv', 10],
      ['import', 'second.csv', 15],
    ]);
    const untouched = await ctx.handle.db.selectFrom('stock_movements').select('id').where('product_id', '=', rows[1].id).execute();
    expect(untouched).toHaveLength(1);
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
    expect(unknown.json().errors).toEqual([expect.objectContaining({ row: 1, column: 'id', code: 'importIdUnknown' })]);
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
    expect(body.errors.map((e: { row: number; column: string; code: string }) => [e.row, e.column, e.code])).toEqual([
      [2, 'unit', 'unitInvalid'],
      [3, 'sellingPrice', 'shopPriceOverMrp'],
      [4, 'category', 'categoryNotFound'],
      [5, 'gstRate', 'importGstRateUnknown'],
      [6, 'mrp', 'invalidNumeric'],
    ]);
    expect(body.errors[3].message).toBe('5% என்ற செயலில் உள்ள GST விகிதம் இல்லை'.replace('5%', '7%'));
    expect(body.preview[0]).toMatchObject({ row: 1, action: 'create', name: `${p} ok`, mrp: 100 });
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
    // row 3's SKU matches product a, whose barcode is then changed: fine; row 2 repeats row 1's barcode
    expect(errs).toEqual([[2, 'barcode', 'importDuplicate']]);
  });

  it('an admin imports into a vendor’s catalogue with vendorId', async () => {
    const p = `Imp I ${uniq()}`;
    const res = await importFile(admin, csv(line(p)), `?vendorId=${vendor2Id}`);
    expect(res.json()).toMatchObject({ created: 1 });
    expect((await productsNamed(p))[0].vendor_id).toBe(vendor2Id);
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

  it('a formula: an XLSX cell with <f>, a CSV cell starting with = (a negative number is fine)', async () => {
    const p = `Imp K ${uniq()}`;
    const header = ['Name', 'Category', 'Subcategory', 'MRP', 'Selling price', 'GST rate'];
    const headRow = `<row r="1">${header.map((h, i) => inline(`${'ABCDEF'[i]}1`, h)).join('')}</row>`;
    const body = `<row r="2">${inline('A2', p)}${inline('B2', CAT)}${inline('C2', SUB)}<c r="D2"><f>SUM(1,2)</f><v>3</v></c><c r="E2"><v>2</v></c><c r="F2"><v>5</v></c></row>`;
    const res = await importFile(vendor, xlsx(headRow + body), '', 'f.xlsx');
    expect([res.statusCode, res.json().code, res.json().params]).toEqual([400, 'importFormula', { row: 1, column: 'MRP' }]);

    const inCsv = await importFile(vendor, csv(line(p, { Description: '=1+2' })));
    expect([inCsv.statusCode, inCsv.json().code]).toEqual([400, 'importFormula']);
    const negative = await importFile(vendor, csv(line(p, { Stock: '-5' })));
    expect(negative.statusCode).toBe(200);
    expect(negative.json().errors).toEqual([expect.objectContaining({ column: 'stock', code: 'invalidNumeric' })]);
    expect(await productsNamed(p)).toEqual([]);
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
  async function exported(who: Record<string, string>, format: 'csv' | 'xlsx') {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/products/export?format=${format}`, headers: who });
    expect(res.statusCode).toBe(200);
    return res;
  }

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
    expect((await importFile(vendor, file)).json().code).toBe('importFormula');
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
