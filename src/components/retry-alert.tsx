import { Alert, Button } from '@mantine/core';

/** A failed load: the spec's message as the title and a Retry button. */
export function RetryAlert({ title, onRetry }: { title: string; onRetry: () => void }) {
  return (
    <Alert color="red" role="alert" title={title}>
      <Button variant="light" color="red" size="xs" onClick={onRetry}>
        Retry
      </Button>
    </Alert>
  );
}
