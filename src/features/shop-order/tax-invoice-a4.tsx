import { soldQuantityText } from '../../../core/packs';
import type { ReactNode } from 'react';
import { lineDiscountPaise } from '../../../core/cart';
import { addTax, type LineTax, noTax, taxOf } from '../../../core/gst';
import { gstStateLabel } from '../../../core/gstin';
import { formatRupees } from '../../../core/money';
import { BuyerBlock } from '../../components/bill-buyer';
import { PrintSheet, SheetRow, SheetText } from '../../components/print-sheet';
import { useT } from '../../lib/i18n';
import type { Lang } from '../../lib/language';
import { type BillData, type BillLine, billRef, isInterStateBill, isTaxInvoice, taxByHsn } from './bill-data';
import {
  batchText,
  BillCashier,
  BillMarks,
  BillNumberNote,
  BillUpiQr,
  billTitle,
  paymentText,
  plainAmount,
  useBillTexts,
} from './bill-parts';
import classes from './tax-invoice-a4.module.css';
import { BillEwayEinvoice } from './bill-einvoice';
import { BillPoints } from './bill-points';

const rs = (paise: number) => formatRupees(paise / 100);
/** The table's amounts: plain figures, its caption says they are in rupees. */
const fig = plainAmount;
/** A tax rate as printed: "2.5", "9", "0". */
const pct = (rate: number) => String(rate);

/** The taxes a line's columns show: each one's share of the GST rate and its amount. */
const TAXES = {
  CGST: { share: 0.5, paise: (x: LineTax) => x.cgstPaise },
  SGST: { share: 0.5, paise: (x: LineTax) => x.sgstPaise },
  IGST: { share: 1, paise: (x: LineTax) => x.igstPaise },
} as const;
type Tax = keyof typeof TAXES;

/** One column of the lines' table: its header (under a tax's name for a tax column), width in %, cell and total. */
interface Column {
  key: string;
  head: ReactNode;
  /** CGST, SGST or IGST: the column sits under that tax's name. */
  tax?: string;
  width: number;
  figure?: boolean;
  cell: (l: BillLine, i: number) => ReactNode;
  total?: ReactNode;
}

/**
 * The bill on A4 as Indian tax invoices are laid out (CGST Rules, rule 46): the shop, its GSTIN and the
 * invoice's number, date and place of supply at the top; the buyer; then a table of the lines with HSN,
 * quantity, rate, discount, taxable value, CGST and SGST (IGST for goods sent to another state) and
 * amount, its totals, the tax by HSN and rate, the total in figures and words, how it was paid, and
 * the signatory's place. A bill of supply has no tax columns. Its header repeats on every printed page
 * and no line is split across two. On a phone's screen it keeps its A4 width and scrolls in its own box.
 */
export function TaxInvoiceA4({ bill, lang }: { bill: BillData; lang: Lang }) {
  const { t, units, date, inWords, name } = useBillTexts(lang);
  const c = useT('common', lang);
  const taxed = isTaxInvoice(bill);
  const interState = isInterStateBill(bill);
  const sum = noTax();
  bill.lines.forEach((l) => addTax(sum, l));
  const discount = (l: BillLine) => lineDiscountPaise(l.ratePaise, l.discountPaise, l.quantity);
  const discounts = bill.lines.reduce((s, l) => s + discount(l), 0);
  /** A tax's two columns under its name, its rate and its amount: CGST and SGST take half the rate each, IGST all of it. */
  const taxColumns = (tax: Tax, rateWidth: number): Column[] => [
    { key: `${tax}-rate`, tax, head: t('colTaxRate'), width: rateWidth, figure: true, cell: (l) => pct(l.gstRate * TAXES[tax].share) },
    {
      key: `${tax}-amount`,
      tax,
      head: t('colTaxAmount'),
      width: 8.5,
      figure: true,
      cell: (l) => fig(TAXES[tax].paise(l)),
      total: fig(TAXES[tax].paise(sum)),
    },
  ];

  const columns: Column[] = [
    { key: 'no', head: t('colNo'), width: 4, cell: (_, i) => i + 1 },
    {
      key: 'item',
      head: t('colItem'),
      width: 0,
      // the price list and scheme of the line under its name (core/pricing.ts)
      cell: (l) => (
        <>
          {name(l)}
          {l.note && (
            <>
              <br />
              <small data-testid="a4-line-pricing">{l.note}</small>
            </>
          )}
          {/* the batches it took and their expiry (a medicine's invoice carries them) */}
          {l.batches?.length ? (
            <>
              <br />
              <small data-testid="a4-line-batch">{batchText(l, t)}</small>
            </>
          ) : null}
        </>
      ),
      total: t('total'),
    },
    { key: 'hsn', head: t('hsn'), width: 6, cell: (l) => l.hsn || '-' },
    {
      key: 'qty',
      head: t('colQty'),
      width: 6,
      figure: true,
      cell: (l) => soldQuantityText(units, l.quantity, l.unit, l.pack, l.packFactor),
    },
    {
      key: 'rate',
      head: t('colRate'),
      width: 8.5,
      figure: true,
      cell: (l) => (
        <>
          {fig(l.ratePaise)}
          {l.pack ? ` / ${l.pack}` : units.perUnit(l.unit)}
        </>
      ),
    },
    {
      key: 'discount',
      head: t('colDiscount'),
      width: 8.5,
      figure: true,
      cell: (l) => (discount(l) > 0 ? fig(discount(l)) : '-'),
      total: discounts > 0 ? fig(discounts) : undefined,
    },
    ...(taxed
      ? [
          {
            key: 'taxable',
            head: t('colTaxable'),
            width: 10.5,
            figure: true,
            cell: (l: BillLine) => fig(l.taxablePaise),
            total: fig(sum.taxablePaise),
          },
          ...(interState ? taxColumns('IGST', 5) : [...taxColumns('CGST', 3.5), ...taxColumns('SGST', 3.5)]),
        ]
      : []),
    { key: 'amount', head: t('colAmount'), width: 11, figure: true, cell: (l) => fig(l.amountPaise), total: fig(bill.itemsPaise) },
  ];
  const itemWidth = 100 - columns.reduce((w, col) => w + col.width, 0);
  const grouped = columns.some((col) => col.tax);
  const hsnRows = taxByHsn(bill.lines);
  const summaryTaxes: Tax[] = interState ? ['IGST'] : ['CGST', 'SGST'];

  return (
    <div className={classes.frame}>
      <PrintSheet paper="A4" testId="counter-bill">
        <div className={classes.invoice} lang={lang} data-testid="tax-invoice-a4">
          <div className={classes.head}>
            <div>
              <div className={classes.shop}>{bill.shop.name}</div>
              {bill.shop.address && <SheetText small>{bill.shop.address}</SheetText>}
              {bill.shop.gstin && (
                <SheetText>
                  <span data-testid="bill-gstin">GSTIN {bill.shop.gstin}</span>
                </SheetText>
              )}
            </div>
            <div>
              <div className={classes.title}>{billTitle(bill, t)}</div>
              <SheetRow
                label={t('invoiceNo')}
                value={<span data-testid="bill-invoice">{bill.invoiceNumber ?? t('refNo', { ref: billRef(bill) })}</span>}
              />
              <SheetRow label={t('dateTime')} value={date.format(new Date(bill.date))} />
              <SheetRow
                label={c('placeOfSupply')}
                value={<span data-testid="bill-place-of-supply">{gstStateLabel(bill.placeOfSupply)}</span>}
              />
              <BillCashier bill={bill} t={t} />
              <BillEwayEinvoice bill={bill} />
            </div>
          </div>
          <BillMarks bill={bill} t={t} date={date} />
          <div className={classes.party}>
            {bill.buyer ? (
              <BuyerBlock buyer={bill.buyer} lang={lang} />
            ) : (
              <>
                <SheetText small>{t('customer')}</SheetText>
                <SheetText strong>{bill.customer?.name || t('walkIn')}</SheetText>
                {bill.customer?.address && <SheetText small>{bill.customer.address}</SheetText>}
              </>
            )}
          </div>

          <table className={classes.table} data-testid="bill-lines">
            <caption className={classes.unit}>{t('amountsInRupees')}</caption>
            <colgroup>
              {columns.map((col) => (
                <col key={col.key} style={{ width: `${col.key === 'item' ? itemWidth : col.width}%` }} />
              ))}
            </colgroup>
            <thead>
              <tr>
                {columns.map((col, i) =>
                  col.tax ? (
                    columns[i - 1]?.tax !== col.tax && (
                      <th key={col.tax} colSpan={2} scope="colgroup" className={classes.figure}>
                        {col.tax}
                      </th>
                    )
                  ) : (
                    <th key={col.key} rowSpan={grouped ? 2 : 1} scope="col" className={col.figure ? classes.figure : undefined}>
                      {col.head}
                    </th>
                  ),
                )}
              </tr>
              {grouped && (
                <tr>
                  {columns
                    .filter((col) => col.tax)
                    .map((col) => (
                      <th key={col.key} scope="col" className={classes.figure}>
                        {col.head}
                      </th>
                    ))}
                </tr>
              )}
            </thead>
            <tbody>
              {bill.lines.map((l, i) => (
                <tr key={i} data-testid="bill-line">
                  {columns.map((col) => (
                    <td key={col.key} className={col.figure ? classes.figure : col.key === 'item' ? classes.item : undefined}>
                      {col.cell(l, i)}
                    </td>
                  ))}
                </tr>
              ))}
              <tr className={classes.totals}>
                {columns.map((col) => (
                  <td key={col.key} className={col.figure ? classes.figure : undefined}>
                    {col.total}
                  </td>
                ))}
              </tr>
            </tbody>
          </table>

          <div className={classes.below}>
            <div className={classes.words}>
              {taxed && (
                <table className={classes.table} data-testid="bill-tax">
                  <caption>{t('taxSummary')}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('hsn')}</th>
                      <th scope="col" className={classes.figure}>
                        {t('colTaxable')}
                      </th>
                      {summaryTaxes.map((tax) => (
                        <th key={tax} scope="col" className={classes.figure}>
                          {tax}
                        </th>
                      ))}
                      <th scope="col" className={classes.figure}>
                        {t('totalTax')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {hsnRows.map((r) => (
                      <tr key={`${r.hsn}|${r.rate}`}>
                        <td>{r.hsn || '-'}</td>
                        <td className={classes.figure}>{rs(r.taxablePaise)}</td>
                        {summaryTaxes.map((tax) => (
                          <td key={tax} className={classes.figure}>
                            {pct(r.rate * TAXES[tax].share)}% · {rs(TAXES[tax].paise(r))}
                          </td>
                        ))}
                        <td className={classes.figure}>{rs(taxOf(r))}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
              <SheetText small>{t('amountInWordsLabel')}</SheetText>
              <SheetText strong>
                <span data-testid="bill-words">{inWords(bill.totalPaise)}</span>
              </SheetText>
              <SheetRow label={t('payment')} value={paymentText(bill, t)} />
              {taxed && <SheetText small>{interState ? t('pricesIncludeIgst') : t('pricesIncludeGst')}</SheetText>}
            </div>
            <div className={classes.sums}>
              <SheetRow label={t('items')} value={rs(bill.itemsPaise)} />
              {bill.savedPaise > 0 && <SheetRow label={t('youSaved')} value={rs(bill.savedPaise)} />}
              {bill.roundOffPaise > 0 && <SheetRow label={t('deliveryDiscount')} value={`−${rs(bill.roundOffPaise)}`} />}
              <BillPoints bill={bill} t={t} part="redeemed" />
              <div className={classes.grand}>
                <SheetRow label={t('total')} value={<span data-testid="bill-total">{rs(bill.totalPaise)}</span>} strong />
              </div>
              <BillPoints bill={bill} t={t} part="earned" />
              <BillUpiQr bill={bill} lang={lang} size="30mm" />
            </div>
          </div>

          <BillNumberNote bill={bill} t={t} />
          <div className={classes.foot}>
            <SheetText small>{t('thanks')}</SheetText>
            <div className={classes.sign} data-testid="bill-signatory">
              <SheetText strong>{t('forShop', { shop: bill.shop.name })}</SheetText>
              <SheetText small>{t('signatory')}</SheetText>
            </div>
          </div>
        </div>
      </PrintSheet>
    </div>
  );
}
