import { Button, Group, SegmentedControl, Skeleton, Text } from '@mantine/core';
import { Suspense, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import type { OrderDto } from '../../../core/schemas/order';
import { DocumentPage } from '../../components/document-page';
import { FINGER_SEGMENTS, noPrintClass } from '../../components/print-sheet';
import { ThermalPrintButton } from '../../components/thermal-print-button';
import { UpiConfirmation } from '../../components/upi-confirmation';
import { dateFormat } from '../../lib/format';
import { api } from '../../lib/api';
import { loadNamespaces, translate, useLanguage, useT } from '../../lib/i18n';
import type { Lang } from '../../lib/language';
import { tamilFontsReady } from '../../lib/tamil-font';
import { useMsg } from '../../lib/messages';
import { useCachedQuery } from '../../data/use-cached-query';
import { useOutboxItems } from '../../offline/hooks';
import { useSession } from '../../stores/session';
import { can } from '../../lib/can';
import { billFromOrder, billFromQueuedSale } from './bill-data';
import { CounterBill } from './counter-bill';
import { thermalBill } from './thermal-bill';
import { SHOP_SALE, type QueuedShopSale } from './shop-sale';

const fetchOrder = (id: string) => api.get<OrderDto>(`Orders/${encodeURIComponent(id)}`);
/** What the bill in a language needs loaded before it shows: its texts, the buyer's labels and the UPI QR's. */
const loadBillLanguage = (lang: Lang) =>
  Promise.all([loadNamespaces(['receipt', 'common', 'upi-qr'], lang), lang === 'ta' ? tamilFontsReady() : undefined]);

/** The bill's language, English or Tamil whatever the interface's; not printed. */
function BillLanguageSwitch({ value, onChange }: { value: Lang; onChange: (lang: Lang) => void }) {
  const t = useT('receipt');
  const ui = useLanguage();
  const label = useId();
  // "தமிழ்" in the English interface: drawn as a picture (as the header's switch), no Tamil font needed
  const tamil =
    ui === 'ta' ? (
      t('languageTamil')
    ) : (
      // the picture is white (for the header): inverted to the segments' dark text
      <img src="/lang-ta.svg" alt={t('languageTamil')} width={34} height={14} style={{ display: 'block', filter: 'invert(1)' }} />
    );
  return (
    <Group gap={6} wrap="nowrap" className={noPrintClass}>
      <Text size="sm" id={label}>
        {t('billLanguage')}
      </Text>
      <SegmentedControl
        aria-labelledby={label}
        value={value}
        onChange={(v) => onChange(v === 'ta' ? 'ta' : 'en')}
        data={[
          { value: 'en', label: <span lang="en">{t('languageEnglish')}</span> },
          { value: 'ta', label: <span lang="ta">{tamil}</span> },
        ]}
        styles={FINGER_SEGMENTS}
        data-testid="bill-language"
      />
    </Group>
  );
}

/** Runs `run` once what is before it in the same Suspense has painted (a bill that waited for its language). */
function WhenShown({ run }: { run: () => void }) {
  useEffect(() => run(), [run]);
  return null;
}

/**
 * /receipt/:orderId: the bill of an order, to print (58 mm, 80 mm, A4) or share: a counter sale, an
 * order a rider hands over, or a customer's own order (the server answers only the customer's own). A sale still waiting in this device's outbox shows its provisional bill
 * until the server has given it its invoice number. The order is read through the copy the order page
 * and the rider's area lists save (`order:<id>`), so it opens offline too.
 * The bill is in its own language (core/bill-language.ts: its customer's), else the interface's; the
 * cashier may switch it, and the print, the receipt printer and Share follow.
 * ?print=1 (the button after a sale) opens the print dialog at once.
 */
export default function ReceiptPage() {
  const t = useT('receipt');
  const msg = useMsg();
  const { orderId = '' } = useParams();
  const [search] = useSearchParams();
  const user = useSession((s) => s.userInfo);
  const outbox = useOutboxItems();
  const queued = outbox.find((i) => i.id === orderId && i.kind === SHOP_SALE) as QueuedShopSale | undefined;
  const q = useCachedQuery(queued ? null : `order:${orderId}`, () => fetchOrder(orderId), { offlineNotice: true });
  const printed = useRef(false);
  const ui = useLanguage();
  const [chosen, setChosen] = useState<Lang | null>(null);

  const bill = useMemo(
    () =>
      queued && user ? billFromQueuedSale(queued, { ...user, gstNumber: user.gstNumber ?? '' }) : q.data ? billFromOrder(q.data) : null,
    [queued, user, q.data],
  );
  const lang = chosen ?? bill?.language ?? ui;

  const printOnce = useCallback(() => {
    if (printed.current) return;
    printed.current = true;
    // after the bill has painted
    window.setTimeout(() => window.print(), 300);
  }, []);

  const choose = (next: Lang) => void loadBillLanguage(next).then(() => setChosen(next));
  const share = async (b: NonNullable<typeof bill>) => {
    const { shareBill } = await import('./bill-share');
    await shareBill(b, lang);
  };
  // the receipt printer's lines in the bill's language (its texts are loaded: the bill shows in it)
  const thermal = (b: NonNullable<typeof bill>) => {
    const date = dateFormat({ dateStyle: 'medium', timeStyle: 'short' }, lang);
    return thermalBill(
      b,
      (key, params) => translate('receipt', key, params, lang),
      lang,
      (iso) => date.format(new Date(iso)),
    );
  };

  return (
    <DocumentPage
      title={t('billTitle')}
      action={
        user && !can(user, 'sell') ? (
          <Button
            component={Link}
            to={`/${can(user, 'shop') ? 'userOrder' : 'vendor/orders'}/${encodeURIComponent(orderId)}`}
            variant="default"
            mih={44}
          >
            {t('backToOrder')}
          </Button>
        ) : (
          <Button component={Link} to="/order" variant="default" mih={44}>
            {t('newSale')}
          </Button>
        )
      }
      query={q}
      doc={bill}
      failed={msg.orderNotFound}
      printLabel={t('print')}
      roll58
      share={share}
      controlSize="md"
      extra={(b) => (
        <>
          <ThermalPrintButton size="md" doc={() => thermal(b)} />
          <BillLanguageSwitch value={lang} onChange={choose} />
        </>
      )}
    >
      {(b, paper) => (
        // a bill in another language than the interface's waits for its texts here, not in place of the page
        <Suspense fallback={<Skeleton h={320} radius="md" />}>
          {/* how its UPI payment was confirmed: on the screen, not on the printed bill */}
          <div className={noPrintClass}>
            <UpiConfirmation payment={q.data?._id === b.orderId ? q.data.payment : null} />
          </div>
          <CounterBill bill={b} paper={paper} lang={lang} />
          {search.get('print') === '1' && <WhenShown run={printOnce} />}
        </Suspense>
      )}
    </DocumentPage>
  );
}
