/**
 * Packs at the counter (core/packs.ts): a line switches between the product's base unit and its
 * packs, and a scanned code finds a product by its own barcode or a pack's. The server prices the
 * sale again from the product's packs; the form's price is what the cashier sees meanwhile.
 */
import { toPaise, toRupees } from './money';
import { packOf, packPricePaise } from './packs';
import type { ShopOrderLine } from './shop-order';

/** The product fields a pack line needs (ProductDto has them). */
export interface PackedProduct {
  _id: string;
  shopPrice: number;
  discount?: number | null;
  barcode?: string;
  packs?: ReadonlyArray<{ name: string; factor: number; barcode?: string | null; price?: number | null }>;
}

/** A pack's price in rupees: its own, else factor × the product's shop price. */
export const packPrice = (product: PackedProduct, pack: { factor: number; price?: number | null }): number =>
  toRupees(
    packPricePaise({ factor: pack.factor, pricePaise: pack.price == null ? null : toPaise(pack.price) }, toPaise(product.shopPrice)),
  );

/**
 * The line sold in `packName` (null: the base unit), one of it: the price and the product's own
 * per-unit discount become the pack's (discount × factor, at most the price).
 */
export function withPack(line: ShopOrderLine, product: PackedProduct, packName: string | null): ShopOrderLine {
  const pack = packName ? packOf(product, packName) : undefined;
  const unitDiscount = Math.max(product.discount ?? 0, 0);
  if (!pack) {
    const { pack: _was, ...base } = line;
    return { ...base, price: product.shopPrice, discount: unitDiscount, quantity: 1 };
  }
  const price = packPrice(product, pack);
  return {
    ...line,
    pack: pack.name,
    price,
    discount: Math.min(toRupees(Math.round(toPaise(unitDiscount) * pack.factor)), price),
    quantity: 1,
  };
}

/** The product a scanned code names and the pack it is the barcode of (none: the product's own barcode). */
export function findByCode<P extends PackedProduct>(products: readonly P[], code: string): { product: P; pack?: string } | undefined {
  const c = code.trim();
  if (!c) return undefined;
  const own = products.find((p) => p.barcode === c);
  if (own) return { product: own };
  for (const p of products) {
    const pack = p.packs?.find((k) => k.barcode === c);
    if (pack) return { product: p, pack: pack.name };
  }
  return undefined;
}
