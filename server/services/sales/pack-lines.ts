import { coded } from '../../../core/coded';
import { baseQuantity, packOf, packPricePaise } from '../../../core/packs';
import type { Db } from '../../db';
import { HttpError } from '../../lib/errors';
import { packsOfProducts, type ServerPack } from '../catalog/product-packs';

/** A sale or purchase line as received: a product, a quantity and maybe the pack it is counted in. */
interface LineIn {
  productId: string;
  quantity: number;
  pack?: string;
}

/**
 * The pack each line names, read from the product's packs (never from the client); null for a line
 * in the base unit. A pack the product does not have is a coded 400 on `<field>.<i>.pack`; a pack
 * line counts whole packs (400 on its quantity otherwise).
 */
export async function linePacks(
  db: Db,
  lines: readonly LineIn[],
  nameOf: (productId: string) => string,
  field = 'products',
): Promise<(ServerPack | null)[]> {
  const named = lines.filter((l) => l.pack);
  if (!named.length) return lines.map(() => null);
  const packs = await packsOfProducts(
    db,
    named.map((l) => l.productId),
  );
  return lines.map((l, i) => {
    if (!l.pack) return null;
    const pack = packOf({ packs: packs.get(l.productId) }, l.pack);
    if (!pack) throw new HttpError(400, coded('packUnknown', { name: nameOf(l.productId), pack: l.pack }), { field: `${field}.${i}.pack` });
    if (!Number.isInteger(l.quantity))
      throw new HttpError(400, coded('packQuantityWhole', { pack: pack.name }), { field: `${field}.${i}.quantity` });
    return pack;
  });
}

/** The price of what a line sells, per sold unit: the pack's (its own, else factor × the base price) or the base price. */
export const soldUnitPricePaise = (pack: ServerPack | null, shopPricePaise: number): number =>
  pack ? packPricePaise(pack, shopPricePaise) : shopPricePaise;

/** What a counter sale's line keeps of its pack (order_lines.pack_name, pack_factor). */
export interface PackedLine {
  quantity: number;
  baseQuantity: number;
  unitPricePaise: number;
  packName?: string | null;
  packFactor?: number | null;
}

/**
 * Turns a sale line into its pack: the quantity stays in packs (what was sold), the base quantity is
 * packs × factor (exact thousandths: stock is taken in it), and the price is per pack. A base line is
 * left as it is.
 */
export function applyPack<L extends PackedLine>(line: L, pack: ServerPack | null, shopPricePaise: number): L {
  if (!pack) return line;
  line.baseQuantity = baseQuantity(line.quantity, pack.factor);
  line.unitPricePaise = soldUnitPricePaise(pack, shopPricePaise);
  line.packName = pack.name;
  line.packFactor = pack.factor;
  return line;
}
