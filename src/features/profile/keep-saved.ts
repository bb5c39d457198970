import { registerKeepSaved } from '../../offline/keep-saved';

// Everyone's profile stays saved on the device while online, so Profile opens offline even when it
// was not visited in the session that signed in.
registerKeepSaved({
  action: 'signedIn',
  run: () =>
    Promise.all([import('../../data/use-cached-query'), import('./profile-api')]).then(([q, api]) =>
      q.fetchWithCache('profile', api.fetchProfile).then(() => undefined),
    ),
});
