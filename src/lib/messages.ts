import { use } from 'react';
import { MSG } from '../../core/messages';
import { useLanguage } from './i18n';

type Msg = typeof MSG;
let tamil: Promise<Msg> | null = null;
let tamilLoaded: Msg | null = null;
const loadTamil = () => (tamil ??= import('../../core/messages-ta').then((m) => (tamilLoaded = m.MSG_TA as unknown as Msg)));

/** The product's messages (core/messages.ts) in the interface language; Tamil loads only when chosen. */
export function useMsg(): Msg {
  return useLanguage() === 'ta' ? (tamilLoaded ?? use(loadTamil())) : MSG;
}
