import type { ReactNode } from 'react';
import { QueryView } from './query-view';

/**
 * A list a screen loads: the failure (the spec's message) with Retry, a loader, the empty text, else
 * the list itself (QueryView for a list already taken out of its answer).
 */
export function LoadedList<T>({
  items,
  failed,
  onRetry,
  empty,
  children,
}: {
  items: T[] | null;
  /** The failure's message, or null. */
  failed: string | null;
  onRetry: () => void;
  empty: string;
  children: (items: T[]) => ReactNode;
}) {
  return (
    <QueryView
      query={{ error: failed ? new Error(failed) : undefined, refresh: onRetry }}
      data={failed ? null : items}
      failed={failed ?? ''}
      empty={empty}
    >
      {children}
    </QueryView>
  );
}
