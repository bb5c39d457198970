import { Badge, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { formatRupees } from '../../../core/money';
import type { SchemeDto } from '../../../core/schemas/pricing';
import { PageHeader } from '../../components/page-header';
import { QueryView } from '../../components/query-view';
import { fetchSchemes, SCHEMES } from '../../data/pricing';
import { invalidate, useCachedQuery } from '../../data/use-cached-query';
import { errorMessage } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { endScheme, fetchPricingProducts, fetchTillDifferences } from './pricing-api';
import { productOptions } from './product-options';
import { SchemeEditor } from './scheme-editor';

/** /schemes: the shop's schemes (new, edit, end) and the offline sales whose till total differed. */
export default function SchemesPage() {
  const t = useT('pricing');
  const q = useCachedQuery(SCHEMES, fetchSchemes);
  const products = useCachedQuery('pricing-products', fetchPricingProducts);
  const diffs = useCachedQuery('till-differences', fetchTillDifferences);
  const [editing, setEditing] = useState<SchemeDto | 'new' | null>(null);
  const options = productOptions(products.data);
  const done = () => {
    setEditing(null);
    invalidate(SCHEMES);
  };
  const end = async (s: SchemeDto) => {
    if (!window.confirm(t('endConfirm', { name: s.name }))) return;
    try {
      await endScheme(s._id);
      done();
    } catch (e) {
      notifications.show({ color: 'red', message: errorMessage(e, t('saveFailed')) });
    }
  };

  return (
    <Stack gap="md" maw={1000} mx="auto">
      <PageHeader title={t('schemes')} hint={t('schemesHint')} mb={0}>
        <Button onClick={() => setEditing('new')} mih={44} data-testid="new-scheme">
          {t('newScheme')}
        </Button>
      </PageHeader>
      {editing && (
        <SchemeEditor
          key={editing === 'new' ? 'new' : editing._id}
          scheme={editing === 'new' ? null : editing}
          options={options}
          onDone={done}
        />
      )}
      <QueryView query={q} failed={t('loadFailed')} loader={<Skeleton h={120} />}>
        {(schemes) =>
          schemes.length === 0 ? (
            <Text c="dimmed">{t('noSchemes')}</Text>
          ) : (
            <Stack gap="xs">
              {schemes.map((s) => (
                <Paper key={s._id} withBorder radius="md" p="sm" data-testid="scheme">
                  <Group justify="space-between" wrap="wrap">
                    <div>
                      <Group gap="xs">
                        <Text fw={700}>{s.name}</Text>
                        <Badge variant="light">{t(`kind_${s.kind}`)}</Badge>
                      </Group>
                      <Text size="sm" c="dimmed">
                        {s.endedAt ? t('ended', { date: s.endedAt.slice(0, 10) }) : t('running', { from: s.from, to: s.to })}
                      </Text>
                    </div>
                    {!s.endedAt && (
                      <Group gap="xs">
                        <Button variant="light" onClick={() => setEditing(s)}>
                          {t('edit')}
                        </Button>
                        <Button variant="subtle" color="red" onClick={() => void end(s)} data-testid="end-scheme">
                          {t('end')}
                        </Button>
                      </Group>
                    )}
                  </Group>
                </Paper>
              ))}
            </Stack>
          )
        }
      </QueryView>
      <PageHeader title={t('tillDifferences')} hint={t('tillDifferencesHint')} mb={0} />
      <QueryView query={diffs} failed={t('loadFailed')} loader={<Skeleton h={60} />}>
        {(rows) =>
          rows.length === 0 ? (
            <Text c="dimmed">{t('noTillDifferences')}</Text>
          ) : (
            <Stack gap={4}>
              {rows.map((r) => (
                <Group key={r.orderId} justify="space-between" data-testid="till-difference">
                  <Text size="sm">{`${t('invoice')} ${r.invoiceNumber ?? r.orderId.slice(0, 8)} · ${r.createdAt.slice(0, 10)}`}</Text>
                  <Text size="sm">
                    {`${t('tillTotal')} ${formatRupees(r.tillTotal)} · ${t('serverTotal')} ${formatRupees(r.serverTotal)} · ${t('difference')} ${formatRupees(r.difference)} · ${t(r.kept === 'till' ? 'keptTill' : 'keptServer')}`}
                  </Text>
                </Group>
              ))}
            </Stack>
          )
        }
      </QueryView>
    </Stack>
  );
}
