import { Alert, Button, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useT } from '../lib/i18n';

/**
 * A failed load: the spec's message as the title, any reason the server gave, and a Retry button (none
 * when there is nothing to try again: a record that is not there), beside the page's way out.
 */
export function RetryAlert({
  title,
  onRetry,
  action,
  children,
}: {
  title: string;
  onRetry?: () => void;
  /** Beside Retry: back to the list, home. */
  action?: ReactNode;
  children?: ReactNode;
}) {
  const t = useT('common');
  return (
    <Alert color="red" role="alert" title={title}>
      {children && (
        <Text size="sm" mb="xs">
          {children}
        </Text>
      )}
      {(onRetry || action) && (
        <Group gap="xs">
          {onRetry && (
            <Button variant="light" color="red" size="xs" onClick={onRetry}>
              {t('retry')}
            </Button>
          )}
          {action}
        </Group>
      )}
    </Alert>
  );
}
