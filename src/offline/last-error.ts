import { translate } from '../lib/i18n';

/**
 * Why an item has not gone yet, in the interface language. The sync engine (shared with the service
 * worker, which has no catalogue) writes these few in English; the server's own messages pass as they are.
 */
export function lastErrorText(error: string): string {
  if (error === 'No connection') return translate('offline', 'errNoConnection');
  if (error === 'Sign in again to send') return translate('offline', 'errSignIn');
  const server = /^Server error (\d+)$/.exec(error);
  if (server) return translate('offline', 'errServer', { status: server[1] });
  const refused = /^Refused by the server \((\d+)\)$/.exec(error);
  if (refused) return translate('offline', 'errRefused', { status: refused[1] });
  return error;
}
