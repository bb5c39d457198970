import { CSV_BOM, csvRow } from '../../../core/csv';
import type { ReorderLineDto } from '../../../core/schemas/reorder';
import { type UnitLang, unitText } from '../../../core/units';

/** A chosen line of the reorder list with the quantity the shopkeeper settled on. */
export interface OrderLine {
  product: ReorderLineDto;
  quantity: number;
}

interface TextOptions {
  lang: UnitLang;
  shopName: string;
  title: string;
  /** The date as the interface writes it. */
  date: string;
  /** The word after a count of pieces: "1 piece", "3 pieces". */
  pieces: (n: number) => string;
}

/** "Ponni Rice (பொன்னி அரிசி)" in a Tamil interface, the English name alone otherwise. */
const lineName = (p: ReorderLineDto, lang: UnitLang) => (lang === 'ta' && p.Tamil ? `${p.name} (${p.Tamil})` : p.name);

/** "24 pieces", "2.5 kg": the quantity with its unit, pieces named too (a supplier reads the list without the app). */
function quantityWithUnit(quantity: number, unit: string, o: TextOptions) {
  const text = unitText(o.lang).quantity(quantity, unit);
  return unit === 'pcs' ? `${text} ${o.pieces(quantity)}` : text;
}

/** The order as plain text for WhatsApp: shop name, date, then one "Name — qty unit" line per product. */
export function orderText(lines: OrderLine[], o: TextOptions): string {
  const head = [o.shopName ? `${o.shopName} — ${o.title}` : o.title, o.date, ''];
  return [
    ...head,
    ...lines.map((l, i) => `${i + 1}. ${lineName(l.product, o.lang)} — ${quantityWithUnit(l.quantity, l.product.unit, o)}`),
  ].join('\n');
}

/** The order as CSV (UTF-8 with a BOM; a name starting with = + - @ cannot run as a formula). */
export function orderCsv(lines: OrderLine[], header: string[]): string {
  const rows = lines.map(({ product: p, quantity }) =>
    csvRow([
      p.name,
      p.Tamil,
      p.unit,
      p.countInStock,
      p.reOrderLevel,
      p.sold30,
      quantity,
      p.costPrice === null ? '' : p.costPrice.toFixed(2),
    ]),
  );
  return CSV_BOM + [csvRow(header), ...rows].join('\r\n') + '\r\n';
}
