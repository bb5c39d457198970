import { coded } from '../../../core/coded';
import { ewayBillFile, ewayBillProblem, PURCHASE_RETURN, returnStateCode } from '../../../core/eway-bill';
import { paiseOf, type TaxDoc } from '../../../core/eway-document';
import { CODE } from '../../../core/message-codes';
import type { DebitNoteDto, DebitNoteEwayQuery } from '../../../core/schemas/debit-note';
import type { EwayBillFile, EwayBillNumberInput } from '../../../core/schemas/eway-einvoice';
import type { Db } from '../../db';
import { conflict } from '../../lib/errors';
import type { AuthUser } from '../accounts/auth.service';
import { taxDocShop } from '../sales/eway-einvoice.service';
import type { DebitNotesService } from './debit-notes.service';

/** What the debit note's e-way bill routes may answer besides their schemas' codes. */
export const DEBIT_NOTE_EWAY_CODES = [
  'debitNoteNotFound',
  'ewayBillBelowThreshold',
  'ewayBillSupplierPincode',
  'ewayBillVehicleRequired',
  'taxDocNumberTooLong',
  'taxDocShopGstinMissing',
  'taxDocShopAddressMissing',
  'taxDocHsnMissing',
] as const;

/**
 * The e-way bill of goods returned to a supplier (docs/eway-bill.md): the shop moves them out under
 * its debit note, so the shop is the consignor and the supplier the consignee. The bulk-upload JSON
 * (core/eway-bill.ts, sub-type Others "Purchase Return", document OTH) and the number the portal gave,
 * entered back so the note prints it. The same thresholds and refusals as a sale's. The shop keeps no
 * supplier address: the supplier's pincode comes with the request, its state from its GSTIN (else the
 * bill's: Tamil Nadu unless the bill was inter-state). Nothing here calls a portal.
 */
export class DebitNoteEwayService {
  constructor(
    private readonly db: Db,
    private readonly debitNotes: DebitNotesService,
  ) {}

  /** GET /api/debit-notes/:id/eway-bill */
  async ewayBill(user: AuthUser, id: string, query: DebitNoteEwayQuery): Promise<EwayBillFile> {
    const note = await this.debitNotes.get(user, id);
    const doc = await this.doc(note, query.toPincode ?? '');
    const { toPincode: _, ...transport } = query;
    const problem = ewayBillProblem(doc, transport);
    // the sale's "no pincode on the bill" is here the supplier's pincode not given
    if (problem) throw conflict(problem.code === CODE.ewayBillPincodeMissing ? coded(CODE.ewayBillSupplierPincode) : problem);
    return ewayBillFile(doc, transport, note.interState, PURCHASE_RETURN);
  }

  /** PUT /api/debit-notes/:id/eway-bill: the number the portal gave, dated now; the note prints it. */
  async setEwayBillNo(user: AuthUser, id: string, input: EwayBillNumberInput): Promise<DebitNoteDto> {
    const note = await this.debitNotes.get(user, id);
    await this.db
      .updateTable('debit_notes')
      .set({ eway_bill_no: input.ewayBillNo, eway_bill_at: new Date() })
      .where('id', '=', note._id)
      .execute();
    return this.debitNotes.get(user, id);
  }

  /** The note as a tax document: the shop sends, the supplier receives; each line's HSN is its product's GST class's now. */
  private async doc(note: DebitNoteDto, toPincode: string): Promise<TaxDoc> {
    const shop = await taxDocShop(this.db, note.vendorId);
    const ids = note.lines.flatMap((l) => (l.productId ? [l.productId] : []));
    const hsn = new Map(
      ids.length
        ? (
            await this.db
              .selectFrom('products as p')
              .leftJoin('gsts as g', 'g.id', 'p.gst_id')
              .select(['p.id', 'g.hsn_code'])
              .where('p.id', 'in', ids)
              .execute()
          ).map((p) => [p.id, p.hsn_code ?? ''])
        : [],
    );
    const supplierState = returnStateCode(note.supplier.gstin, note.interState);
    return {
      number: note.number,
      date: note.createdAt,
      // where the goods go: the supplier's state (the threshold reads inter-state against it)
      placeOfSupply: supplierState,
      seller: shop.party,
      buyer: { name: note.supplier.name, gstin: note.supplier.gstin, address: '', city: '', pincode: toPincode, stateCode: supplierState },
      lines: note.lines.map((l) => ({
        name: l.name,
        hsnCode: (l.productId && hsn.get(l.productId)) || '',
        quantity: l.quantity,
        unit: l.unit,
        gstRate: l.gstRate,
        taxablePaise: paiseOf(l.taxable),
        cgstPaise: paiseOf(l.cgst),
        sgstPaise: paiseOf(l.sgst),
        igstPaise: paiseOf(l.igst),
      })),
    };
  }
}
