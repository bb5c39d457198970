import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { errorMessage } from '../lib/api';
import { useCachedQuery } from '../data/use-cached-query';
import { confirm } from './confirm';

export interface DeletableListOptions<T> {
  /** The query's name (see useCachedQuery); the list is not saved on the device. */
  name: string;
  fetch: () => Promise<T[]>;
  /** Deletes one item; what it answers may carry the server's success message. */
  remove: (id: string) => Promise<{ message?: string } | void | unknown>;
  confirmText: string;
  /** The toast after a delete (the server's message wins when `useServerMessage`). */
  deleted: string;
  deleteFailed: string;
  useServerMessage?: boolean;
}

/**
 * An admin list read through useCachedQuery (the page shows it with QueryView) that deletes after a
 * confirm dialog: the item leaves the list at once, a toast says how it went, and `busy` is the id
 * being deleted.
 */
export function useDeletableList<T extends { _id: string }>(o: DeletableListOptions<T>) {
  const q = useCachedQuery(o.name, o.fetch, { persist: false });
  const [busy, setBusy] = useState<string | null>(null);

  const remove = async (item: T) => {
    if (!(await confirm(o.confirmText))) return;
    setBusy(item._id);
    try {
      const res = (await o.remove(item._id)) as { message?: string } | undefined;
      q.mutate((list) => list?.filter((x) => x._id !== item._id));
      notifications.show({ message: (o.useServerMessage && res?.message) || o.deleted, color: 'green' });
    } catch (err) {
      notifications.show({ message: errorMessage(err, o.deleteFailed), color: 'red' });
    } finally {
      setBusy(null);
    }
  };

  return { query: q, busy, remove };
}
