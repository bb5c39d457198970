import { useEffect, useRef } from 'react';
import { formatRupees } from '../../../core/money';
import type { DisplayBill } from '../../../core/schemas/display';
import { unitText } from '../../../core/units';
import { QrCode } from '../../components/qr-code';
import type { Translate } from '../../lib/i18n';
import type { Lang } from '../../lib/language';
import css from './display.module.css';

interface Props {
  bill: DisplayBill;
  /** The sale is paid: the till says the money was received, or the server that its payment was confirmed. */
  paid: boolean;
  lang: Lang;
  t: Translate<'display'>;
}

/** The bill on the customer display: its newest lines (the last one marked), the total, and the QR or "Paid". */
export function DisplayBillView({ bill, paid, lang, t }: Props) {
  const list = useRef<HTMLDivElement>(null);
  const units = unitText(lang);
  const payment = bill.payment;
  const qr = !paid && payment?.upiUri ? payment.upiUri : null;
  const amount = formatRupees(payment?.amount ?? bill.total);

  // the newest line stays in view
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [bill.lines.length, bill.more]);

  return (
    <div className={css.body} data-qr={!!qr}>
      <div className={css.lines} ref={list} data-testid="display-lines">
        <div className={`${css.line} ${css.head}`}>
          <span>{t('item')}</span>
          <span className={css.num}>{t('qty')}</span>
          <span className={css.num}>{t('amount')}</span>
        </div>
        {bill.more > 0 && <div className={css.head}>{t('moreLines', { n: bill.more })}</div>}
        {bill.lines.map((l, i) => (
          <div key={i} className={css.line} data-testid="display-line">
            <span className={css.name} lang={lang === 'ta' && l.nameTa ? 'ta' : undefined}>
              {lang === 'ta' && l.nameTa ? l.nameTa : l.name}
            </span>
            <span className={css.num}>{units.quantity(l.qty, l.unit)}</span>
            <span className={css.num}>{formatRupees(l.amount)}</span>
          </div>
        ))}
      </div>
      <div className={css.side} data-qr={!!qr} data-order-id={payment?.orderId}>
        {bill.phase === 'done' && <div className={css.big}>{t('thankYou')}</div>}
        <div className={css.totalLabel}>{t('total')}</div>
        <div className={css.total} data-testid="display-total">
          {formatRupees(bill.total)}
        </div>
        {paid ? (
          <div data-testid="display-paid">
            <div className={css.paid}>{t('paid')}</div>
            <div className={css.big}>{t('received', { amount })}</div>
          </div>
        ) : qr ? (
          <>
            <div className={css.qr} data-testid="display-qr" data-link={qr}>
              {qr.startsWith('https://') ? (
                <img src={qr} alt={t('qrLabel', { amount })} />
              ) : (
                <QrCode text={qr} size="100%" label={t('qrLabel', { amount })} />
              )}
            </div>
            <div className={css.big}>{t('scanToPay', { amount })}</div>
          </>
        ) : payment ? (
          <div className={css.big} data-testid="display-method">
            {payment.method === 'credit' ? t('onAccount') : t(`paidBy_${payment.method}`)}
          </div>
        ) : null}
      </div>
    </div>
  );
}
