import { z } from 'zod';
import { blankToUndefined, daySchema } from './common';

/** The GST rates whose sales and purchase ledgers the shop names; any other rate's is "Sales {rate}%" / "Purchase {rate}%". */
export const TALLY_RATES = [0, 5, 12, 18, 28] as const;
/** A Tally ledger name's longest (Tally's names are short; a longer one is a typing mistake). */
export const TALLY_NAME_MAX = 100;

const ledgerName = z
  .string({ error: 'fillRequired' })
  .trim()
  .min(1, { error: 'fillRequired' })
  .max(TALLY_NAME_MAX, { error: 'tooLong' })
  // no control characters: an XML 1.0 file cannot carry most of them
  .regex(/^[^\p{Cc}]*$/u, { error: 'optionInvalid' });

/**
 * The ledger names of the shop's Tally company (PUT /api/exports/tally/settings, and its GET's answer): sales and
 * purchases at each rate of TALLY_RATES, output and input CGST/SGST/IGST, cash (cash sales, refunds, payments),
 * bank (UPI, card and bank transfers), round off (a bill's total less its items' taxable value and tax), and the
 * company's name as Tally shows it (blank: the company open in Tally).
 */
export const tallyLedgersSchema = z.object({
  company: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.union([z.literal(''), ledgerName]).default('')),
  sales0: ledgerName,
  sales5: ledgerName,
  sales12: ledgerName,
  sales18: ledgerName,
  sales28: ledgerName,
  purchase0: ledgerName,
  purchase5: ledgerName,
  purchase12: ledgerName,
  purchase18: ledgerName,
  purchase28: ledgerName,
  outputCgst: ledgerName,
  outputSgst: ledgerName,
  outputIgst: ledgerName,
  inputCgst: ledgerName,
  inputSgst: ledgerName,
  inputIgst: ledgerName,
  cash: ledgerName,
  bank: ledgerName,
  roundOff: ledgerName,
});
export type TallyLedgers = z.infer<typeof tallyLedgersSchema>;

/** The names a Tally company usually has: what the export uses until the shop saves its own. */
export const DEFAULT_TALLY_LEDGERS: TallyLedgers = {
  company: '',
  sales0: 'Sales 0%',
  sales5: 'Sales 5%',
  sales12: 'Sales 12%',
  sales18: 'Sales 18%',
  sales28: 'Sales 28%',
  purchase0: 'Purchase 0%',
  purchase5: 'Purchase 5%',
  purchase12: 'Purchase 12%',
  purchase18: 'Purchase 18%',
  purchase28: 'Purchase 28%',
  outputCgst: 'Output CGST',
  outputSgst: 'Output SGST',
  outputIgst: 'Output IGST',
  inputCgst: 'Input CGST',
  inputSgst: 'Input SGST',
  inputIgst: 'Input IGST',
  cash: 'Cash',
  bank: 'Bank',
  roundOff: 'Round Off',
};

/** GET /api/exports/tally/settings: the shop's names, and whether they are its own (saved) or the defaults. */
export const tallySettingsResponse = z.object({ ledgers: tallyLedgersSchema, saved: z.boolean() });
export type TallySettingsResponse = z.infer<typeof tallySettingsResponse>;

/** GET /api/exports/tally?from=&to=: the India dates of the period, both inclusive (`to` blank: the one day). */
export const tallyExportQuery = z.object({ from: daySchema, to: z.preprocess(blankToUndefined, daySchema.optional()) });

/** The export's bytes: Tally's XML import file (ENVELOPE > ... > TALLYMESSAGE > VOUCHER), sent as an attachment. */
export const tallyExportFile = z.any().describe("Tally's XML import file (application/xml): one voucher per document of the period");
