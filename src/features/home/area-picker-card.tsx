import { Alert, Badge, Card, Group, Skeleton, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router-dom';
import { AppIcon } from '../../components/app-icons';
import { formatSavedTime } from '../../components/saved-data-badge';
import { useNumberFormat } from '../../lib/format';
import { useLanguage, useT } from '../../lib/i18n';
import { useMsg } from '../../lib/messages';
import { useAreaCounts } from './area-counts';
import classes from './home.module.css';

/**
 * Delivery (and admin): every area with its pending orders' count, each a link to the area's
 * orders, so the rider sees where the work is. Works offline from the counts saved at the last sync.
 */
export function AreaPickerCard() {
  const { areas, error, fromCache, offline, savedAt } = useAreaCounts();
  const t = useT('home');
  const msg = useMsg();
  const lang = useLanguage();
  const num = useNumberFormat();

  return (
    <Card withBorder radius="lg" padding="md" data-testid="area-picker">
      <Group gap="xs" mb={4} wrap="nowrap">
        <ThemeIcon variant="light" radius="xl" size="lg">
          <AppIcon name="pin" size={20} />
        </ThemeIcon>
        <Title order={4}>{t('deliveriesByArea')}</Title>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        {t('chooseAreaHint')}
      </Text>
      {fromCache && savedAt !== null && (
        <Text size="sm" c={offline ? 'orange.9' : 'dimmed'} mb="xs" role="status" data-testid="area-counts-saved">
          {t('countsAsOf', { time: formatSavedTime(savedAt, Date.now(), lang) })}
        </Text>
      )}
      {!areas && error ? (
        <Alert color="red" variant="light" role="alert">
          {msg.areasLoadFailedHome}
        </Alert>
      ) : !areas ? (
        <Stack gap={6} aria-label={t('loadingAreas')}>
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} h={48} radius="md" />
          ))}
        </Stack>
      ) : (
        <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {areas.map(({ area, pending }) => (
            <li key={area}>
              <UnstyledButton
                component={Link}
                to={`/orders-by-area/${encodeURIComponent(area)}`}
                className={classes.areaRow}
                data-testid="area-row"
                data-area={area}
                data-pending={pending}
                aria-label={t('areaWithCount', { area, n: pending })}
              >
                <Text fw={600} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                  {area}
                </Text>
                <Badge
                  size="lg"
                  radius="sm"
                  variant={pending > 0 ? 'filled' : 'light'}
                  color={pending > 0 ? 'teal.8' : 'gray'}
                  tt="none"
                  style={{ flexShrink: 0 }}
                >
                  {pending > 0 ? t('pendingCount', { n: num.format(pending) }) : t('nonePending')}
                </Badge>
              </UnstyledButton>
            </li>
          ))}
        </Stack>
      )}
    </Card>
  );
}
