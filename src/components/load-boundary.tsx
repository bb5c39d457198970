import { Alert } from '@mantine/core';
import { Component, type ReactNode } from 'react';
import { useT } from '../lib/i18n';

function NotSavedYet() {
  const t = useT('common');
  return (
    <Alert color="yellow" role="status" data-testid="part-not-saved">
      {t('partNotSaved')}
    </Alert>
  );
}

/**
 * Around a part of a screen loaded when it is needed (React.lazy): when its code cannot be fetched (offline
 * before the service worker has saved the whole app), the part says so and the rest of the screen stays, a
 * till's sale on it included, instead of the error unmounting the whole page. A lazy part that failed stays
 * failed until the page is loaded again, so there is nothing to retry here.
 */
export class LoadBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    return this.state.failed ? <NotSavedYet /> : this.props.children;
  }
}
