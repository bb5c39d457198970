import { Button } from '@mantine/core';
import { useEffect, useMemo, useRef } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import type { OrderDto } from '../../../core/schemas/order';
import { DocumentPage } from '../../components/document-page';
import { ThermalPrintButton } from '../../components/thermal-print-button';
import { useDateFormat } from '../../lib/format';
import { api } from '../../lib/api';
import { useLanguage, useT } from '../../lib/i18n';
import { useMsg } from '../../lib/messages';
import { useCachedQuery } from '../../data/use-cached-query';
import { useOutboxItems } from '../../offline/hooks';
import { useSession } from '../../stores/session';
import { can } from '../../lib/can';
import { billFromOrder, billFromQueuedSale, isTaxInvoice } from './bill-data';
import { CounterBill } from './counter-bill';
import { thermalBill } from './thermal-bill';
import { SHOP_SALE, type QueuedShopSale } from './shop-sale';

const fetchOrder = (id: string) => api.get<OrderDto>(`Orders/${encodeURIComponent(id)}`);

/**
 * /receipt/:orderId: the bill of an order, to print (58 mm, 80 mm, A4) or share: a counter sale, an
 * order a rider hands over, or a customer's own order (the server answers only the customer's own). A sale still waiting in this device's outbox shows its provisional bill
 * until the server has given it its invoice number. The order is read through the copy the order page
 * and the rider's area lists save (`order:<id>`), so it opens offline too.
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
  const lang = useLanguage();
  const date = useDateFormat({ dateStyle: 'medium', timeStyle: 'short' });

  const bill = useMemo(
    () =>
      queued && user ? billFromQueuedSale(queued, { ...user, gstNumber: user.gstNumber ?? '' }) : q.data ? billFromOrder(q.data) : null,
    [queued, user, q.data],
  );

  useEffect(() => {
    if (bill && search.get('print') === '1' && !printed.current) {
      printed.current = true;
      // after the bill has painted
      window.setTimeout(() => window.print(), 300);
    }
  }, [bill, search]);

  const share = async (b: NonNullable<typeof bill>) => {
    const { shareBill } = await import('./bill-share');
    await shareBill(b, {
      title: isTaxInvoice(b) ? t('taxInvoice') : t('billOfSupply'),
      provisional: t('provisional'),
      invoice: t('invoiceNo'),
      numberAtDelivery: t('numberAtDelivery'),
      voided: t('voidedMark'),
    });
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
      extra={(b) => <ThermalPrintButton size="md" doc={() => thermalBill(b, t, lang, (iso) => date.format(new Date(iso)))} />}
    >
      {(b, paper) => <CounterBill bill={b} paper={paper} />}
    </DocumentPage>
  );
}
