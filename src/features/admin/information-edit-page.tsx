import { Alert, Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { PageLoader } from '../../components/page-loader';
import { errorMessage } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { useMsg, useText } from '../../lib/messages';
import { invalidate, useCachedQuery } from '../../lib/use-cached-query';
import { fetchInformations, updateInformation } from './admin-api';
import { InformationForm } from './information-form';
import { PageHeader } from './page-header';

/** /information/:id/edit: an announcement's new text (PUT /api/informations/:id); back to the list after saving. */
export default function InformationEditPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const t = useT('admin');
  const msg = useMsg();
  const text = useText();
  // the list is small (the API answers at most 500): the one to edit is read from it
  const q = useCachedQuery('admin:informations', fetchInformations, { persist: false });
  const item = q.data?.find((i) => i._id === id) ?? null;
  const loadError =
    q.data && !item ? text({ code: 'informationNotFound' }) : !q.data && q.error ? errorMessage(q.error, msg.infoFetchFailed) : null;

  const save = async (information: string) => {
    const saved = await updateInformation(id, information);
    notifications.show({ message: saved.message, color: 'green' });
    invalidate(['admin:informations', 'announcements']); // the list here and every Home card
    navigate('/informationList');
  };

  return (
    <>
      <PageHeader title={t('editAnnouncement')} />
      {loadError ? (
        <Alert color="red" role="alert" title={loadError}>
          <Button component={Link} to="/informationList" variant="light" color="red" size="xs">
            {t('backToAnnouncements')}
          </Button>
        </Alert>
      ) : !item ? (
        <PageLoader />
      ) : (
        <InformationForm
          key={item._id}
          initial={item.information}
          submitLabel={t('update')}
          save={save}
          failed={text({ code: 'updateInformationFailed' })}
        />
      )}
    </>
  );
}
