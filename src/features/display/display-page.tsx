import { Button, Group } from '@mantine/core';
import { useEffect, useState } from 'react';
import { formatDisplayCode } from '../../../core/display';
import { getLanguage, loadNamespaces, useT } from '../../lib/i18n';
import type { Lang } from '../../lib/language';
import { loadTamilFonts } from '../../lib/tamil-font';
import { DisplayBillView } from './display-bill-view';
import { readDisplayLang, saveDisplayLang } from './display-store';
import { useDisplayFeed } from './use-display-feed';
import { useWakeLock } from './use-wake-lock';
import css from './display.module.css';

/** A thank-you stays this long, unless a QR still waits for its payment; then the shop's welcome. */
const THANKS_MS = 30_000;

/**
 * /display: the customer display, a second screen or a tablet facing the customer (no header, not signed
 * in). It shows the till's running bill, the total and the UPI QR large, "Paid ✓" when the money came, a
 * thank-you when the sale is recorded, and the shop's welcome otherwise; in the language the customer picks
 * on it (kept on the device). A tablet not yet paired shows the code to enter at the counter.
 */
export default function DisplayPage() {
  const [lang, setLang] = useState<Lang>(() => readDisplayLang(getLanguage()));
  const t = useT('display', lang);
  const feed = useDisplayFeed();
  const bill = feed.message?.bill ?? null;
  const payment = bill?.payment ?? null;
  const paid = !!payment && (!!payment.received || (!!payment.orderId && feed.paid.has(payment.orderId)));
  const waiting = !!payment?.upiUri && !paid;
  const [thanksOver, setThanksOver] = useState<number | null>(null);
  useWakeLock();

  const seq = feed.message?.seq ?? 0;
  const done = bill?.phase === 'done';
  useEffect(() => {
    if (!done || waiting) return;
    const timer = setTimeout(() => setThanksOver(seq), THANKS_MS);
    return () => clearTimeout(timer);
  }, [done, waiting, seq]);

  const choose = async (next: Lang) => {
    await Promise.all([loadNamespaces(['display'], next), next === 'ta' ? loadTamilFonts() : undefined]);
    saveDisplayLang(next);
    setLang(next);
  };

  const shop = bill?.shop || (feed.pairing?.kind === 'paired' ? feed.pairing.shop : '');
  const showBill = bill && (bill.phase === 'bill' || (done && thanksOver !== seq));
  const code = !feed.local && feed.pairing?.kind === 'code' ? feed.pairing : null;

  return (
    <div className={css.screen} lang={lang} data-testid="customer-display">
      <div className={css.top}>
        <span className={css.shop}>{shop}</span>
        <Group gap={4} wrap="nowrap" role="group" aria-label={t('languageLabel')}>
          {(['en', 'ta'] as const).map((l) => (
            <Button
              key={l}
              h={44}
              miw={64}
              px="sm"
              variant={lang === l ? 'outline' : 'subtle'}
              color="white"
              c="white"
              aria-pressed={lang === l}
              aria-label={l === 'en' ? 'English' : 'தமிழ்'}
              lang={l}
              onClick={() => void choose(l)}
            >
              {l === 'en' ? (
                'English'
              ) : (
                // drawn as a picture (public/lang-ta.svg), as the header's switch: no Tamil font needed to offer Tamil
                <img src="/lang-ta.svg" alt="" width={49} height={20} style={{ display: 'block' }} />
              )}
            </Button>
          ))}
        </Group>
      </div>
      {showBill ? (
        <DisplayBillView bill={bill} paid={paid} lang={lang} t={t} />
      ) : (
        <div className={css.center} data-testid="display-idle">
          <div className={css.welcome}>{t('welcome')}</div>
          {code ? (
            <>
              <div className={css.big}>{t('pairTitle')}</div>
              <div className={css.code} data-testid="display-code-shown" data-code={code.code}>
                {formatDisplayCode(code.code)}
              </div>
              <div>{t('pairSteps')}</div>
              <div style={{ color: 'var(--mantine-color-dimmed)' }}>
                {t('pairExpires', { minutes: Math.max(1, Math.ceil((code.expiresAt - Date.now()) / 60_000)) })} {t('pairSameComputer')}
              </div>
            </>
          ) : (
            feed.disconnected && !feed.local && <div style={{ color: 'var(--mantine-color-dimmed)' }}>{t('waitingNetwork')}</div>
          )}
        </div>
      )}
    </div>
  );
}
