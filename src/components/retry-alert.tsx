import { Alert, Button, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useT } from '../lib/i18n';

/** A failed load: the spec's message as the title, any reason the server gave, and a Retry button. */
export function RetryAlert({ title, onRetry, children }: { title: string; onRetry: () => void; children?: ReactNode }) {
  const t = useT('common');
  return (
    <Alert color="red" role="alert" title={title}>
      {children && (
        <Text size="sm" mb="xs">
          {children}
        </Text>
      )}
      <Button variant="light" color="red" size="xs" onClick={onRetry}>
        {t('retry')}
      </Button>
    </Alert>
  );
}
