import { useEffect, useState } from 'react';
import { useSession } from '../stores/session';
import type { OutboxItem } from './db';
import { subscribeOutbox } from './outbox-feed';

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
