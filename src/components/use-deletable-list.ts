import { notifications } from '@mantine/notifications';
import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from '../lib/api';
import { confirm } from './confirm';

export interface DeletableListOptions<T> {
  fetch: () => Promise<T[]>;
  /** The message shown (with Retry) when the list cannot be loaded; a function gets the error. */
  loadError: string | ((err: unknown) => string);
  /** Deletes one item; what it answers may carry the server's success message. */
  remove: (id: string) => Promise<{ message?: string } | void | unknown>;
  confirmText: string;
  /** The toast after a delete (the server's message wins when `useServerMessage`). */
  deleted: string;
  deleteFailed: string;
  useServerMessage?: boolean;
}

/**
 * An admin list that loads once, offers Retry on failure and deletes after a confirm dialog:
 * the item leaves the list at once, a toast says how it went, and `busy` is the id being deleted.
 */
export function useDeletableList<T extends { _id: string }>(o: DeletableListOptions<T>) {
  const [items, setItems] = useState<T[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const { fetch, loadError } = o;

  const load = useCallback(async () => {
    setError(null);
    try {
      setItems(await fetch());
    } catch (err) {
      setError(typeof loadError === 'function' ? loadError(err) : loadError);
    }
  }, [fetch, loadError]); // module-level functions and constants at every call site: stable
  useEffect(() => void load(), [load]);

  const remove = async (item: T) => {
    if (!(await confirm(o.confirmText))) return;
    setBusy(item._id);
    try {
      const res = (await o.remove(item._id)) as { message?: string } | undefined;
      setItems((list) => list?.filter((x) => x._id !== item._id) ?? null);
      notifications.show({ message: (o.useServerMessage && res?.message) || o.deleted, color: 'green' });
    } catch (err) {
      notifications.show({ message: errorMessage(err, o.deleteFailed), color: 'red' });
    } finally {
      setBusy(null);
    }
  };

  return { items, error, busy, load, remove };
}
