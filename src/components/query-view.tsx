import { Alert, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ApiError, errorMessage } from '../lib/api';
import { isOfflineError } from '../data/query-core';
import { PageLoader } from './page-loader';
import { RetryAlert } from './retry-alert';

/**
 * What a page shows of what it loads, the one way: while nothing is there, a failed load (the spec's
 * message, the server's own reason under it when it says more, and Retry) or a loader; then the empty
 * text when there is nothing to show, else the data. Data already shown stays through a failed refresh.
 * With `notFound`, a record that is not there says so instead (no Retry): the server answered 404, even
 * over a copy saved before it was deleted, or the answer came without it (`data` null). With `offline`,
 * a load that found no connection and nothing saved says it comes with the connection (it reloads then).
 */
export function QueryView<Q, T = Q>({
  query,
  data = query.data as T | null | undefined,
  failed,
  notFound,
  offline,
  action,
  empty,
  loader = <PageLoader />,
  children,
}: {
  query: { data?: Q | null; error?: unknown; refresh: () => void };
  /** What the page draws, when it is derived from the answer (sorted, filtered, one item of a list); default the answer. */
  data?: T | null;
  /** The spec's message for a failed load. */
  failed: string;
  /** The message for a record that is not there. */
  notFound?: string;
  /** Offline with nothing saved on this device: that it loads once the connection returns. */
  offline?: string;
  /** The way out beside Retry or the not-found message (back to the list). */
  action?: ReactNode;
  /** What shows when there is nothing to show (a text is dimmed): for an empty list, or as a function of the data. */
  empty?: ReactNode | ((data: T) => ReactNode);
  loader?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const missing = query.error instanceof ApiError && query.error.status === 404;
  if (notFound && (missing || (!query.error && query.data != null && data == null))) return <RetryAlert title={notFound} action={action} />;
  if (data === null || data === undefined) {
    if (!query.error) return <>{loader}</>;
    if (offline && isOfflineError(query.error))
      return (
        <Alert color="orange" variant="light" role="status" data-testid="offline-not-saved">
          <Text size="sm">{offline}</Text>
        </Alert>
      );
    const reason = errorMessage(query.error, failed);
    return (
      <RetryAlert title={failed} onRetry={query.refresh} action={action}>
        {failed.includes(reason) ? null : reason}
      </RetryAlert>
    );
  }
  const emptyText = typeof empty === 'function' ? empty(data) : Array.isArray(data) && data.length === 0 ? empty : null;
  if (emptyText) return typeof emptyText === 'string' ? <Text c="dimmed">{emptyText}</Text> : <>{emptyText}</>;
  return <>{children(data)}</>;
}
