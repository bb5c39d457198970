import { Alert } from '@mantine/core';
import { PageLoader } from '../../components/page-loader';
import { useT } from '../../lib/i18n';
import { useMsg } from '../../lib/messages';
import { isOfflineError } from '../../lib/query-core';
import { useCachedQuery } from '../../lib/use-cached-query';
import { fetchAreas, fetchErrorDetail, fetchProfile } from './profile-api';
import { UpdateProfileForm } from './update-profile-form';

/** /update-profile: the form, once the profile it starts from has loaded. */
export default function UpdateProfilePage() {
  const profileQ = useCachedQuery('profile:edit', fetchProfile, { persist: false });
  const areasQ = useCachedQuery('areas', fetchAreas, { persist: false });
  const msg = useMsg();
  const tc = useT('common');
  const p = profileQ.data;
  if (profileQ.error !== undefined || (!profileQ.loading && (!p || typeof p !== 'object'))) {
    const detail =
      profileQ.error !== undefined
        ? isOfflineError(profileQ.error)
          ? tc('notSavedOffline')
          : `${msg.profileFetchError} ${fetchErrorDetail(profileQ.error) ?? msg.unknownError}`
        : msg.profileLoadError;
    return (
      <Alert color="red" role="alert" maw={640} mx="auto">
        {detail}
      </Alert>
    );
  }
  if (!p) return <PageLoader />;
  return <UpdateProfileForm profile={p} areas={areasQ.data ?? []} areasFailed={areasQ.error !== undefined} />;
}
