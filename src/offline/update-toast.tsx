import { Button, Group, Text } from '@mantine/core';
import { useT } from '../lib/i18n';

/** The "New version available - Reload" prompt's body. */
export function UpdateToast({ onReload }: { onReload: () => void }) {
  const t = useT('offline');
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Text size="sm">{t('newVersion')}</Text>
      <Button size="xs" onClick={onReload} data-testid="sw-reload">
        {t('reload')}
      </Button>
    </Group>
  );
}
