import { toPaise } from '../../../core/money';
import { isGstSlab, purchaseLineTax } from '../../../core/purchase';
import type { CreatePurchaseInput } from '../../../core/schemas/purchase';
import type { ProductDto } from '../../../core/schemas/product';
import type { Unit } from '../../../core/units';

/** A bill line as the form holds it: numbers as typed. */
export interface FormLine {
  productId: string;
  name: string;
  unit: Unit;
  quantity: string;
  unitCost: string;
  gstRate: string;
  /** A product kept in batches: the batch received, its expiry (YYYY-MM-DD) and MRP as typed. */
  batch?: { number: string; expiry: string; mrp: string };
  /** The product's packs (core/packs.ts), and the one the line is bought in ('' : the unit): quantity and cost are then per pack. */
  packs?: Array<{ name: string; factor: number }>;
  pack?: string;
}

/** The form's values, shaped like the request so an error's path is its field's path ('lines.0.quantity'). */
export interface PurchaseForm {
  supplier: { name: string; phone: string; gstin: string };
  billNumber: string;
  billDate: string;
  lines: FormLine[];
  /** The purchase order the bill receives goods against (opened from the order's Receive goods). */
  purchaseOrderId?: string;
}

/** A typed number; blank or not a number is NaN (the schema names the problem). */
const num = (s: string) => (s.trim() === '' ? NaN : Number(s));

export const toPurchaseInput = (v: PurchaseForm): CreatePurchaseInput => ({
  supplier: { name: v.supplier.name, phone: v.supplier.phone || undefined, gstin: v.supplier.gstin || undefined },
  billNumber: v.billNumber,
  billDate: v.billDate,
  lines: v.lines.map((l) => ({
    productId: l.productId,
    quantity: num(l.quantity),
    unitCost: num(l.unitCost),
    gstRate: num(l.gstRate),
    ...(l.pack ? { pack: l.pack } : {}),
    ...(l.batch
      ? { batch: { number: l.batch.number, expiry: l.batch.expiry, ...(l.batch.mrp.trim() ? { mrp: num(l.batch.mrp) } : {}) } }
      : {}),
  })),
  ...(v.purchaseOrderId ? { purchaseOrderId: v.purchaseOrderId } : {}),
});

/** A new line for a product: its own GST rate when that is a slab. */
export const newLine = (p: ProductDto): FormLine => ({
  productId: p._id,
  name: p.name,
  unit: p.unit,
  quantity: '',
  unitCost: '',
  gstRate: String(isGstSlab(p.gstRate) ? p.gstRate : 0),
  ...(p.tracksBatches ? { batch: { number: '', expiry: '', mrp: '' } } : {}),
  ...(p.packs?.length ? { packs: p.packs.map((k) => ({ name: k.name, factor: k.factor })), pack: '' } : {}),
});

/** A line's tax and total as far as it is filled in (blanks count as 0). */
export const lineTaxOf = (l: FormLine, interState: boolean) =>
  purchaseLineTax(Number(l.quantity) || 0, toPaise(Number(l.unitCost) || 0), Number(l.gstRate) || 0, interState);
