import { Alert, Card, Group, Loader, Select, Text, ThemeIcon, Title } from '@mantine/core';
import { AppIcon } from '../../components/app-icons';
import { useNavigate } from 'react-router-dom';
import { useT } from '../../lib/i18n';
import { useMsg } from '../../lib/messages';
import { useCachedQuery } from '../../lib/use-cached-query';
import { fetchAreas } from './home-api';

/** Delivery (and admin): choose an area to see its pending orders. */
export function AreaPickerCard() {
  // Saved on this device: the delivery area picker works offline.
  const q = useCachedQuery('areas', fetchAreas, { offlineNotice: true });
  const areas = q.data ? (q.data.areas ?? []) : null;
  const failed = !areas && !!q.error;
  const navigate = useNavigate();
  const t = useT('home');
  const msg = useMsg();

  return (
    <Card withBorder radius="lg" padding="md" data-testid="area-picker">
      <Group gap="xs" mb={4}>
        <ThemeIcon variant="light" radius="xl" size="lg">
          <AppIcon name="pin" size={20} />
        </ThemeIcon>
        <Title order={4}>{t('deliveriesByArea')}</Title>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        {t('chooseAreaHint')}
      </Text>
      {failed ? (
        <Alert color="red" variant="light" role="alert">
          {msg.areasLoadFailedHome}
        </Alert>
      ) : (
        <Select
          label={t('area')}
          placeholder={areas ? t('chooseArea') : t('loadingAreas')}
          data={areas ?? []}
          disabled={!areas}
          rightSection={!areas ? <Loader size="xs" aria-label={t('loadingAreas')} /> : undefined}
          searchable
          size="md"
          nothingFoundMessage={t('noSuchArea')}
          value={null}
          onChange={(area) => area && navigate(`/orders-by-area/${encodeURIComponent(area)}`)}
        />
      )}
    </Card>
  );
}
