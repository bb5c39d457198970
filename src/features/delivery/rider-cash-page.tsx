import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { formatRupees } from '../../../core/money';
import type { HandoverDto, RiderCashEntry } from '../../../core/schemas/rider-cash';
import { PageHeader } from '../../components/page-header';
import { QueryView } from '../../components/query-view';
import { SavedDataBadge } from '../../components/saved-data-badge';
import { useOwnRiderCash } from '../../data/rider-cash';
import { useDateFormat } from '../../lib/format';
import { type Translate, useT } from '../../lib/i18n';

/** One hand-over: the amount, when, to which shop, and the shop's note. */
function Handover({ h }: { h: HandoverDto }) {
  const when = useDateFormat({ day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' });
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm" data-testid="rider-handover">
      <div style={{ minWidth: 0 }}>
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {h.shopName}
        </Text>
        <Text size="sm" c="dimmed">
          {Number.isNaN(Date.parse(h.at)) ? '' : when.format(new Date(h.at))}
        </Text>
        {h.note && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {h.note}
          </Text>
        )}
      </div>
      <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
        {formatRupees(h.amount)}
      </Text>
    </Group>
  );
}

function CashSheet({ entry, t }: { entry: RiderCashEntry; t: Translate<'delivery'> }) {
  const shops = entry.shops ?? [];
  return (
    <Stack gap="md">
      <Card withBorder radius="lg" padding="md" bg="var(--mantine-color-teal-light)">
        <Text size="sm" fw={600}>
          {t('cashTitle')}
        </Text>
        <Text fz={32} fw={800} c="teal.9" lh={1.2} data-testid="rider-cash-total">
          {formatRupees(entry.held)}
        </Text>
      </Card>

      <Card withBorder radius="lg" padding="md">
        <Title order={3} size="h4" mb="xs">
          {t('cashByShop')}
        </Title>
        {shops.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('cashNoShop')}
          </Text>
        ) : (
          <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {shops.map((s) => (
              <Group key={s.shopId} component="li" justify="space-between" wrap="nowrap" gap="sm" data-testid="rider-cash-shop">
                <Text style={{ minWidth: 0, overflowWrap: 'anywhere' }}>{s.shopName}</Text>
                <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
                  {formatRupees(s.held)}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
      </Card>

      <Card withBorder radius="lg" padding="md">
        <Title order={3} size="h4">
          {t('handedOver')}
        </Title>
        <Text size="xs" c="dimmed" mb="xs">
          {t('handedOverHint')}
        </Text>
        {entry.handovers.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('noHandovers')}
          </Text>
        ) : (
          <Stack gap="sm">
            {entry.handovers.map((h, i) => (
              <Handover key={`${h.at}-${i}`} h={h} />
            ))}
          </Stack>
        )}
      </Card>
    </Stack>
  );
}

/** /rider-cash: the cash the rider holds, shop by shop, and his hand-overs; from the copy saved on the device when offline. */
export default function RiderCashPage() {
  const t = useT('delivery');
  const q = useOwnRiderCash();
  return (
    <Stack gap={0} maw={640} mx="auto">
      <PageHeader title={t('cashTitle')} hint={t('cashHint')} />
      <SavedDataBadge savedAt={q.savedAt} fromCache={q.fromCache} offline={q.offline} refreshing={q.refreshing} />
      <QueryView query={q} data={q.entry} failed={t('cashLoadFailed')} offline={t('cashOfflineNotSaved')}>
        {(entry) => <CashSheet entry={entry} t={t} />}
      </QueryView>
    </Stack>
  );
}
