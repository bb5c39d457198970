import { useMemo } from 'react';
import type { PricedLine } from '../../../core/pricing';
import type { CounterProductDto } from '../../../core/schemas/counter-catalog';
import { shopOrderTotal, type ShopOrderLine } from '../../../core/shop-order';
import { fetchPriceLists, fetchSchemes, PRICE_LISTS, SCHEMES } from '../../data/pricing';
import { useCachedQuery } from '../../data/use-cached-query';
import { can } from '../../lib/can';
import type { CounterPricing } from './counter-pricing-engine';
import { useSession } from '../../stores/session';

type Engine = typeof import('./counter-pricing-engine');

/**
 * The counter's prices with the one engine (core/pricing.ts), as the server will reprice the sale: the customer's
 * price list and the shop's schemes at this moment, both saved on the device (offline too). A shop with neither
 * prices as before (core/shop-order.ts), without loading the engine.
 */
export function useCounterPricing(
  lines: ShopOrderLine[],
  products: readonly CounterProductDto[] | null,
  priceListId: string | null | undefined,
): CounterPricing & { ready: boolean } {
  const user = useSession((s) => s.userInfo);
  const reads = can(user, 'readPricing');
  const lists = useCachedQuery(reads ? PRICE_LISTS : null, fetchPriceLists);
  const schemes = useCachedQuery(reads ? SCHEMES : null, fetchSchemes);
  const list = priceListId ? lists.data?.find((l) => l._id === priceListId) : undefined;
  const needed = !!list || (schemes.data ?? []).some((s) => !s.endedAt);
  // the engine's code, once a list or a scheme needs it (kept in memory only: it is code, not data)
  const engine: Engine | undefined = useCachedQuery(needed ? 'counter-pricing-engine' : null, () => import('./counter-pricing-engine'), {
    persist: false,
  }).data;
  // ready: the lists and schemes are known (saved or answered) and the engine they need has loaded
  const ready = (!reads || (!lists.loading && !schemes.loading)) && (!needed || !!engine);
  return useMemo(
    () => ({
      ...(needed && engine
        ? engine.priceForm(lines, products, list, schemes.data ?? [])
        : { byKey: new Map<string, PricedLine>(), total: shopOrderTotal(lines) }),
      ready,
    }),
    [needed, engine, lines, products, list, schemes.data, ready],
  );
}
