import { Alert, Card, Group, Loader, Select, Text, ThemeIcon, Title } from '@mantine/core';
import { AppIcon } from '../../components/app-icons';
import { useNavigate } from 'react-router-dom';
import { MSG } from '../../../core/messages';
import { useCachedQuery } from '../../lib/use-cached-query';
import { fetchAreas } from './home-api';

/** Delivery (and admin): choose an area to see its pending orders. */
export function AreaPickerCard() {
  // Saved on this device: the delivery area picker works offline.
  const q = useCachedQuery('areas', fetchAreas, { offlineNotice: true });
  const areas = q.data ? (q.data.areas ?? []) : null;
  const failed = !areas && !!q.error;
  const navigate = useNavigate();

  return (
    <Card withBorder radius="lg" padding="md" data-testid="area-picker">
      <Group gap="xs" mb={4}>
        <ThemeIcon variant="light" radius="xl" size="lg">
          <AppIcon name="pin" size={20} />
        </ThemeIcon>
        <Title order={4}>Deliveries by area</Title>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        Choose an area to see its pending orders.
      </Text>
      {failed ? (
        <Alert color="red" variant="light" role="alert">
          {MSG.areasLoadFailedHome}
        </Alert>
      ) : (
        <Select
          label="Area"
          placeholder={areas ? 'Choose an area' : 'Loading areas…'}
          data={areas ?? []}
          disabled={!areas}
          rightSection={!areas ? <Loader size="xs" aria-label="Loading areas" /> : undefined}
          searchable
          size="md"
          nothingFoundMessage="No such area"
          value={null}
          onChange={(area) => area && navigate(`/orders-by-area/${encodeURIComponent(area)}`)}
        />
      )}
    </Card>
  );
}
