import { Button } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useT } from '../lib/i18n';
import { nextInArea, usePendingDeliveredIds } from '../data/mark-delivered';

/**
 * A rider's way on from an order (never back to Home): to the area's list, and once this order is
 * delivered, to the next order of the area still to deliver (or the list when none is left).
 */
export function RoundNav({ area, orderId, delivered }: { area: string; orderId: string; delivered: boolean }) {
  const t = useT('common');
  const navigate = useNavigate();
  const done = usePendingDeliveredIds();
  const [busy, setBusy] = useState(false);
  const areaPath = `/orders-by-area/${encodeURIComponent(area)}`;
  const next = async () => {
    setBusy(true);
    const id = await nextInArea(area, orderId, done).catch(() => null);
    setBusy(false);
    navigate(id ? `/vendor/orders/${id}` : areaPath);
  };
  return (
    <>
      <Button component={Link} to={areaPath} variant="default" mih={44} data-testid="back-to-area">
        {t('backToArea', { area })}
      </Button>
      {delivered && (
        <Button onClick={() => void next()} loading={busy} mih={44} data-testid="next-order">
          {t('nextOrder')}
        </Button>
      )}
    </>
  );
}
