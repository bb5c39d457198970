import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router-dom';
import { useT } from '../../lib/i18n';
import { useMsg } from '../../lib/messages';
import { createInformation } from './admin-api';
import { InformationForm } from './information-form';
import { PageHeader } from '../../components/page-header';

export default function InformationCreatePage() {
  const navigate = useNavigate();
  const t = useT('admin');
  const msg = useMsg();

  const save = async (information: string) => {
    await createInformation(information);
    notifications.show({ message: msg.informationCreated, color: 'green' });
    navigate('/informationList');
  };

  return (
    <>
      <PageHeader title={t('createNewInformation')} />
      <InformationForm initial="" submitLabel={t('create')} save={save} failed={msg.somethingWrong} />
    </>
  );
}
