import { istDayEnd, istDayStart } from '../../../core/dates';
import { CODE } from '../../../core/message-codes';
import { DEFAULT_TALLY_LEDGERS, tallyLedgersSchema, type TallyLedgers, type TallySettingsResponse } from '../../../core/schemas/tally';
import {
  creditNoteVoucher,
  debitNoteVoucher,
  expenseVoucher,
  purchaseVoucher,
  receiptVoucher,
  salesVoucher,
  supplierPaymentVoucher,
  tallyEnvelope,
  type TallyVoucher,
} from '../../../core/tally';
import type { Db } from '../../db';
import { fieldError } from '../../lib/errors';
import { sellerScope } from '../../security/access';
import type { AuthUser } from '../accounts/auth-user';
import {
  tallyCreditNotes,
  tallyDebitNotes,
  tallyExpenses,
  tallyPurchases,
  tallyReceipts,
  tallySales,
  tallySupplierPayments,
  type TallyPeriod,
} from './tally-rows';

/** What the export may answer besides its schema's codes. */
export const TALLY_EXPORT_CODES = ['endBeforeStart', 'periodTooLong'] as const;

const MAX_DAYS = 366;

/**
 * The shop's books as Tally's XML import file (docs/tally.md): the period's sales, credit notes, purchases,
 * debit notes, receipts and payments, one voucher each, named with the shop's Tally ledgers. The owner and
 * managers keep the books (PERMISSIONS.keepBooks); every row read is the caller's shop's.
 */
export class TallyService {
  constructor(private readonly db: Db) {}

  /** GET /api/exports/tally/settings: the shop's ledger names, or the defaults until it saves its own. */
  async settings(user: AuthUser): Promise<TallySettingsResponse> {
    const row = await this.db.selectFrom('tally_settings').select('ledgers').where('shop_id', '=', sellerScope(user)!).executeTakeFirst();
    return { ledgers: ledgersOf(row?.ledgers), saved: !!row };
  }

  /** PUT /api/exports/tally/settings: the shop's names, all of them at once. */
  async saveSettings(user: AuthUser, ledgers: TallyLedgers): Promise<TallySettingsResponse> {
    const shopId = sellerScope(user)!;
    const json = JSON.stringify(ledgers);
    await this.db
      .insertInto('tally_settings')
      .values({ shop_id: shopId, ledgers: json, updated_by: user.id })
      .onConflict((oc) => oc.column('shop_id').doUpdateSet({ ledgers: json, updated_by: user.id, updated_at: new Date() }))
      .execute();
    return { ledgers, saved: true };
  }

  /**
   * GET /api/exports/tally?from=&to=: the file, and its name. The period is whole India days, both
   * inclusive, at most a year. Vouchers in date order; on a day sales, credit notes, purchases, debit
   * notes, receipts, then payments (to suppliers, then expenses).
   */
  async export(user: AuthUser, fromDay: string, toDay: string = fromDay): Promise<{ xml: string; fileName: string; vouchers: number }> {
    const shopId = sellerScope(user)!;
    if (toDay < fromDay) throw fieldError('to', CODE.endBeforeStart);
    const from = istDayStart(fromDay);
    const until = istDayEnd(toDay);
    if ((until.getTime() - from.getTime()) / 86_400_000 > MAX_DAYS) throw fieldError('to', CODE.periodTooLong);
    const period: TallyPeriod = { shopId, fromDay, toDay, from, until };

    // one snapshot, so a sale and its return, or a bill and its payment, are read as of the same moment
    const { ledgers, vouchers } = await this.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        const saved = await trx.selectFrom('tally_settings').select('ledgers').where('shop_id', '=', shopId).executeTakeFirst();
        const names = ledgersOf(saved?.ledgers);
        const list: TallyVoucher[] = [
          ...(await tallySales(trx, period)).map((s) => salesVoucher(names, s)),
          ...(await tallyCreditNotes(trx, period)).map((n) => creditNoteVoucher(names, n)),
          ...(await tallyPurchases(trx, period)).map((p) => purchaseVoucher(names, p)),
          ...(await tallyDebitNotes(trx, period)).map((d) => debitNoteVoucher(names, d)),
          ...(await tallyReceipts(trx, period)).map((r) => receiptVoucher(names, r)),
          ...(await tallySupplierPayments(trx, period)).map((p) => supplierPaymentVoucher(names, p)),
          ...(await tallyExpenses(trx, period)).map((e) => expenseVoucher(names, e)),
        ];
        return { ledgers: names, vouchers: list };
      });
    // a stable sort: within a day the kinds keep the order above
    vouchers.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    return { xml: tallyEnvelope(ledgers.company, vouchers), fileName: `tally-${fromDay}-to-${toDay}.xml`, vouchers: vouchers.length };
  }
}

/** The saved names over the defaults (a name added later takes its default until saved). */
function ledgersOf(saved: Record<string, unknown> | undefined): TallyLedgers {
  if (!saved) return DEFAULT_TALLY_LEDGERS;
  const parsed = tallyLedgersSchema.safeParse({ ...DEFAULT_TALLY_LEDGERS, ...saved });
  return parsed.success ? parsed.data : DEFAULT_TALLY_LEDGERS;
}
