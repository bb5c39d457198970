import { useMemo } from 'react';
import type { z } from 'zod';
import { addressLine } from '../../../core/order-address';
import { type AreaCounts, type AreaOrderCard, ORDER_DETAILS_MAX, type OrderDto } from '../../../core/schemas/order';
import type { areasResponse } from '../../../core/schemas/user';
import { api } from '../../lib/api';
import { savedNames } from '../../data/saved-names';
import { useSession } from '../../stores/session';
import { readSaved, saveToCache, useCachedQuery } from '../../data/use-cached-query';
import { AREA_ORDERS_PREFIX, usePendingDeliveries } from '../../data/mark-delivered';
import type { OutboxItem } from '../../offline/db';
import { keepImages } from '../../offline/image-cache';

/** POST /api/Orders/pending-by-area/cards {area}: the area's pending orders, as their cards show them. */
export const fetchAreaCards = (area: string) => api.post<AreaOrderCard[]>('Orders/pending-by-area/cards', { area });

/** POST /api/Orders/details {ids}: whole orders, many at once (their detail pages and lines, offline too). */
const fetchOrderDetails = (ids: string[]) => api.post<OrderDto[]>('Orders/details', { ids });

/** One order's details (a card opened), saved under the name its detail page reads. */
export function useOrderDetails(id: string | null) {
  return useCachedQuery(id ? orderName(id) : null, () => api.get<OrderDto>(`Orders/${id}`));
}

/** GET /api/users/misc/areas (saved under "areas", the name the Home area picker reads too). */
export const fetchAreas = () => api.get<z.infer<typeof areasResponse>>('users/misc/areas');

/** GET /api/Orders/area-counts (saved under "area-counts", the name the Home area picker reads too). */
export const fetchAreaCounts = () => api.get<AreaCounts>('Orders/area-counts');

/** Saved-data names: one list per area, one entry per order (its detail page opens offline too). */
export const areaOrdersName = (area: string) => `${AREA_ORDERS_PREFIX}${area}`;
const ORDER_PREFIX = 'order:';
const orderName = (id: string) => `${ORDER_PREFIX}${id}`;

/** Orders a details request asks for: a rider's area of a few hundred orders in a few requests. */
const DETAILS_AT_ONCE = Math.min(100, ORDER_DETAILS_MAX);

/** The orders whose line photos are on this device (or too big to keep), for one user: not looked at again. */
let photosSaved = { user: '', ids: new Set<string>() };
/** A photos pass going on (the area page and the saving pass both save details): another waits for the next pass. */
let photosRun: Promise<void> | null = null;

const linePhoto = (p: OrderDto['products'][number]) => p.image || p.productId?.image || p.productId?.images?.[0] || '';

/**
 * Saves on this device the small photos of the orders' lines (src/offline/image-cache.ts: none over
 * 200 KB, at most 2 MB a pass), so their detail pages show them offline. An order is looked at again
 * until all its photos are in: what one pass left waits for the next.
 */
async function savePhotos(ids: readonly string[], fetched: ReadonlyMap<string, OrderDto>): Promise<void> {
  const user = useSession.getState().userInfo?._id ?? '';
  if (photosSaved.user !== user) photosSaved = { user, ids: new Set() };
  const done = photosSaved.ids;
  const todo = [...new Set(ids)].filter((id) => !done.has(id));
  const orders = await Promise.all(todo.map(async (id) => fetched.get(id) ?? (await readSaved<OrderDto>(orderName(id)))));
  const photos = new Map<string, string[]>();
  for (const o of orders) if (o) photos.set(o._id, (o.products ?? []).map(linePhoto).filter(Boolean));
  const left = new Set(await keepImages([...photos.values()].flat()));
  if (useSession.getState().userInfo?._id !== user) return;
  for (const [id, srcs] of photos) if (!srcs.some((s) => left.has(s))) done.add(id);
}

/**
 * Saves on this device the details of the orders whose details are not saved yet (a pending order's
 * lines and address do not change; its detail page refreshes itself when opened online), so every
 * card's detail page opens offline, then the small photos of their lines (savePhotos). Stops when the
 * signed-in user changes: the orders were the last user's (a run in the background may outlast a sign-out).
 */
export async function saveDetails(ids: readonly string[]): Promise<void> {
  const user = useSession.getState().userInfo?._id;
  const saved = await savedNames(ORDER_PREFIX);
  const missing = [...new Set(ids)].filter((id) => !saved.has(orderName(id)));
  const fetched = new Map<string, OrderDto>();
  for (let i = 0; i < missing.length; i += DETAILS_AT_ONCE) {
    const list = await fetchOrderDetails(missing.slice(i, i + DETAILS_AT_ONCE));
    if (useSession.getState().userInfo?._id !== user) return;
    await Promise.all(list.map((o) => saveToCache(orderName(o._id), o)));
    for (const o of list) fetched.set(o._id, o);
  }
  photosRun ??= savePhotos(ids, fetched).finally(() => {
    photosRun = null;
  });
  await photosRun;
}

/** A saved list holds cards; one saved by an earlier version of the app holds whole orders: read as cards. */
function asCard(o: AreaOrderCard | OrderDto): AreaOrderCard {
  if (!('customerId' in o)) return o;
  return {
    _id: o._id,
    orderNumber: o.orderNumber,
    invoiceNumber: o.invoiceNumber,
    status: o.status,
    createdAt: o.createdAt,
    customerName: o.customerId?.name || null,
    customerEmail: o.customerId?.email ?? '',
    address: addressLine(o.shippingAddress, o.area),
    phone: o.shippingAddress?.phoneNumber || o.customerId?.phone || '',
    shopName: o.vendorId?.shopName ?? '',
    totalPayable: o.totalPayable,
    paymentStatus: o.paymentStatus,
    lines: o.products?.length ?? 0,
  };
}

export interface AreaOrdersState {
  orders: AreaOrderCard[] | null;
  /** Marked delivered on this device and not yet confirmed by the server, by order id. */
  localDeliveries: Map<string, OutboxItem>;
  error: unknown;
  loading: boolean;
  reload: () => void;
  /** Shown from data saved on this device, and from when. */
  fromCache: boolean;
  offline: boolean;
  refreshing: boolean;
  savedAt: number | null;
}

/** Loads the area's cards; the details of its orders are saved beside, for their detail pages offline. */
async function loadCards(area: string): Promise<AreaOrderCard[]> {
  const list = await fetchAreaCards(area);
  void saveDetails(list.map((o) => o._id)).catch(() => undefined); // a failure: saved on the next pass
  return list;
}

/** An order marked delivered here shows Delivered (and paid in cash when the rider said so) until the server has it. */
function withLocalDelivery(o: AreaOrderCard, item: OutboxItem | undefined): AreaOrderCard {
  if (!item) return o;
  const cash = (item.body as { cashCollected?: boolean }).cashCollected === true;
  return { ...o, status: 'Delivered', ...(cash ? { paymentStatus: 'Paid' } : {}) };
}

/**
 * The one place the area screen loads its data: saved data from this device at once, then the
 * network's answer; orders marked delivered here and not yet synced show as Delivered.
 */
export function useAreaOrders(area: string): AreaOrdersState {
  const q = useCachedQuery<Array<AreaOrderCard | OrderDto>>(areaOrdersName(area), () => loadCards(area), { refetchOnSync: true });
  const localDeliveries = usePendingDeliveries();
  const orders = useMemo(
    () => (q.data ? q.data.map((o) => withLocalDelivery(asCard(o), localDeliveries.get(o._id))) : null),
    [q.data, localDeliveries],
  );
  return {
    orders,
    localDeliveries,
    error: q.data ? null : q.error,
    loading: q.loading || q.refreshing,
    reload: q.refresh,
    fromCache: q.fromCache,
    offline: q.offline,
    refreshing: q.refreshing,
    savedAt: q.savedAt,
  };
}

/** The areas to choose from (saved on this device, so the choice works offline). */
export function useAreas(): string[] | null {
  const q = useCachedQuery('areas', fetchAreas);
  return q.data?.areas ?? null;
}
