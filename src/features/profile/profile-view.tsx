import type { ReactNode } from 'react';
import type { UserDto } from '../../../core/schemas/user';
import { QueryView } from '../../components/query-view';
import { useT } from '../../lib/i18n';
import { useMsg } from '../../lib/messages';
import type { CachedQuery } from '../../data/use-cached-query';
import { fetchErrorDetail } from './profile-api';

/**
 * The signed-in user's profile once loaded, else why not, in the spec's words: "Error fetching profile:"
 * and the server's reason, "Error loading profile." for an answer that is no profile, or offline with
 * nothing saved on this device.
 */
export function ProfileView({ query, children }: { query: CachedQuery<UserDto>; children: (profile: UserDto) => ReactNode }) {
  const msg = useMsg();
  const tc = useT('common');
  const p = query.data;
  return (
    <QueryView
      query={query}
      data={p && typeof p === 'object' && p.name !== undefined ? p : null}
      failed={`${msg.profileFetchError} ${fetchErrorDetail(query.error) ?? msg.unknownError}`}
      notFound={msg.profileLoadError}
      offline={tc('notSavedOffline')}
    >
      {children}
    </QueryView>
  );
}
