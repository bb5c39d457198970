import { Alert, Card, Group, Loader, Select, Text, ThemeIcon, Title } from '@mantine/core';
import { AppIcon } from '../../components/app-icons';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { MSG } from '../../../core/messages';
import { fetchAreas } from './home-api';

/** Delivery (and admin): choose an area to see its pending orders. */
export function AreaPickerCard() {
  const [areas, setAreas] = useState<string[] | null>(null);
  const [failed, setFailed] = useState(false);
  const navigate = useNavigate();

  useEffect(() => {
    let live = true;
    fetchAreas()
      .then((list) => live && setAreas(list))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, []);

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
