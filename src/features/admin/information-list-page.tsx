import { Button, Group } from '@mantine/core';
import { Link } from 'react-router-dom';
import { ResponsiveTable } from '../../components/responsive-table';
import { QueryView } from '../../components/query-view';
import { useDeletableList } from '../../components/use-deletable-list';
import type { InformationDto } from '../../../core/schemas/information';
import { useDateFormat } from '../../lib/format';
import { useT } from '../../lib/i18n';
import { useMsg } from '../../lib/messages';
import { deleteInformation, fetchInformations } from './admin-api';
import { PageHeader } from '../../components/page-header';

export default function InformationListPage() {
  const t = useT('admin');
  const msg = useMsg();
  const when = useDateFormat({ day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' });
  const formatWhen = (iso: string) => (Number.isNaN(Date.parse(iso)) ? '' : when.format(new Date(iso)));
  const { query, busy, remove } = useDeletableList<InformationDto>({
    name: 'admin:informations',
    fetch: fetchInformations,
    remove: deleteInformation,
    confirmText: msg.confirmDeleteInformation,
    deleted: t('informationDeleted'),
    deleteFailed: msg.deleteInformationFailed,
  });

  return (
    <>
      <PageHeader title={t('announcements')}>
        <Button component={Link} to="/information">
          {t('createNewInformation')}
        </Button>
      </PageHeader>
      <QueryView query={query} failed={msg.infoFetchFailed} empty={t('noInformation')}>
        {(items) => (
          <ResponsiveTable
            label={t('announcements')}
            rows={items}
            rowKey={(i) => i._id}
            columns={[
              {
                key: 'text',
                header: t('announcement'),
                cardTitle: true,
                render: (i) => <span style={{ whiteSpace: 'pre-wrap', fontWeight: 500 }}>{i.information}</span>,
              },
              { key: 'at', header: t('created'), render: (i) => <span style={{ whiteSpace: 'nowrap' }}>{formatWhen(i.createdAt)}</span> },
            ]}
            actions={(i) => (
              <Group gap="xs" wrap="nowrap">
                <Button
                  size="xs"
                  variant="light"
                  component={Link}
                  to={`/information/${encodeURIComponent(i._id)}/edit`}
                  aria-label={t('editAnnouncementN', { n: items.indexOf(i) + 1 })}
                >
                  {t('edit')}
                </Button>
                <Button size="xs" color="red" variant="light" loading={busy === i._id} onClick={() => void remove(i)}>
                  {t('delete')}
                </Button>
              </Group>
            )}
          />
        )}
      </QueryView>
    </>
  );
}
