import { lazy } from 'react';
import { registerOutboxView } from '../../offline/outbox-views';
import { PURCHASE } from './purchase-kind';

// A queued bill shows its lines in the outbox drawer. Registered when the app starts; the view loads when first shown.
registerOutboxView(PURCHASE, { Details: lazy(() => import('./queued-purchase-details')) });
