import { coded } from '../../../core/coded';
import { einvoiceFile, einvoiceProblem } from '../../../core/einvoice';
import { ewayBillFile, ewayBillProblem } from '../../../core/eway-bill';
import { paiseOf, pincodeIn, type TaxDoc, type TaxDocParty } from '../../../core/eway-document';
import { HOME_STATE } from '../../../core/gst';
import { CODE } from '../../../core/message-codes';
import { isInterState } from '../../../core/place-of-supply';
import type { EinvoiceFile, EwayBillFile, EwayBillNumberInput, EwayBillTransport, IrnInput } from '../../../core/schemas/eway-einvoice';
import type { OrderDto } from '../../../core/schemas/order';
import type { CreditNoteDto } from '../../../core/schemas/returns';
import { idSchema } from '../../../core/schemas/common';
import type { Db } from '../../db';
import { conflict, notFound } from '../../lib/errors';
import { assertOwner } from '../../security/access';
import type { AuthUser } from '../accounts/auth-user';
import { loadOrders } from './order-dto';
import type { ReturnsService } from './returns.service';

/** What the e-way bill and e-invoice routes may answer besides their schemas' codes. */
export const EWAY_BILL_CODES = [
  'orderNotFound',
  'ewayBillBelowThreshold',
  'ewayBillPincodeMissing',
  'ewayBillVehicleRequired',
  'ewayBillNotInvoiced',
  'taxDocNumberTooLong',
  'taxDocShopGstinMissing',
  'taxDocShopAddressMissing',
  'taxDocHsnMissing',
] as const;
export const EINVOICE_CODES = [
  'orderNotFound',
  'creditNoteNotFound',
  'ewayBillNotInvoiced',
  'einvoiceNotRequired',
  'einvoiceB2bOnly',
  'taxDocNumberTooLong',
  'taxDocShopGstinMissing',
  'taxDocShopAddressMissing',
  'taxDocHsnMissing',
] as const;

interface Shop {
  party: TaxDocParty;
  above5Crore: boolean;
}

/** The shop's name, GSTIN, first saved address and e-invoice switch, as a tax document's seller (also the debit note's e-way bill). */
export async function taxDocShop(db: Db, vendorId: string): Promise<Shop> {
  const u = await db
    .selectFrom('users')
    .select(['name', 'shop_name', 'gst_number', 'addresses', 'turnover_above_5_crore'])
    .where('id', '=', vendorId)
    .executeTakeFirstOrThrow();
  const a = Array.isArray(u.addresses) ? u.addresses[0] : undefined;
  return {
    party: {
      name: u.shop_name || u.name,
      gstin: u.gst_number ?? '',
      address: a?.address ?? '',
      city: a?.city ?? '',
      pincode: a?.pincode ?? '',
      stateCode: HOME_STATE.code,
    },
    above5Crore: u.turnover_above_5_crore === true,
  };
}

/** An order's or a note's lines as a tax document's (rupees to paise). */
const docLines = (lines: OrderDto['products'] | CreditNoteDto['lines']) =>
  lines.map((l) => ({
    name: l.name,
    hsnCode: l.hsnCode,
    quantity: l.quantity,
    unit: l.unit,
    gstRate: l.gstRate,
    taxablePaise: paiseOf(l.taxable),
    cgstPaise: paiseOf(l.cgst),
    sgstPaise: paiseOf(l.sgst),
    igstPaise: paiseOf(l.igst),
  }));

/**
 * The buyer of a bill: the registered buyer printed on it, else the customer and the address the goods
 * went to. `pincode`: where the goods go for the e-way bill; the buyer's own (in their address) for the
 * e-invoice, whose pincode must be of the buyer's state.
 */
function buyerOf(order: OrderDto, forEway: boolean): TaxDocParty {
  const ship = order.shippingAddress;
  const b = order.buyer;
  return {
    name: b?.name || order.customer?.name || order.customerId?.name || ship.address || '',
    gstin: b?.gstin ?? '',
    address: b?.address || ship.address || '',
    city: ship.city ?? '',
    pincode: forEway ? (ship.pincode ?? '') : pincodeIn(b?.address ?? ''),
    stateCode: b?.stateCode || order.placeOfSupply,
  };
}

/**
 * The e-way bill's bulk-upload JSON and the e-invoice's JSON of a shop's bills (core/eway-bill.ts,
 * core/einvoice.ts), and the numbers the portals gave, entered back so the bills print them. Nothing
 * here calls a portal. The shop's own bills only (an admin: any); "not yours" answers as missing.
 */
export class EwayEinvoiceService {
  constructor(
    private readonly db: Db,
    private readonly returns: ReturnsService,
  ) {}

  private shop(vendorId: string): Promise<Shop> {
    return taxDocShop(this.db, vendorId);
  }

  /** The caller's order (404 otherwise), with its invoice number (409 without one). */
  private async order(user: AuthUser, id: string): Promise<OrderDto & { invoiceNumber: string; invoiceDate: string }> {
    if (!idSchema.safeParse(id).success) throw notFound(CODE.orderNotFound);
    const row = await this.db.selectFrom('orders').select(['id', 'vendor_id']).where('id', '=', id).executeTakeFirst();
    assertOwner(user, row, CODE.orderNotFound);
    const [order] = await loadOrders(this.db, [id]);
    if (!order) throw notFound(CODE.orderNotFound);
    if (!order.invoiceNumber || !order.invoiceDate || order.voidedAt) throw conflict(coded(CODE.ewayBillNotInvoiced));
    return order as OrderDto & { invoiceNumber: string; invoiceDate: string };
  }

  private orderDoc(order: OrderDto & { invoiceNumber: string; invoiceDate: string }, shop: Shop, forEway: boolean): TaxDoc {
    return {
      number: order.invoiceNumber,
      date: order.invoiceDate,
      placeOfSupply: order.placeOfSupply,
      seller: shop.party,
      buyer: buyerOf(order, forEway),
      lines: docLines(order.products),
    };
  }

  /** GET /api/Orders/:id/eway-bill */
  async ewayBill(user: AuthUser, orderId: string, transport: EwayBillTransport): Promise<EwayBillFile> {
    const order = await this.order(user, orderId);
    const doc = this.orderDoc(order, await this.shop(order.vendorId._id), true);
    const problem = ewayBillProblem(doc, transport);
    if (problem) throw conflict(problem);
    return ewayBillFile(doc, transport, isInterState(order.placeOfSupply));
  }

  /** PUT /api/Orders/:id/eway-bill: the number the portal gave, dated now; the bill prints it. */
  async setEwayBillNo(user: AuthUser, orderId: string, input: EwayBillNumberInput): Promise<OrderDto> {
    const order = await this.order(user, orderId);
    await this.db
      .updateTable('orders')
      .set({ eway_bill_no: input.ewayBillNo, eway_bill_at: new Date() })
      .where('id', '=', order._id)
      .execute();
    return (await loadOrders(this.db, [order._id]))[0];
  }

  /** GET /api/Orders/:id/einvoice */
  async orderEinvoice(user: AuthUser, orderId: string): Promise<EinvoiceFile> {
    const order = await this.order(user, orderId);
    const shop = await this.shop(order.vendorId._id);
    const doc = this.orderDoc(order, shop, false);
    const problem = einvoiceProblem(doc, shop.above5Crore);
    if (problem) throw conflict(problem);
    return einvoiceFile(doc, 'INV');
  }

  /** PUT /api/Orders/:id/einvoice: the IRP's answer; the bill prints the IRN and the QR. */
  async setOrderIrn(user: AuthUser, orderId: string, input: IrnInput): Promise<OrderDto> {
    const order = await this.order(user, orderId);
    await this.db.updateTable('orders').set(irnColumns(input)).where('id', '=', order._id).execute();
    return (await loadOrders(this.db, [order._id]))[0];
  }

  /** GET /api/credit-notes/:id/einvoice: the note as a CRN e-invoice. */
  async creditNoteEinvoice(user: AuthUser, id: string): Promise<EinvoiceFile> {
    const note = await this.returns.get(user, id);
    const [order] = await loadOrders(this.db, [note.orderId]);
    const shop = await this.shop(note.vendorId._id);
    const doc: TaxDoc = {
      number: note.number,
      date: note.date,
      placeOfSupply: note.placeOfSupply,
      seller: shop.party,
      buyer: buyerOf(order, false),
      lines: docLines(note.lines),
    };
    const problem = einvoiceProblem(doc, shop.above5Crore);
    if (problem) throw conflict(problem);
    return einvoiceFile(doc, 'CRN');
  }

  /** PUT /api/credit-notes/:id/einvoice */
  async setCreditNoteIrn(user: AuthUser, id: string, input: IrnInput): Promise<CreditNoteDto> {
    const note = await this.returns.get(user, id);
    await this.db.updateTable('credit_notes').set(irnColumns(input)).where('id', '=', note._id).execute();
    return this.returns.get(user, id);
  }
}

const irnColumns = (input: IrnInput) => ({
  irn: input.irn,
  irn_ack_no: input.ackNo,
  irn_ack_at: input.ackDate ? new Date(input.ackDate) : new Date(),
  signed_qr: input.signedQr,
});
