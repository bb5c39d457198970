import { Button, Group, Text } from '@mantine/core';

/** The "New version available - Reload" prompt's body. */
export function UpdateToast({ onReload }: { onReload: () => void }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Text size="sm">New version available</Text>
      <Button size="xs" onClick={onReload} data-testid="sw-reload">
        Reload
      </Button>
    </Group>
  );
}
