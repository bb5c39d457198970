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
  lines: v.lines.map((l) => ({ productId: l.productId, quantity: num(l.quantity), unitCost: num(l.unitCost), gstRate: num(l.gstRate) })),
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
});

/** A line's tax and total as far as it is filled in (blanks count as 0). */
export const lineTaxOf = (l: FormLine, interState: boolean) =>
  purchaseLineTax(Number(l.quantity) || 0, toPaise(Number(l.unitCost) || 0), Number(l.gstRate) || 0, interState);
