import { fromMilli, toMilli } from '../../../core/quantity';
import type { CounterProductDto } from '../../../core/schemas/counter-catalog';
import { emptyLine, withProduct, withQuantity, type ShopOrderLine } from '../../../core/shop-order';
import { soldInKey, packOf } from '../../../core/packs';
import { withPack } from '../../../core/shop-order-packs';

/** `quantity` more on a line (none given: one more), exact in thousandths. */
const more = (l: ShopOrderLine, quantity?: number) =>
  withQuantity(l, quantity === undefined ? (l.quantity || 0) + 1 : fromMilli(toMilli(l.quantity || 0) + toMilli(quantity)));

/**
 * A product added from the search box or a scan. A counter line is a product sold in one way: its base unit,
 * or one of its packs (2 bags and 12.5 kg loose of one rice are two lines). A pack's barcode adds one to that
 * pack's line, the product's own barcode or the finder one to its base-unit line, and a scale label its
 * `quantity` (1.25 kg); with no such line, a line (the empty one first).
 */
export function addProduct(lines: ShopOrderLine[], p: CounterProductDto, quantity?: number, pack?: string): ShopOrderLine[] {
  const packName = pack ? packOf(p, pack)?.name : undefined;
  const key = soldInKey({ productId: p._id, pack: packName });
  const at = lines.findIndex((l) => l.productId && soldInKey(l) === key);
  if (at >= 0) return lines.map((l, i) => (i === at ? more(l, quantity) : l));
  const blank = lines.findIndex((l) => !l.category && !l.productId);
  const picked = withProduct(
    { ...emptyLine(blank >= 0 ? lines[blank].key : undefined), category: p.category, subcategory: p.subcategory },
    p,
  );
  const line = packName ? withPack(picked, p, packName) : quantity === undefined ? picked : withQuantity(picked, quantity);
  return blank >= 0 ? lines.map((l, i) => (i === blank ? line : l)) : [...lines, line];
}

/**
 * A line changed on the form. A line switched to a pack (or back to the base unit) that another line of its
 * product is already sold in joins that line: its quantity adds to it, and the switched line goes.
 */
export function changeLine(lines: ShopOrderLine[], key: string, next: ShopOrderLine): ShopOrderLine[] {
  const was = lines.find((l) => l.key === key);
  const switched = was && next.productId && was.productId === next.productId && soldInKey(was) !== soldInKey(next);
  const other = switched ? lines.find((l) => l.key !== key && l.productId && soldInKey(l) === soldInKey(next)) : undefined;
  if (!other) return lines.map((l) => (l.key === key ? next : l));
  return lines.filter((l) => l.key !== key).map((l) => (l === other ? more(l, next.quantity || 1) : l));
}
