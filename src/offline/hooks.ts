import { useEffect, useMemo, useState } from 'react';
import { useSession } from '../stores/session';
import type { OutboxItem } from './db';
import { subscribeOutbox } from './outbox-feed';
import type { QueuedShopOrder } from './outbox';

/** The signed-in user's outbox items (waiting and needing attention), oldest first, kept live. */
export function useOutboxItems(): OutboxItem[] {
  const uid = useSession((s) => s.userInfo?._id ?? null);
  const [items, setItems] = useState<OutboxItem[]>([]);
  useEffect(() => {
    if (!uid) {
      setItems([]);
      return;
    }
    // Shared and throttled: one re-read per burst of changes, not one per subscriber per change.
    return subscribeOutbox(uid, setItems);
  }, [uid]);
  return items;
}

/** Items still waiting to be sent. */
export function usePendingOutbox(): OutboxItem[] {
  const items = useOutboxItems();
  return useMemo(() => items.filter((i) => i.status === 'pending'), [items]);
}

/** Orders this user marked delivered that the server has not confirmed yet: show them as Delivered. */
export function usePendingDeliveredIds(): Set<string> {
  const items = useOutboxItems();
  return useMemo(
    () => new Set(items.filter((i) => i.kind === 'markDelivered' && i.status === 'pending').map((i) => (i.body as { orderId: string }).orderId)),
    [items],
  );
}

/** Shop sales made here that the server does not have yet (Waiting to sync, or Needs attention). */
export function useQueuedShopOrders(): QueuedShopOrder[] {
  const items = useOutboxItems();
  return useMemo(() => items.filter((i): i is QueuedShopOrder => i.kind === 'shopOrder'), [items]);
}
