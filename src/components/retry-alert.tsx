import { Alert, Button } from '@mantine/core';
import { useT } from '../lib/i18n';

/** A failed load: the spec's message as the title and a Retry button. */
export function RetryAlert({ title, onRetry }: { title: string; onRetry: () => void }) {
  const t = useT('common');
  return (
    <Alert color="red" role="alert" title={title}>
      <Button variant="light" color="red" size="xs" onClick={onRetry}>
        {t('retry')}
      </Button>
    </Alert>
  );
}
