import { registerKeepSaved } from '../../offline/keep-saved';

// A rider keeps every area's pending orders on the device while online: any area opens offline.
registerKeepSaved({
  roles: ['delivery'],
  run: () => import('./save-every-area').then((m) => m.saveEveryArea()),
});
