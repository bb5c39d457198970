import { Badge } from '@mantine/core';
import type { PurchaseOrderStatus } from '../../../core/purchase-order';
import { useT } from '../../lib/i18n';

const COLOR: Record<PurchaseOrderStatus, string> = { open: 'blue', partlyReceived: 'yellow', received: 'teal', closed: 'gray' };

/** An order's status as a coloured badge. */
export function StatusBadge({ status }: { status: PurchaseOrderStatus }) {
  const t = useT('purchase-orders');
  return (
    <Badge color={COLOR[status]} variant="light" data-testid="po-status" style={{ flexShrink: 0 }}>
      {t(`status_${status}`)}
    </Badge>
  );
}
