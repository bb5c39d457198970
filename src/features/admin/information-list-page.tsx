import { Alert, Button, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { MSG } from '../../../core/messages';
import { confirm } from '../../components/confirm';
import { PageLoader } from '../../components/page-loader';
import { ResponsiveTable } from '../../components/responsive-table';
import { errorMessage } from '../../lib/api';
import { deleteInformation, fetchInformations, formatWhen, type Information } from './admin-api';
import { PageHeader } from './page-header';

export default function InformationListPage() {
  const [items, setItems] = useState<Information[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const load = useCallback(async () => {
    setError(null);
    try {
      setItems(await fetchInformations());
    } catch {
      setError(MSG.infoFetchFailed);
    }
  }, []);
  useEffect(() => void load(), [load]);

  const remove = async (item: Information) => {
    if (!(await confirm(MSG.confirmDeleteInformation))) return;
    setBusy(item._id);
    try {
      await deleteInformation(item._id);
      setItems((list) => list?.filter((i) => i._id !== item._id) ?? null);
      notifications.show({ message: 'Information deleted', color: 'green' });
    } catch (err) {
      notifications.show({ message: errorMessage(err, MSG.deleteInformationFailed), color: 'red' });
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <PageHeader title="Information">
        <Button component={Link} to="/information">
          Create New Information
        </Button>
      </PageHeader>
      {error ? (
        <Alert color="red" role="alert" title={error}>
          <Button variant="light" color="red" size="xs" onClick={() => void load()}>
            Retry
          </Button>
        </Alert>
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
            { key: 'text', header: 'Information', cardTitle: true, render: (i) => <span style={{ whiteSpace: 'pre-wrap', fontWeight: 500 }}>{i.information}</span> },
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
