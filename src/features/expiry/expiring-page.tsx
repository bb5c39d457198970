import { Alert, Badge, Button, Card, Checkbox, Group, SegmentedControl, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { EXPIRY_WINDOWS } from '../../../core/batch';
import { formatRupees } from '../../../core/money';
import type { ExpiringRow } from '../../../core/schemas/batch';
import { confirm } from '../../components/confirm';
import { PageHeader } from '../../components/page-header';
import { QueryView } from '../../components/query-view';
import { useCachedQuery } from '../../data/use-cached-query';
import { errorMessage } from '../../lib/api';
import { useDateFormat } from '../../lib/format';
import { useLanguage, useT } from '../../lib/i18n';
import { useUnitText } from '../../lib/unit-text';
import { fetchExpiring, writeOff } from './expiry-api';

/** One batch: a checkbox with the product, batch and expiry, its stock and value at cost. */
function BatchRow({ row, checked, onCheck }: { row: ExpiringRow; checked: boolean; onCheck: (v: boolean) => void }) {
  const t = useT('expiry');
  const u = useUnitText();
  const lang = useLanguage();
  const day = useDateFormat({ day: 'numeric', month: 'short', year: 'numeric' });
  const name = lang === 'ta' && row.nameTa ? row.nameTa : row.name;
  return (
    <Card withBorder radius="md" padding="sm" data-testid="expiring-row">
      <Checkbox
        size="md"
        checked={checked}
        onChange={(e) => onCheck(e.currentTarget.checked)}
        aria-label={t('choose', { name, number: row.number })}
        styles={{ body: { minHeight: 44, alignItems: 'center' }, labelWrapper: { minWidth: 0, flex: 1 } }}
        label={
          <Stack gap={2}>
            <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Text>
            <Group gap={6} wrap="wrap">
              <Text size="sm">{t('batch', { number: row.number })}</Text>
              {row.expired ? (
                <Badge color="red" variant="light">
                  {t('expiredOn', { date: day.format(new Date(`${row.expiry}T00:00:00`)) })}
                </Badge>
              ) : (
                <Badge color="orange" variant="light">
                  {t('expiresOn', { date: day.format(new Date(`${row.expiry}T00:00:00`)) })}
                </Badge>
              )}
            </Group>
          </Stack>
        }
      />
      <Group justify="space-between" wrap="wrap" gap={4} mt={6}>
        <Text size="sm" c="dimmed">
          {t('stock', { n: u.quantity(row.quantity, row.unit) })}
          {row.unitCost !== null && ` · ${t('cost', { price: formatRupees(row.unitCost) + u.perUnit(row.unit) })}`}
        </Text>
        <Text fw={700}>{row.unitCost === null ? t('noCost') : formatRupees(row.value)}</Text>
      </Group>
    </Card>
  );
}

/** /expiring: the shop's batches expiring within 30, 60 or 90 days (and expired), valued at cost; the chosen ones written off. */
export default function ExpiringPage() {
  const t = useT('expiry');
  const [days, setDays] = useState<number>(EXPIRY_WINDOWS[0]);
  const q = useCachedQuery(`expiring:${days}`, () => fetchExpiring(days), { persist: false, keepPrevious: true });
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);

  const toggle = (id: string, on: boolean) =>
    setChosen((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const writeOffChosen = async (rows: ExpiringRow[]) => {
    const picked = rows.filter((r) => chosen.has(r._id));
    if (!picked.length) return;
    const ok = await confirm(t('confirmText', { n: picked.length }), { title: t('writeOff'), confirmLabel: t('writeOff') });
    if (!ok) return;
    setBusy(true);
    try {
      const res = await writeOff(picked.map((r) => r._id));
      notifications.show({ color: 'teal', message: t('writtenOff', { n: res.written.length }) });
      setChosen(new Set());
      q.refresh();
    } catch (e) {
      notifications.show({ color: 'red', message: errorMessage(e, t('writeOffFailed')) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md">
      <PageHeader title={t('title')} hint={t('hint')} mb={0} />
      <SegmentedControl
        fullWidth
        size="md"
        value={String(days)}
        onChange={(v) => {
          setDays(Number(v));
          setChosen(new Set());
        }}
        data={EXPIRY_WINDOWS.map((d) => ({ value: String(d), label: t('withinDays', { n: d }) }))}
        data-testid="expiry-window"
      />
      <QueryView
        query={q}
        data={q.data?.rows}
        failed={t('loadFailed')}
        loader={
          <Stack>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} h={100} radius="md" />
            ))}
          </Stack>
        }
        empty={
          <Alert color="teal" data-testid="expiring-empty">
            {t('empty', { n: days })}
          </Alert>
        }
      >
        {(rows) => (
          <>
            <SimpleGrid cols={3} spacing="xs" data-testid="expiring-totals">
              <Card withBorder padding="xs" radius="md">
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {t('totalBatches')}
                </Text>
                <Text fw={700}>{q.data!.totals.batches}</Text>
              </Card>
              <Card withBorder padding="xs" radius="md">
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {t('totalExpired')}
                </Text>
                <Text fw={700} c={q.data!.totals.expired ? 'red.8' : undefined}>
                  {q.data!.totals.expired}
                </Text>
              </Card>
              <Card withBorder padding="xs" radius="md">
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {t('totalValue')}
                </Text>
                <Text fw={700}>{formatRupees(q.data!.totals.value)}</Text>
              </Card>
            </SimpleGrid>
            <Group justify="space-between">
              <Checkbox
                size="md"
                label={t('selectAll')}
                checked={chosen.size === rows.length && rows.length > 0}
                indeterminate={chosen.size > 0 && chosen.size < rows.length}
                onChange={(e) => setChosen(e.currentTarget.checked ? new Set(rows.map((r) => r._id)) : new Set())}
                styles={{ body: { minHeight: 44, alignItems: 'center' } }}
              />
              <Text size="sm" c="dimmed" aria-live="polite">
                {t('chosen', { n: chosen.size, total: rows.length })}
              </Text>
            </Group>
            <Stack gap="sm">
              {rows.map((r) => (
                <BatchRow key={r._id} row={r} checked={chosen.has(r._id)} onCheck={(v) => toggle(r._id, v)} />
              ))}
            </Stack>
            <Button size="md" color="red" disabled={chosen.size === 0} loading={busy} onClick={() => void writeOffChosen(rows)}>
              {t('writeOffChosen', { n: chosen.size })}
            </Button>
          </>
        )}
      </QueryView>
    </Stack>
  );
}
