import { Button } from '@mantine/core';
import type { ReactNode } from 'react';

/** The full-width submit of a one-column form (sign-in, registration, a code), busy while it is sent. */
export function SubmitButton({ loading, mt, children }: { loading: boolean; mt?: 'xs'; children: ReactNode }) {
  return (
    <Button type="submit" size="md" loading={loading} fullWidth mt={mt}>
      {children}
    </Button>
  );
}
