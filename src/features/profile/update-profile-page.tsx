import { useCachedQuery } from '../../data/use-cached-query';
import { fetchAreas, fetchProfile } from './profile-api';
import { ProfileView } from './profile-view';
import { UpdateProfileForm } from './update-profile-form';

/** /update-profile: the form, once the profile it starts from has loaded. */
export default function UpdateProfilePage() {
  const profileQ = useCachedQuery('profile:edit', fetchProfile, { persist: false });
  const areasQ = useCachedQuery('areas', fetchAreas, { persist: false });
  return (
    <ProfileView query={profileQ}>
      {(profile) => <UpdateProfileForm profile={profile} areas={areasQ.data ?? []} areasFailed={areasQ.error !== undefined} />}
    </ProfileView>
  );
}
