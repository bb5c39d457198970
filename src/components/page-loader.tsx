import { Center, Loader } from '@mantine/core';
import { translate, useLanguage } from '../lib/i18n';

/** The loading state of a page. It never suspends (it is itself a Suspense fallback): `common` is loaded before the first screen. */
export function PageLoader() {
  useLanguage();
  return (
    <Center py="xl">
      <Loader aria-label={translate('common', 'loading')} />
    </Center>
  );
}
