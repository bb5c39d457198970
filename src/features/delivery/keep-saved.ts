import { registerKeepSaved } from '../../offline/keep-saved';

// A rider keeps every area's pending orders on the device while online: any area opens offline
// (the cards first; the orders' details follow in the background, save-every-area.ts).
registerKeepSaved({
  action: 'keepRoundsOffline',
  run: () => import('./save-every-area').then((m) => m.saveEveryArea()),
});
