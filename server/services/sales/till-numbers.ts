import { coded } from '../../../core/coded';
import { CODE } from '../../../core/message-codes';
import { invoicedAtSale } from '../../../core/invoice';
import { parseTillNumber, tillNumberError } from '../../../core/till';
import type { Db } from '../../db';
import { conflict, fieldError, notFound } from '../../lib/errors';
import type { AuthUser } from '../accounts/auth.service';
import { sellerScope } from '../../security/access';
import type { TillInvoice } from './invoices';

/** What a counter sale says about a till's number (POST /api/Orders): both or neither. */
export interface TillClaim {
  deviceId?: string;
  invoiceNumber?: string;
}

/** The claim's two fields are given together; answers whether the sale carries a till number. */
export function hasTillNumber(claim: TillClaim): claim is Required<TillClaim> {
  if (!claim.deviceId !== !claim.invoiceNumber) throw fieldError(claim.deviceId ? 'invoiceNumber' : 'deviceId', CODE.tillNumberNeedsTill);
  return !!claim.deviceId;
}

/**
 * Checks the number a till gave a sale made at `saleAt`, inside the sale's transaction: the till is
 * the caller's own (else 404, as for a till that does not exist), the sale is numbered at sale
 * (handed over or paid), the number is of the till's series and of the sale's financial year and
 * was reserved for the till (400), and no invoice has it yet (409). The till's counter row for that
 * year is locked to the commit, so two sales with one number are checked one after the other (the
 * unique index invoices_device_seq is the last word). Answers the invoice to write.
 */
export async function checkTillNumber(
  trx: Db,
  user: AuthUser,
  claim: Required<TillClaim>,
  sale: { status: string; paymentStatus: string; at: Date },
): Promise<TillInvoice> {
  const device = await trx
    .selectFrom('devices')
    .select(['id', 'prefix'])
    .where('id', '=', claim.deviceId)
    .where('vendor_id', '=', sellerScope(user) ?? user.id)
    .executeTakeFirst();
  if (!device) throw notFound(CODE.deviceNotFound);
  if (!invoicedAtSale(sale)) throw fieldError('invoiceNumber', CODE.tillNumberNotInvoiced);
  const parsed = parseTillNumber(claim.invoiceNumber, device.prefix);
  const counter = parsed
    ? await trx
        .selectFrom('device_counters')
        .select('reserved_to')
        .where('device_id', '=', device.id)
        .where('fy', '=', parsed.fy)
        .forUpdate()
        .executeTakeFirst()
    : undefined;
  const err = tillNumberError(claim.invoiceNumber, device.prefix, sale.at, counter?.reserved_to ?? 0);
  if (err || !parsed) throw fieldError('invoiceNumber', err ?? CODE.tillNumberSeries);
  const used = await trx
    .selectFrom('invoices')
    .select('number')
    .where('device_id', '=', device.id)
    .where('fy', '=', parsed.fy)
    .where('seq', '=', parsed.seq)
    .executeTakeFirst();
  if (used) throw conflict(coded(CODE.tillNumberUsed), { field: 'invoiceNumber' });
  return { deviceId: device.id, number: claim.invoiceNumber, series: parsed.series, seq: parsed.seq };
}
