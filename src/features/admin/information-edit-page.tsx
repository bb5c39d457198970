import { notifications } from '@mantine/notifications';
import { useNavigate, useParams } from 'react-router-dom';
import { useT } from '../../lib/i18n';
import { useMsg, useText } from '../../lib/messages';
import { invalidate, useCachedQuery } from '../../data/use-cached-query';
import { fetchInformations, updateInformation } from './admin-api';
import { EditPage } from './edit-page';
import { InformationForm } from './information-form';

/** /information/:id/edit: an announcement's new text (PUT /api/informations/:id); back to the list after saving. */
export default function InformationEditPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const t = useT('admin');
  const msg = useMsg();
  const text = useText();
  // the list is small (the API answers at most 500): the one to edit is read from it
  const q = useCachedQuery('admin:informations', fetchInformations, { persist: false });

  const save = async (information: string) => {
    const saved = await updateInformation(id, information);
    notifications.show({ message: saved.message, color: 'green' });
    invalidate(['admin:informations', 'announcements']); // the list here and every Home card
    navigate('/informationList');
  };

  return (
    <EditPage
      title={t('editAnnouncement')}
      query={q}
      data={q.data?.find((i) => i._id === id) ?? null}
      failed={msg.infoFetchFailed}
      notFound={text({ code: 'informationNotFound' })}
      back={{ to: '/informationList', label: t('backToAnnouncements') }}
    >
      {(item) => (
        <InformationForm
          key={item._id}
          initial={item.information}
          submitLabel={t('update')}
          save={save}
          failed={text({ code: 'updateInformationFailed' })}
        />
      )}
    </EditPage>
  );
}
