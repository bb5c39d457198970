import { baseQuantity } from '../../../core/packs';
import { sql } from 'kysely';
import { coded } from '../../../core/coded';
import { debitNoteLineTax, debitNoteQuantityProblem, debitNoteTotals } from '../../../core/debit-note';
import { defaultInvoicePrefix, documentSeries, financialYear, financialYearStart, invoiceNumber, SEQ_MAX } from '../../../core/invoice';
import { CODE } from '../../../core/message-codes';
import { istDayOf } from '../../../core/sale-void';
import { idSchema } from '../../../core/schemas/common';
import type { CreateDebitNoteInput, DebitNoteDto } from '../../../core/schemas/debit-note';
import { quantityText, unitOf } from '../../../core/units';
import type { Db } from '../../db';
import { sentActTime } from '../../lib/act-time';
import { badRequest, conflict, fieldError, HttpError, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { assertOwner, ownedBy } from '../../security/access';
import type { AuthUser } from '../accounts/auth.service';
import { IdempotencyService } from '../platform/idempotency.service';
import type { IdempotencyClaim } from '../sales/checkout.service';
import { loadDebitNote, returnedByProduct } from './debit-note-queries';
import { setStockContext } from './stock-context';

/**
 * The next number of the shop's debit note series for the financial year `fy` (docs/document-numbers.md):
 * HEAD-DN/YY/NNNNNN, the sequence going on from the year's last note whatever head it carried (as the
 * invoice counters do). The caller holds the shop's row lock, so two returns never take one number, and
 * a return rolled back gives its number back: the series has no gaps.
 */
async function nextNumber(trx: Db, vendorId: string, fy: string): Promise<string> {
  const vendor = await trx
    .selectFrom('users')
    .select(['invoice_prefix', 'shop_name', 'name'])
    .where('id', '=', vendorId)
    .forNoKeyUpdate()
    .executeTakeFirstOrThrow();
  const start = istDayOf(financialYearStart(fy));
  const end = `${Number(fy.slice(0, 4)) + 1}-03-31`;
  const last = await trx
    .selectFrom('debit_notes')
    .select(sql<number>`coalesce(max(right(number, 6)::int), 0)`.as('seq'))
    .where('vendor_id', '=', vendorId)
    .where('note_date', '>=', start)
    .where('note_date', '<=', end)
    .executeTakeFirstOrThrow();
  const seq = Number(last.seq) + 1;
  if (seq > SEQ_MAX) throw conflict(coded(CODE.documentSeriesFull));
  return invoiceNumber(
    documentSeries('debitNote', vendor.invoice_prefix || defaultInvoicePrefix(vendor.shop_name || vendor.name), fy),
    seq,
  );
}

/**
 * Goods returned to a supplier against a bill (POST /api/purchases/:id/returns) and their debit notes
 * (core/debit-note.ts, docs/decisions/debit-notes.md). One transaction holds the bill's row lock (two
 * returns of one bill see each other's quantities), checks each line against what was received less
 * what was returned before, writes the note with the next number of the shop's debit note series,
 * takes the goods out of stock (ledger kind 'purchase_return', ref the bill) and so lowers what is owed
 * on the bill: its total less payments less its notes (server/services/suppliers/supplier-queries.ts).
 * The shop's team reaches its own bills, an admin any.
 */
export class DebitNotesService {
  constructor(private readonly db: Db) {}

  async create(
    user: AuthUser,
    purchaseId: string,
    input: CreateDebitNoteInput,
    idem?: IdempotencyClaim,
  ): Promise<{ created: boolean; debitNote: DebitNoteDto }> {
    if (!idSchema.safeParse(purchaseId).success) throw notFound(CODE.purchaseNotFound);
    const ids = input.lines.map((l) => l.productId);
    if (new Set(ids).size !== ids.length) throw badRequest(CODE.duplicateProducts);

    return this.db.transaction().execute(async (trx) => {
      const found = await trx
        .selectFrom('purchases')
        .select(['id', 'vendor_id', 'supplier_id', 'inter_state', 'cancelled_at', 'created_at'])
        .where('id', '=', purchaseId)
        .forUpdate()
        .executeTakeFirst();
      const purchase = assertOwner(user, found, CODE.purchaseNotFound);
      // the same note sent again (the outbox, a double tap): it waited on the bill's lock and answers the first
      if (input._id) {
        const twin = await trx.selectFrom('debit_notes').select('purchase_id').where('id', '=', input._id).executeTakeFirst();
        if (twin && twin.purchase_id !== purchase.id) throw conflict(coded(CODE.debitNoteIdTaken), { field: '_id' });
        if (twin) return { created: false, debitNote: (await loadDebitNote(trx, input._id))! };
      }
      if (purchase.cancelled_at) throw conflict(coded(CODE.debitNotePurchaseCancelled));
      // the time the return was recorded on the device (core/act-time.ts), else now: the note's date and its series' year
      const at = sentActTime(input.at, 'at', { notBefore: purchase.created_at }) ?? new Date();

      const lines = await trx.selectFrom('purchase_lines').selectAll().where('purchase_id', '=', purchase.id).orderBy('position').execute();
      const returned = await returnedByProduct(trx, purchase.id);
      const picked = input.lines.map((l, i) => {
        const row = lines.find((r) => r.product_id === l.productId);
        if (!row) throw fieldError(`lines.${i}.productId`, CODE.debitNoteProductNotOnBill);
        const line = {
          name: row.name,
          unit: row.unit,
          quantity: Number(row.quantity),
          returned: returned.get(l.productId) ?? 0,
          unitCostPaise: Number(row.unit_cost_paise),
          gstRate: Number(row.gst_rate),
          taxablePaise: Number(row.taxable_paise),
          cgstPaise: Number(row.cgst_paise),
          sgstPaise: Number(row.sgst_paise),
          igstPaise: Number(row.igst_paise),
          totalPaise: Number(row.line_total_paise),
        };
        const problem = debitNoteQuantityProblem(line, l.quantity);
        if (problem) throw new HttpError(400, problem, { field: `lines.${i}.quantity` });
        return { row, productId: l.productId, quantity: l.quantity, ...debitNoteLineTax(line, l.quantity, purchase.inter_state) };
      });
      const totals = debitNoteTotals(picked);

      const number = await nextNumber(trx, purchase.vendor_id, financialYear(at));
      const id = input._id ?? newId();
      await trx
        .insertInto('debit_notes')
        .values({
          id,
          vendor_id: purchase.vendor_id,
          purchase_id: purchase.id,
          supplier_id: purchase.supplier_id,
          number,
          note_date: istDayOf(at),
          inter_state: purchase.inter_state,
          reason: input.reason ?? null,
          taxable_paise: totals.taxablePaise,
          cgst_paise: totals.cgstPaise,
          sgst_paise: totals.sgstPaise,
          igst_paise: totals.igstPaise,
          total_paise: totals.totalPaise,
          created_at: at,
          created_by: user.id,
        })
        .execute();
      await trx
        .insertInto('debit_note_lines')
        .values(
          picked.map((p, i) => ({
            debit_note_id: id,
            position: i + 1,
            product_id: p.productId,
            name: p.row.name,
            unit: unitOf(p.row.unit),
            quantity: quantityText(p.quantity),
            unit_cost_paise: Number(p.row.unit_cost_paise),
            gst_rate: p.row.gst_rate,
            taxable_paise: p.taxablePaise,
            cgst_paise: p.cgstPaise,
            sgst_paise: p.sgstPaise,
            igst_paise: p.igstPaise,
            line_total_paise: p.totalPaise,
          })),
        )
        .execute();

      // the goods go back out (products in id order, like checkout takes them); the cost price stays
      await setStockContext(trx, { kind: 'purchase_return', ref: purchase.id, note: number, by: user.id });
      for (const p of [...picked].sort((a, b) => a.productId.localeCompare(b.productId))) {
        await trx
          .updateTable('products')
          // a pack line's quantity is in packs (its cost is per pack): the stock goes out in base units
          .set({
            count_in_stock: sql`count_in_stock - ${quantityText(baseQuantity(p.quantity, p.row.pack_factor === null ? null : Number(p.row.pack_factor)))}::numeric`,
            updated_at: new Date(),
          })
          .where('id', '=', p.productId)
          .execute();
      }

      const debitNote = (await loadDebitNote(trx, id))!;
      // the answer is kept under the Idempotency-Key in the same transaction: a crash after the commit replays it
      if (idem) await new IdempotencyService(trx).complete(idem.userId, idem.key, 201, JSON.stringify(debitNote));
      return { created: true, debitNote };
    });
  }

  /** GET /api/debit-notes/:id: one note, to print. */
  async get(user: AuthUser, id: string): Promise<DebitNoteDto> {
    if (!idSchema.safeParse(id).success) throw notFound(CODE.debitNoteNotFound);
    const note = await loadDebitNote(this.db, id);
    // another shop's note answers like a missing one
    if (!note || !ownedBy(user, note.vendorId)) throw notFound(CODE.debitNoteNotFound);
    return note;
  }
}
