import { lazy, Suspense } from 'react';
import type { PublishedBill } from './use-display-publisher';

// loads beside the page: the counter's first paint does not wait for the display's code
const DisplayButton = lazy(() => import('./display-button'));

/** The counter's customer display: its bill published for the display, and the "Customer display" link (display-button.tsx). */
export function CustomerDisplayLink({ bill }: { bill: PublishedBill }) {
  return (
    <Suspense fallback={null}>
      <DisplayButton bill={bill} />
    </Suspense>
  );
}
