import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { errorMessage } from '../lib/api';
import { PageLoader } from './page-loader';
import { RetryAlert } from './retry-alert';

/**
 * What a page shows of what it loads, the one way: while nothing is there, a failed load (the spec's
 * message, the server's own reason under it when it says more, and Retry) or a loader; then the empty
 * text when there is nothing to show, else the data. Data already shown stays through a failed refresh.
 */
export function QueryView<Q, T = Q>({
  query,
  data = query.data as T | null | undefined,
  failed,
  empty,
  loader = <PageLoader />,
  children,
}: {
  query: { data?: Q | null; error?: unknown; refresh: () => void };
  /** What the page draws, when it is derived from the answer (sorted, filtered); default the answer. */
  data?: T | null;
  /** The spec's message for a failed load. */
  failed: string;
  /** The text when there is nothing to show: for an empty list, or as a function of the data. */
  empty?: string | ((data: T) => string | false | null | undefined);
  loader?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (data === null || data === undefined) {
    if (!query.error) return <>{loader}</>;
    const reason = errorMessage(query.error, failed);
    return (
      <RetryAlert title={failed} onRetry={query.refresh}>
        {reason !== failed ? reason : null}
      </RetryAlert>
    );
  }
  const emptyText = typeof empty === 'function' ? empty(data) : Array.isArray(data) && data.length === 0 ? empty : null;
  if (emptyText) return <Text c="dimmed">{emptyText}</Text>;
  return <>{children(data)}</>;
}
