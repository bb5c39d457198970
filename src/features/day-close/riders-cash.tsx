import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { formatRupees, toPaise, toRupees } from '../../../core/money';
import type { RiderCashEntry, RidersCash } from '../../../core/schemas/rider-cash';
import { QueryView } from '../../components/query-view';
import { SavedDataBadge } from '../../components/saved-data-badge';
import { fetchRidersCash } from '../../data/rider-cash';
import { useCachedQuery } from '../../data/use-cached-query';
import { useDateFormat } from '../../lib/format';
import { useT } from '../../lib/i18n';

const HandoverDialog = lazy(() => import('./handover-dialog'));

/** The list with a queued hand-over counted in: the rider holds less, and it is his newest hand-over. */
function withQueued(cash: RidersCash, riderId: string, amount: number, note: string): RidersCash {
  return {
    riders: cash.riders.map((r) =>
      r.riderId === riderId
        ? {
            ...r,
            held: toRupees(toPaise(r.held) - toPaise(amount)),
            handovers: [{ amount, at: new Date().toISOString(), note }, ...r.handovers],
          }
        : r,
    ),
  };
}

/**
 * Riders' cash on the day close: each rider who holds or held the shop's cash, with what he holds for it
 * now and his last hand-over, and Record hand-over (the amount counted, prefilled with all he holds).
 * An admin sees the riders of the shop whose day is shown. Saved on the device: offline it shows the
 * saved list, and a hand-over is queued and counted in at once.
 */
export function RidersCash({ vendorId, onRecorded }: { vendorId?: string; onRecorded: () => void }) {
  const t = useT('day-close');
  const when = useDateFormat({ day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' });
  const q = useCachedQuery(`riders-cash:${vendorId ?? 'own'}`, () => fetchRidersCash(vendorId), { refetchOnSync: true });
  const [recording, setRecording] = useState<RiderCashEntry | null>(null);

  return (
    <Card withBorder radius="lg" padding="md" data-testid="riders-cash">
      <Title order={3} size="h4">
        {t('ridersCash')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('ridersCashHint')}
      </Text>
      <SavedDataBadge savedAt={q.savedAt} fromCache={q.fromCache} offline={q.offline} refreshing={q.refreshing} />
      <QueryView query={q} data={q.data?.riders} failed={t('ridersCashFailed')} empty={t('noRiders')}>
        {(riders) => (
          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {riders.map((r) => {
              const last = r.handovers[0];
              return (
                <Group
                  key={r.riderId}
                  component="li"
                  justify="space-between"
                  wrap="wrap"
                  gap="xs"
                  data-testid="rider-cash-row"
                  data-rider={r.riderId}
                >
                  <div style={{ minWidth: 0, flex: '1 1 180px' }}>
                    <Group gap="xs" justify="space-between" wrap="nowrap">
                      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                        {r.name}
                      </Text>
                      <Text fw={800} style={{ whiteSpace: 'nowrap' }} data-testid="rider-cash-row-held">
                        {formatRupees(r.held)}
                      </Text>
                    </Group>
                    {last && (
                      <Text size="xs" c="dimmed">
                        {t('lastHandover', { amount: formatRupees(last.amount), at: when.format(new Date(last.at)) })}
                      </Text>
                    )}
                  </div>
                  <Button
                    variant="light"
                    mih={44}
                    disabled={r.held <= 0}
                    onClick={() => setRecording(r)}
                    aria-label={t('recordHandoverOf', { name: r.name })}
                    data-testid="record-handover"
                  >
                    {t('recordHandover')}
                  </Button>
                </Group>
              );
            })}
          </Stack>
        )}
      </QueryView>
      <Suspense fallback={null}>
        {recording && (
          <HandoverDialog
            rider={recording}
            vendorId={vendorId}
            onClose={() => setRecording(null)}
            onRecorded={(made, amount, note) => {
              const riderId = recording.riderId;
              setRecording(null);
              // queued offline: counted in at once (the server's list replaces it once sent)
              if (!made) q.mutate((d) => d && withQueued(d, riderId, amount, note));
              else {
                q.refresh();
                onRecorded();
              }
            }}
          />
        )}
      </Suspense>
    </Card>
  );
}
