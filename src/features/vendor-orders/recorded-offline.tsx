import { Text } from '@mantine/core';
import { istDayOf } from '../../../core/sale-void';
import { useDateFormat } from '../../lib/format';
import { useT } from '../../lib/i18n';
import type { OrderDto } from './vendor-orders-api';

const TIME = { hour: '2-digit', minute: '2-digit' } as const;
const DAY_TIME = { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' } as const;

/**
 * "Delivery recorded offline at 23:39, sent 23:40": an act dated by the device's time of the tap that
 * reached the server a minute or more later (the server says so: core/act-time.ts sentLater). India
 * time; the sending time takes its date too when it fell on another day.
 */
export function RecordedOffline({ order }: { order: OrderDto }) {
  const t = useT('vendor-orders');
  const time = useDateFormat(TIME);
  const dayTime = useDateFormat(DAY_TIME);
  const note = (key: 'recordedOfflineSale' | 'recordedOfflineDelivery', at: string, sent: string) => (
    <Text
      key={key}
      size="sm"
      c="dimmed"
      data-testid={key === 'recordedOfflineSale' ? 'sale-recorded-offline' : 'delivery-recorded-offline'}
    >
      {t(key, {
        at: time.format(new Date(at)),
        sent: (istDayOf(at) === istDayOf(sent) ? time : dayTime).format(new Date(sent)),
      })}
    </Text>
  );
  return (
    <>
      {order.receivedAt && note('recordedOfflineSale', order.createdAt, order.receivedAt)}
      {order.deliveredReceivedAt && order.deliveredAt && note('recordedOfflineDelivery', order.deliveredAt, order.deliveredReceivedAt)}
    </>
  );
}
