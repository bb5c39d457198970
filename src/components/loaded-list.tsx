import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageLoader } from './page-loader';
import { RetryAlert } from './retry-alert';

/**
 * What a screen's list shows while it loads: the failure (the spec's message) with Retry, a loader,
 * the empty text, else the list itself.
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
  if (failed) return <RetryAlert title={failed} onRetry={onRetry} />;
  if (!items) return <PageLoader />;
  if (items.length === 0) return <Text c="dimmed">{empty}</Text>;
  return <>{children(items)}</>;
}
