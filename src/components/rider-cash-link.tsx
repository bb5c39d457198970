import { Card, Group, Text, ThemeIcon } from '@mantine/core';
import { Link } from 'react-router-dom';
import { formatRupees } from '../../core/money';
import { useOwnRiderCash } from '../data/rider-cash';
import { useLanguage, useT } from '../lib/i18n';
import { useCan } from '../stores/use-can';
import { AppIcon } from './app-icons';
import { formatSavedTime } from './saved-data-badge';

/**
 * "Cash with you ₹3,400.00": what the signed-in rider holds of the shops' cash, always in sight at the
 * top of his Home and area lists, opening his cash page (each shop's amount and his hand-overs). Read
 * from the copy saved on the device, so it shows offline too (with the time it was saved). Nothing
 * for anyone else.
 */
export function RiderCashLink() {
  return useCan('holdDeliveryCash') ? <OwnCash /> : null;
}

function OwnCash() {
  const t = useT('common');
  const lang = useLanguage();
  const { entry, fromCache, offline, savedAt } = useOwnRiderCash();
  const amount = entry ? formatRupees(entry.held) : '…';
  return (
    <Card
      component={Link}
      to="/rider-cash"
      withBorder
      radius="lg"
      padding="sm"
      mih={44}
      maw={{ base: '100%', sm: 480 }}
      aria-label={t('cashWithYouAmount', { amount })}
      data-testid="rider-cash-link"
      style={{ display: 'block' }}
    >
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon variant="light" color="teal" radius="xl" size="lg" aria-hidden="true">
          <AppIcon name="cash" size={20} />
        </ThemeIcon>
        <Group gap="xs" justify="space-between" wrap="wrap" style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600} size="sm">
            {t('cashWithYou')}
          </Text>
          <Text fw={800} size="lg" c="teal.9" data-testid="rider-cash-held" style={{ whiteSpace: 'nowrap' }}>
            {amount}
          </Text>
        </Group>
        <Text c="dimmed" aria-hidden="true" fw={700}>
          ›
        </Text>
      </Group>
      {fromCache && offline && savedAt !== null && (
        <Text size="xs" c="orange.9" mt={4}>
          {t('cashAsOf', { time: formatSavedTime(savedAt, Date.now(), lang) })}
        </Text>
      )}
    </Card>
  );
}
