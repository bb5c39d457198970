import { Button, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { MSG } from '../../../core/messages';
import { PageLoader } from '../../components/page-loader';
import { ResponsiveTable } from '../../components/responsive-table';
import { RetryAlert } from '../../components/retry-alert';
import { useDeletableList } from '../../components/use-deletable-list';
import type { InformationDto } from '../../../core/schemas/information';
import { deleteInformation, fetchInformations, formatWhen } from './admin-api';
import { PageHeader } from './page-header';

export default function InformationListPage() {
  const { items, error, busy, load, remove } = useDeletableList<InformationDto>({
    name: 'admin:informations',
    fetch: fetchInformations,
    loadError: MSG.infoFetchFailed,
    remove: deleteInformation,
    confirmText: MSG.confirmDeleteInformation,
    deleted: 'Information deleted',
    deleteFailed: MSG.deleteInformationFailed,
  });

  return (
    <>
      <PageHeader title="Information">
        <Button component={Link} to="/information">
          Create New Information
        </Button>
      </PageHeader>
      {error ? (
        <RetryAlert title={error} onRetry={load} />
      ) : !items ? (
        <PageLoader />
      ) : items.length === 0 ? (
        <Text c="dimmed">No information yet.</Text>
      ) : (
        <ResponsiveTable
          label="Information list"
          rows={items}
          rowKey={(i) => i._id}
          columns={[
            {
              key: 'text',
              header: 'Information',
              cardTitle: true,
              render: (i) => <span style={{ whiteSpace: 'pre-wrap', fontWeight: 500 }}>{i.information}</span>,
            },
            { key: 'at', header: 'Created', render: (i) => <span style={{ whiteSpace: 'nowrap' }}>{formatWhen(i.createdAt)}</span> },
          ]}
          actions={(i) => (
            <Button size="xs" color="red" variant="light" loading={busy === i._id} onClick={() => void remove(i)}>
              Delete
            </Button>
          )}
        />
      )}
    </>
  );
}
