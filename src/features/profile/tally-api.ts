import type { TallyLedgers, TallySettingsResponse } from '../../../core/schemas/tally';
import { api, http, toApiError } from '../../lib/api';
import { downloadBlob } from '../../lib/download';

/** Where the shop's Tally ledger names are kept on the device (useCachedQuery). */
export const TALLY_LEDGERS = 'tally-ledgers';

/** GET /api/exports/tally/settings (the owner and managers): the names, or the usual ones until saved. */
export const fetchTallyLedgers = () => api.get<TallySettingsResponse>('exports/tally/settings');

/** PUT /api/exports/tally/settings: every name at once; answers them as saved. */
export const saveTallyLedgers = (body: TallyLedgers) => api.put<TallySettingsResponse>('exports/tally/settings', body);

/** GET /api/exports/tally?from=&to= as a download: the period's vouchers as Tally's XML import file. */
export async function downloadTally(from: string, to: string) {
  try {
    const blob = await http.get('exports/tally', { searchParams: { from, to }, timeout: 180_000 }).blob();
    downloadBlob(`tally-${from}-to-${to}.xml`, blob);
  } catch (err) {
    throw await toApiError(err);
  }
}
