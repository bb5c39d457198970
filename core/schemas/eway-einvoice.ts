import { z } from 'zod';
import {
  EINVOICE_SCHEMA_VERSION,
  EWAY_BILL_MAX_KM,
  EWAY_BILL_NO_PATTERN,
  IRN_PATTERN,
  SIGNED_QR_MAX,
  SIGNED_QR_PATTERN,
  TRANSPORT_MODES,
  VEHICLE_NO_PATTERN,
} from '../eway-document';
import { blankToUndefined, dateTimeSchema } from './common';

/**
 * GET /api/Orders/:id/eway-bill: Part B of the e-way bill. transMode: 1 road, 2 rail, 3 air, 4 ship;
 * transDistance: km from the shop's pincode to the buyer's (1 to 4000); vehicleNo: needed by road
 * (spaces and dashes dropped, upper case).
 */
export const ewayBillQuery = z.object({
  transMode: z.preprocess(blankToUndefined, z.enum(TRANSPORT_MODES, { error: 'ewayBillTransModeInvalid' }).default('1')),
  transDistance: z.preprocess(
    (v) => (v === undefined || v === '' ? undefined : Number(v)),
    z
      .number({ error: 'ewayBillDistanceRequired' })
      .int({ error: 'ewayBillDistanceRequired' })
      .min(1, { error: 'ewayBillDistanceRequired' })
      .max(EWAY_BILL_MAX_KM, { error: 'ewayBillDistanceTooLong' }),
  ),
  vehicleNo: z.preprocess(
    (v) => (typeof v === 'string' ? blankToUndefined(v.replace(/[\s-]/g, '').toUpperCase()) : v),
    z.string({ error: 'ewayBillVehicleInvalid' }).regex(VEHICLE_NO_PATTERN, { error: 'ewayBillVehicleInvalid' }).optional(),
  ),
});
export type EwayBillTransport = z.infer<typeof ewayBillQuery>;

/** One item of the e-way bill (the bulk-upload file's itemList). */
const ewayBillItem = z.object({
  itemNo: z.number(),
  productName: z.string(),
  productDesc: z.string(),
  hsnCode: z.number(),
  quantity: z.number(),
  qtyUnit: z.string(),
  taxableAmount: z.number(),
  sgstRate: z.number(),
  cgstRate: z.number(),
  igstRate: z.number(),
  cessRate: z.number(),
  cessNonAdvol: z.number(),
});

/** The NIC e-way bill portal's bulk-upload JSON: one bill in billLists. Money in rupees, dates dd/mm/yyyy. */
export const ewayBillFile = z.object({
  version: z.string(),
  billLists: z.array(
    z.object({
      userGstin: z.string(),
      supplyType: z.literal('O'),
      subSupplyType: z.number(),
      subSupplyDesc: z.string(),
      /** INV: a sale's invoice; OTH: a debit note of goods returned to the supplier (docs/eway-bill.md). */
      docType: z.enum(['INV', 'OTH']),
      docNo: z.string(),
      docDate: z.string(),
      transType: z.number(),
      fromGstin: z.string(),
      fromTrdName: z.string(),
      fromAddr1: z.string(),
      fromAddr2: z.string(),
      fromPlace: z.string(),
      fromPincode: z.number(),
      fromStateCode: z.number(),
      actualFromStateCode: z.number(),
      toGstin: z.string(),
      toTrdName: z.string(),
      toAddr1: z.string(),
      toAddr2: z.string(),
      toPlace: z.string(),
      toPincode: z.number(),
      toStateCode: z.number(),
      actualToStateCode: z.number(),
      totalValue: z.number(),
      cgstValue: z.number(),
      sgstValue: z.number(),
      igstValue: z.number(),
      cessValue: z.number(),
      TotNonAdvolVal: z.number(),
      OthValue: z.number(),
      totInvValue: z.number(),
      transMode: z.number(),
      transDistance: z.number(),
      transporterName: z.string(),
      transporterId: z.string(),
      transDocNo: z.string(),
      transDocDate: z.string(),
      vehicleNo: z.string(),
      vehicleType: z.literal('R'),
      mainHsnCode: z.number(),
      itemList: z.array(ewayBillItem),
    }),
  ),
});
export type EwayBillFile = z.infer<typeof ewayBillFile>;

const party = {
  Gstin: z.string(),
  LglNm: z.string(),
  Addr1: z.string(),
  Loc: z.string(),
  Stcd: z.string(),
};

/** The IRP's e-invoice JSON, schema version 1.1: the parts a B2B invoice or credit note of goods fills. */
export const einvoiceFile = z.object({
  Version: z.literal(EINVOICE_SCHEMA_VERSION),
  TranDtls: z.object({ TaxSch: z.literal('GST'), SupTyp: z.literal('B2B'), RegRev: z.literal('N'), IgstOnIntra: z.literal('N') }),
  DocDtls: z.object({ Typ: z.enum(['INV', 'CRN']), No: z.string(), Dt: z.string() }),
  SellerDtls: z.object({ ...party, Pin: z.number() }),
  BuyerDtls: z.object({ ...party, Pos: z.string(), Pin: z.number().optional() }),
  ItemList: z.array(
    z.object({
      SlNo: z.string(),
      PrdDesc: z.string().optional(),
      IsServc: z.literal('N'),
      HsnCd: z.string(),
      Qty: z.number(),
      Unit: z.string(),
      UnitPrice: z.number(),
      TotAmt: z.number(),
      Discount: z.number(),
      AssAmt: z.number(),
      GstRt: z.number(),
      IgstAmt: z.number(),
      CgstAmt: z.number(),
      SgstAmt: z.number(),
      TotItemVal: z.number(),
    }),
  ),
  ValDtls: z.object({ AssVal: z.number(), CgstVal: z.number(), SgstVal: z.number(), IgstVal: z.number(), TotInvVal: z.number() }),
});
export type EinvoiceFile = z.infer<typeof einvoiceFile>;

/** PUT /api/Orders/:id/eway-bill: the number the portal gave (12 digits; spaces dropped). */
export const ewayBillNumberSchema = z.object({
  ewayBillNo: z.preprocess(
    (v) => (typeof v === 'string' ? v.replace(/\s/g, '') : v),
    z.string({ error: 'ewayBillNoInvalid' }).regex(EWAY_BILL_NO_PATTERN, { error: 'ewayBillNoInvalid' }),
  ),
});
export type EwayBillNumberInput = z.infer<typeof ewayBillNumberSchema>;

/** PUT /api/Orders/:id/einvoice and /api/credit-notes/:id/einvoice: what the IRP answered. */
export const irnSchema = z.object({
  irn: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
    z.string({ error: 'irnInvalid' }).regex(IRN_PATTERN, { error: 'irnInvalid' }),
  ),
  ackNo: z
    .string({ error: 'irnAckNoInvalid' })
    .trim()
    .regex(/^\d{1,20}$/, { error: 'irnAckNoInvalid' }),
  signedQr: z
    .string({ error: 'signedQrInvalid' })
    .trim()
    .max(SIGNED_QR_MAX, { error: 'signedQrInvalid' })
    .regex(SIGNED_QR_PATTERN, { error: 'signedQrInvalid' }),
  /** The acknowledgement's date and time as the IRP gave it; left out: now. */
  ackDate: dateTimeSchema.optional(),
});
export type IrnInput = z.infer<typeof irnSchema>;

/** The e-way bill entered back, as bills print it; null: none. */
export const ewayBillDto = z.object({ number: z.string(), at: z.string() }).nullable();
/** The e-invoice's registration entered back, as bills print it (the QR of signedQr); null: none. */
export const einvoiceDto = z.object({ irn: z.string(), ackNo: z.string(), at: z.string(), signedQr: z.string() }).nullable();
