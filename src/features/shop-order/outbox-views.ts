import { lazy } from 'react';
import { registerOutboxView } from '../../offline/outbox-views';
import { SHOP_SALE } from './shop-sale';

// A queued sale shows as a card among Pending Orders, with its lines in the outbox drawer, and can
// be edited and resent when refused. Registered when the app starts; the views load when first shown.
registerOutboxView(SHOP_SALE, {
  Card: lazy(() => import('./queued-sale-card')),
  Details: lazy(() => import('./queued-sale-details')),
  Editor: lazy(() => import('./queued-sale-editor')),
});
