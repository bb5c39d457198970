import { orderRef } from '../../../core/order-ref';
import type { StockKind } from '../../../core/stock';
import type { StockLedgerPage, StockMovementDto } from '../../../core/schemas/stock';
import type { Db } from '../../db';
import { ordersJoined } from '../sales/order-queries';
import { byOf, personName } from '../staff/staff-queries';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The kinds whose `ref` is an order id, and those whose `ref` is a purchase id. */
const ORDER_KINDS: ReadonlySet<StockKind> = new Set(['order', 'sale', 'order_deleted', 'sale_voided']);
const PURCHASE_KINDS: ReadonlySet<StockKind> = new Set(['purchase', 'purchase_cancelled', 'purchase_return']);

interface Row {
  kind: StockKind;
  ref: string | null;
}

/** A product's stock_movements rows as the ledger reads them, with the name of who made each. */
const ledgerRows = (db: Db, productId: string) =>
  db
    .selectFrom('stock_movements as m')
    .select(['m.id', 'm.at', 'm.kind', 'm.quantity', 'm.balance', 'm.ref', 'm.reason', 'm.note', 'm.by_user', 'm.batches'])
    .select(personName('m.by_user').as('by_name'))
    .where('m.product_id', '=', productId);
type LedgerRow = Awaited<ReturnType<ReturnType<typeof ledgerRows>['execute']>>[number];

/** The distinct uuid refs of the rows of these kinds. */
const idsOf = (rows: readonly Row[], kinds: ReadonlySet<StockKind>) => [
  ...new Set(rows.filter((r) => kinds.has(r.kind) && r.ref && UUID.test(r.ref)).map((r) => r.ref!)),
];

/**
 * One page of a product's ledger as the API shows it, oldest first: the newest `limit` movements older
 * than `before` (a ledger id; none: the newest of all), and `older`, the `before` of the page before
 * it (null: this page starts at the first movement). Balances follow the ids (migration 018), so a
 * page is one backward range of stock_movements_product (product_id, id). Each row carries its
 * reference as people know it, looked up while the record exists: the order's invoice number
 * (core/order-ref), the credit note's number, the supplier's bill number and name, the imported
 * file's name, the adjustment's note.
 */
export async function ledgerPage(db: Db, productId: string, page: { limit: number; before?: number }): Promise<StockLedgerPage> {
  let q = ledgerRows(db, productId);
  if (page.before !== undefined) q = q.where('m.id', '<', page.before);
  // one row past the page says whether older ones exist
  const newest = await q
    .orderBy('m.id', 'desc')
    .limit(page.limit + 1)
    .execute();
  const more = newest.length > page.limit;
  const rows = newest.slice(0, page.limit).reverse();
  return { movements: await described(db, productId, rows), older: more ? Number(rows[0].id) : null };
}

/** The page's rows with their references, in the same order. */
async function described(db: Db, productId: string, rows: LedgerRow[]): Promise<StockMovementDto[]> {
  const orderIds = idsOf(rows, ORDER_KINDS);
  const purchaseIds = idsOf(rows, PURCHASE_KINDS);
  // a return's rows (and the damaged adjustment of goods not restocked) name the credit note by its number
  const noteNumbers = [...new Set(rows.filter((r) => (r.kind === 'return' || r.kind === 'adjustment') && r.ref).map((r) => r.ref!))];
  const vendorOfProduct = db.selectFrom('products').select('vendor_id').where('id', '=', productId);
  const [orders, purchases, creditNotes] = await Promise.all([
    orderIds.length
      ? ordersJoined(db).select(['o.id', 'o.order_number', 'inv.number as invoice_number']).where('o.id', 'in', orderIds).execute()
      : [],
    purchaseIds.length
      ? db
          .selectFrom('purchases as p')
          .innerJoin('suppliers as s', 's.id', 'p.supplier_id')
          .select(['p.id', 'p.bill_number', 's.name as supplier'])
          .where('p.id', 'in', purchaseIds)
          .execute()
      : [],
    noteNumbers.length
      ? db
          .selectFrom('credit_notes')
          .select(['id', 'number'])
          .where('number', 'in', noteNumbers)
          .where('vendor_id', '=', vendorOfProduct)
          .execute()
      : [],
  ]);
  const orderById = new Map(orders.map((o) => [o.id, orderRef({ orderNumber: o.order_number, invoiceNumber: o.invoice_number ?? null })]));
  const purchaseById = new Map(purchases.map((p) => [p.id, p]));
  const creditNoteByNumber = new Map(creditNotes.map((c) => [c.number, c.id]));
  // a deleted order is gone: the row that gave its stock back kept its reference (server/services/stock/stock-return.ts);
  // it is newer than the order's own row, so it may sit on a newer page than this one
  const keptRef = new Map(rows.filter((r) => r.kind === 'order_deleted' && r.ref && r.note).map((r) => [r.ref!, r.note!]));
  const gone = orderIds.filter((id) => !orderById.has(id) && !keptRef.has(id));
  if (gone.length) {
    const kept = await db
      .selectFrom('stock_movements')
      .select(['ref', 'note'])
      .where('product_id', '=', productId)
      .where('kind', '=', 'order_deleted')
      .where('ref', 'in', gone)
      .where('note', 'is not', null)
      .execute();
    for (const k of kept) keptRef.set(k.ref!, k.note!);
  }

  const refOf = (r: LedgerRow): Pick<StockMovementDto, 'reference' | 'supplier' | 'link'> => {
    const none = { reference: null, supplier: null, link: null };
    if (ORDER_KINDS.has(r.kind)) {
      const shown = r.ref ? orderById.get(r.ref) : undefined;
      if (!shown) return { ...none, reference: (r.ref && keptRef.get(r.ref)) ?? null };
      return { ...none, reference: shown, link: { to: 'order', id: r.ref! } };
    }
    if (PURCHASE_KINDS.has(r.kind)) {
      const p = r.ref ? purchaseById.get(r.ref) : undefined;
      return p ? { reference: p.bill_number, supplier: p.supplier, link: { to: 'purchase', id: p.id } } : none;
    }
    if (r.ref && (r.kind === 'return' || r.kind === 'adjustment')) {
      const id = creditNoteByNumber.get(r.ref);
      return { ...none, reference: r.ref, link: id ? { to: 'creditNote', id } : null };
    }
    if (r.kind === 'import') return { ...none, reference: r.ref };
    if (r.kind === 'adjustment') return { ...none, reference: r.note };
    return none;
  };

  return rows.map((r) => ({
    at: new Date(r.at).toISOString(),
    kind: r.kind,
    quantity: Number(r.quantity),
    balance: Number(r.balance),
    ref: r.ref,
    ...refOf(r),
    reason: r.reason,
    note: r.note,
    by: byOf(r.by_user, r.by_name),
    // a product kept in batches: which ones moved (migration 048)
    ...(r.batches ? { batches: r.batches.map((b) => ({ number: b.number, quantity: Number(b.quantity) })) } : {}),
  }));
}
