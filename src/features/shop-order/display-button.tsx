import { Button } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useT } from '../../lib/i18n';
import { type PublishedBill, useDisplayPublisher } from './use-display-publisher';

const DisplayDialog = lazy(() => import('./display-dialog'));

/**
 * "Customer display" beside the till's link: the counter publishes its bill for the customer display
 * (use-display-publisher.ts), and the link opens the dialog that opens one on this computer or pairs a tablet.
 */
export default function DisplayButton({ bill }: { bill: PublishedBill }) {
  const t = useT('shop-order');
  const [open, setOpen] = useState(false);
  useDisplayPublisher(bill);
  return (
    <>
      <Button size="xs" variant="subtle" onClick={() => setOpen(true)} data-testid="customer-display">
        {t('customerDisplay')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <DisplayDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
