import { CODE } from '../../../core/message-codes';
import { coded } from '../../../core/coded';
import { containsPattern } from '../../../core/like';
import { sql } from 'kysely';
import { productRuleProblems } from '../../../core/product-rules';
import { type ProductCreateInput, type ProductUpdateInput, productUnit } from '../../../core/schemas/product';
import type { Db } from '../../db';
import { conflict, fieldError, HttpError, note, notFound } from '../../lib/errors';
import { can } from '../../../core/permissions';
import { assertOwner, isAdmin, sellerScope } from '../../security/access';
import { newId } from '../../lib/ids';
import type { AuthUser } from '../accounts/auth.service';
import { GstsService } from '../tax/gsts.service';
import { toVendorProductDto, vendorProductQuery } from './product-dto';
import { setStockContext } from '../stock/stock-context';
import { markUploadsUsed } from '../platform/uploads.service';
import { productValues } from './product-values';
import { checkPacks, savePacks } from './product-packs';
import { auditProductEdit } from './product-audit';
import { readScaleLayout } from '../staff/scale-labels.service';
import { readScaleLabel } from '../../../core/scale-barcode';
import { counterCatalogPage } from './counter-catalog';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A picture URL a product may carry: https, or a path on this origin (never protocol-relative or scripted). */
function isAcceptableImage(url: string): boolean {
  if (/\s|\\/.test(url)) return false;
  if (url.startsWith('/')) return !url.startsWith('//') && !url.includes('..');
  try {
    return new URL(url).protocol === 'https:';
  } catch {
    return false;
  }
}

export type ProductCreate = ProductCreateInput & { vendorId?: string };

/** Vendor product management: a vendor works on its own products only, an admin on any. */
export class ProductsService {
  constructor(
    private readonly db: Db,
    private readonly gsts: GstsService,
  ) {}

  /** Category and subcategory names → ids; the subcategory must belong to the category. */
  private async resolveCategory(category: string, subcategory: string) {
    const cat = await this.db
      .selectFrom('categories')
      .select('id')
      .where(sql<string>`lower(name)`, '=', category.toLowerCase())
      .executeTakeFirst();
    if (!cat) throw fieldError('category', CODE.categoryNotFound);
    const sub = await this.db
      .selectFrom('subcategories')
      .select('id')
      .where('category_id', '=', cat.id)
      .where(sql<string>`lower(name)`, '=', subcategory.toLowerCase())
      .executeTakeFirst();
    if (!sub) throw fieldError('subcategory', CODE.subcategoryNotInCategory, { subcategory, category });
    return { categoryId: cat.id, subcategoryId: sub.id };
  }

  /** Checks the shared fields of create and update and turns them into columns. */
  private async columns(input: ProductUpdateInput, keepImages: readonly string[] = []) {
    const { categoryId, subcategoryId } = await this.resolveCategory(input.category, input.subcategory);
    const gstId = await this.gsts.requireActive(input.gst);
    const discount = input.discount ?? 0;
    const unit = productUnit(input);
    const [refused] = productRuleProblems({ ...input, unit, discount });
    if (refused) throw new HttpError(400, refused, { field: refused.field });
    if (input.images) {
      for (const url of input.images) {
        if (!keepImages.includes(url) && !isAcceptableImage(url)) throw fieldError('images', CODE.imageUrlInvalid);
      }
    }
    return productValues({ ...input, unit, discount }, { categoryId, subcategoryId, gstId });
  }

  /** The seller of a new product: the signed-in vendor; an admin may name a vendor, else sells it itself. */
  async sellerFor(user: AuthUser, vendorId?: string): Promise<string> {
    if (!isAdmin(user) || !vendorId || vendorId === user.id) return sellerScope(user) ?? user.id;
    if (!UUID.test(vendorId)) throw fieldError('vendorId', CODE.chooseValidVendor);
    const v = await this.db.selectFrom('users').select('id').where('id', '=', vendorId).where('role', '=', 'vendor').executeTakeFirst();
    if (!v) throw fieldError('vendorId', CODE.chooseValidVendor);
    return v.id;
  }

  /**
   * Refuses a barcode another product of the same vendor has (409). When two saves race past this
   * check, the unique index of migration 010 refuses the second, and the app's error handler gives
   * the same answer (server/lib/unique-violation.ts).
   */
  private async checkBarcodeFree(vendorId: string, barcode: string | null | undefined, productId?: string) {
    if (!barcode) return;
    let q = this.db.selectFrom('products').select('id').where('vendor_id', '=', vendorId).where('barcode', '=', barcode);
    if (productId) q = q.where('id', '!=', productId);
    if (await q.executeTakeFirst()) throw conflict(coded(CODE.barcodeTaken), { field: 'barcode' });
  }

  /** Refuses a SKU another product of the same vendor has, ignoring case (409; the index of migration 018 backs it). */
  private async checkSkuFree(vendorId: string, sku: string | null | undefined, productId?: string) {
    if (!sku) return;
    let q = this.db
      .selectFrom('products')
      .select('id')
      .where('vendor_id', '=', vendorId)
      .where(sql<string>`lower(sku)`, '=', sku.toLowerCase());
    if (productId) q = q.where('id', '!=', productId);
    if (await q.executeTakeFirst()) throw conflict(coded(CODE.skuTaken), { field: 'sku' });
  }

  /** The product row if the user may manage it; 404 for "missing" and "not yours" alike. */
  private async owned(user: AuthUser, id: string) {
    const row = await this.db.selectFrom('products').select(['id', 'vendor_id', 'images']).where('id', '=', id).executeTakeFirst();
    return assertOwner(user, row, 'productNotFound');
  }

  private async dto(id: string) {
    const row = await vendorProductQuery(this.db).where('p.id', '=', id).executeTakeFirst();
    if (!row) throw notFound(CODE.productNotFound);
    return toVendorProductDto(row);
  }

  /** Images of ours that the product uses are marked used in the same transaction (kept by the purge). */
  async create(user: AuthUser, input: ProductCreate) {
    const vendorId = await this.sellerFor(user, input.vendorId);
    const cols = await this.columns(input);
    await this.checkBarcodeFree(vendorId, input.barcode);
    await this.checkSkuFree(vendorId, input.sku);
    await checkPacks(this.db, vendorId, cols.unit, input.packs, input.barcode);
    const id = newId();
    const now = new Date();
    await this.db.transaction().execute(async (trx) => {
      await setStockContext(trx, { kind: 'opening', by: user.id });
      await trx
        .insertInto('products')
        .values({
          id,
          vendor_id: vendorId,
          ...cols,
          images: JSON.stringify(input.images),
          is_active: input.isActive,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await savePacks(trx, id, vendorId, input.packs);
      await markUploadsUsed(trx, input.images);
    });
    return this.dto(id);
  }

  /** Same fields as create except isActive; images left out keep the old ones. */
  async update(user: AuthUser, id: string, input: ProductUpdateInput) {
    const row = await this.owned(user, id);
    const cols = await this.columns(input, row.images ?? []);
    await this.checkBarcodeFree(row.vendor_id, input.barcode, id);
    await this.checkSkuFree(row.vendor_id, input.sku, id);
    // the barcode kept when left out is checked against the packs too
    const barcode =
      input.barcode !== undefined
        ? input.barcode
        : (await this.db.selectFrom('products').select('barcode').where('id', '=', id).executeTakeFirst())?.barcode;
    await checkPacks(this.db, row.vendor_id, cols.unit, input.packs ?? (await this.keptPacks(id)), barcode, id);
    await this.db.transaction().execute(async (trx) => {
      // the figures before the save, under the row's lock: prices and stock changed by hand go in the shop's audit
      const before = await trx
        .selectFrom('products')
        .select(['name', 'price_paise', 'shop_price_paise', 'cost_price_paise', 'count_in_stock'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirstOrThrow();
      // a changed stock figure is the vendor's own count, typed in the form
      await setStockContext(trx, { kind: 'product_edit', reason: 'count', note: null, by: user.id });
      await trx
        .updateTable('products')
        .set({ ...cols, ...(input.images ? { images: JSON.stringify(input.images) } : {}), updated_at: new Date() })
        .where('id', '=', id)
        .execute();
      await savePacks(trx, id, row.vendor_id, input.packs);
      await auditProductEdit(trx, user, { id, vendorId: row.vendor_id }, before, cols);
      if (input.images) await markUploadsUsed(trx, input.images);
    });
    return this.dto(id);
  }

  /** The packs a product keeps when a save leaves them out (checked again against a changed unit). */
  private async keptPacks(id: string) {
    const rows = await this.db.selectFrom('product_packs').select(['name', 'factor']).where('product_id', '=', id).execute();
    return rows.map((r) => ({ name: r.name, factor: Number(r.factor) }));
  }

  /** Old orders keep their lines: order_lines.product_id is set to null and the line keeps its name and image. */
  async remove(user: AuthUser, id: string) {
    await this.owned(user, id);
    await this.db.deleteFrom('products').where('id', '=', id).execute();
    return note(CODE.productDeleted);
  }

  /**
   * The vendor's own products (admin: all), newest first; keyword over name, Tamil name and description, or
   * exactly the barcode. A shop's scale label (its layout, core/scale-barcode.ts) finds its loose product too.
   */
  async listOwn(user: AuthUser, keyword?: string) {
    let q = vendorProductQuery(this.db);
    const own = sellerScope(user);
    if (own) q = q.where('p.vendor_id', '=', own);
    if (keyword) {
      const like = containsPattern(keyword);
      const codes = [keyword.trim()];
      const label = own ? readScaleLabel(keyword, await readScaleLayout(this.db, own)) : undefined;
      if (label && 'productCode' in label) codes.push(label.productCode);
      q = q.where((eb) =>
        eb.or([
          eb(sql<string>`lower(p.name || ' ' || p.tamil || ' ' || p.description)`, 'like', like),
          eb('p.barcode', 'in', codes),
          // a pack's barcode finds its product (the counter then sells that pack)
          eb.exists(
            eb.selectFrom('product_packs as pk').select('pk.id').whereRef('pk.product_id', '=', 'p.id').where('pk.barcode', 'in', codes),
          ),
        ]),
      );
    }
    const rows = await q.orderBy('p.created_at', 'desc').orderBy('p.id').limit(2000).execute();
    // a cashier sells from the list but does not see what the goods cost
    const withCost = can(user, 'seeCost');
    return rows.map((r) => toVendorProductDto(r, withCost));
  }

  /** One page of the counter's catalogue (server/services/catalog/counter-catalog.ts): every product, page after page. */
  counterPage(user: AuthUser, page: { after?: string; limit: number }) {
    return counterCatalogPage(this.db, user, page);
  }
}
