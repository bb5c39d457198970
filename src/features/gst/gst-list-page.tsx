import { Badge, Button, Group, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
import type { GstDto, GstInput } from '../../../core/schemas/gst';
import { ResponsiveTable } from '../../components/responsive-table';
import { errorMessage } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { useMsg } from '../../lib/messages';
import { useCachedQuery } from '../../data/use-cached-query';
import { createGst, fetchGsts, updateGst } from './gst-api';
import { GstFormModal } from './gst-form-modal';
import { QueryView } from '../../components/query-view';

const pct = (n: number) => `${n}%`;

export default function GstListPage() {
  const gsts = useCachedQuery('gsts', fetchGsts, { persist: false });
  const t = useT('gst');
  const msg = useMsg();
  const [modal, setModal] = useState<{ open: boolean; editing: GstDto | null }>({ open: false, editing: null });
  const [busy, setBusy] = useState<string | null>(null);
  const [query, setQuery] = useState('');
  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    return (gsts.data ?? []).filter((g) => !q || `${g.name} ${g.hsnCode} ${g.rate}%`.toLowerCase().includes(q));
  }, [gsts.data, query]);

  const open = (editing: GstDto | null) => setModal({ open: true, editing });

  /** Saves the modal's record; a refusal goes back to the modal (beside its field, or above the buttons). */
  const save = async (body: GstInput) => {
    const saved = modal.editing ? await updateGst(modal.editing._id, body) : await createGst(body);
    gsts.mutate((list) => {
      const rest = (list ?? []).filter((g) => g._id !== saved._id);
      return [...rest, saved].sort((a, b) => a.rate - b.rate || a.name.localeCompare(b.name));
    });
    notifications.show({ message: modal.editing ? t('gstUpdated') : t('gstCreated'), color: 'green' });
    setModal({ open: false, editing: null });
  };

  const toggle = async (g: GstDto) => {
    setBusy(g._id);
    try {
      const saved = await updateGst(g._id, {
        name: g.name,
        rate: g.rate,
        hsnCode: g.hsnCode,
        cgst: g.cgst,
        sgst: g.sgst,
        igst: g.igst,
        isActive: !g.isActive,
      });
      gsts.mutate((list) => list?.map((x) => (x._id === saved._id ? saved : x)));
      notifications.show({ message: saved.isActive ? t('gstActivated') : t('gstDeactivated'), color: 'green' });
    } catch (err) {
      notifications.show({ message: errorMessage(err, msg.somethingWrong), color: 'red' });
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <Group justify="space-between" mb="md" gap="sm">
        <Title order={2}>{t('gstRecords')}</Title>
        <Button onClick={() => open(null)}>{t('newGstRecord')}</Button>
      </Group>
      <QueryView query={gsts} failed={msg.gstValuesLoadFailed} empty={t('noGstRecords')}>
        {() => (
          <>
            <TextInput
              label={t('search')}
              placeholder={t('searchPlaceholder')}
              value={query}
              onChange={(e) => setQuery(e.currentTarget.value)}
              mb="md"
              maw={420}
            />
            {shown.length === 0 && <Text c="dimmed">{t('noMatch')}</Text>}
            <ResponsiveTable
              label={t('gstRecords')}
              rows={shown}
              renderCard={(g) => (
                <>
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Text fw={700} size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                      {g.name}
                    </Text>
                    <Badge color={g.isActive ? 'green' : 'gray'} variant="light" style={{ flexShrink: 0 }}>
                      {g.isActive ? t('active') : t('inactive')}
                    </Badge>
                  </Group>
                  <Text size="sm" c="dimmed">
                    {t('cardSummary', {
                      rate: pct(g.rate),
                      hsn: g.hsnCode || '-',
                      cgst: pct(g.cgst),
                      sgst: pct(g.sgst),
                      igst: pct(g.igst),
                    })}
                  </Text>
                </>
              )}
              rowKey={(g) => g._id}
              columns={[
                { key: 'name', header: t('name'), cardTitle: true, render: (g) => g.name },
                { key: 'rate', header: t('rate'), render: (g) => pct(g.rate) },
                { key: 'hsn', header: t('hsn'), render: (g) => g.hsnCode || '-' },
                { key: 'split', header: t('split'), render: (g) => `${pct(g.cgst)} / ${pct(g.sgst)} / ${pct(g.igst)}` },
                {
                  key: 'active',
                  header: t('status'),
                  render: (g) => (
                    <Badge color={g.isActive ? 'green' : 'gray'} variant="light">
                      {g.isActive ? t('active') : t('inactive')}
                    </Badge>
                  ),
                },
              ]}
              actions={(g) => (
                <>
                  <Button size="xs" variant="light" onClick={() => open(g)} aria-label={t('editNamed', { name: g.name })}>
                    {t('edit')}
                  </Button>
                  <Button
                    size="xs"
                    variant="light"
                    color={g.isActive ? 'red' : 'green'}
                    loading={busy === g._id}
                    onClick={() => void toggle(g)}
                    aria-label={g.isActive ? t('deactivateNamed', { name: g.name }) : t('activateNamed', { name: g.name })}
                  >
                    {g.isActive ? t('deactivate') : t('activate')}
                  </Button>
                </>
              )}
            />
          </>
        )}
      </QueryView>
      <GstFormModal opened={modal.open} editing={modal.editing} onClose={() => setModal({ open: false, editing: null })} save={save} />
    </>
  );
}
