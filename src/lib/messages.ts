import { use } from 'react';
import type { Coded, MessageCode } from '../../core/coded';
import { MSG } from '../../core/messages';
import { getLanguage, useLanguage } from './i18n';
import { tracked } from './tracked-promise';

type Msg = typeof MSG;
let tamil: Promise<Msg> | null = null;
const loadTamil = () =>
  (tamil ??= tracked(
    import('../../core/messages-ta').then(
      (m) => m.MSG_TA as unknown as Msg,
      (err: unknown) => {
        tamil = null; // a failed load (offline) is tried again next time
        throw err;
      },
    ),
  ));

/**
 * Loads the messages of the interface language before the first screen (src/main.tsx): a Tamil first render would
 * otherwise suspend on them, and a screen rendered over the prerendered sign-in would first show the loader.
 */
export const loadMessages = (): Promise<unknown> => (getLanguage() === 'ta' ? loadTamil() : Promise.resolve());

/** The product's messages (core/messages.ts) in the interface language; Tamil loads only when chosen. */
export function useMsg(): Msg {
  // use() reads a loaded (tracked) promise at once; it is called whenever the language is Tamil
  return useLanguage() === 'ta' ? use(loadTamil()) : MSG;
}

type MessageText = typeof import('../../core/message-text');
let catalogues: Promise<MessageText> | null = null;
let cataloguesLoaded: MessageText | null = null;
/** Every code's text in both languages (core/message-text.ts): loaded with the first screen or answer that needs it. */
export const loadCatalogues = () =>
  (catalogues ??= tracked(
    import('../../core/message-text').then(
      (m) => (cataloguesLoaded = m),
      (err: unknown) => {
        catalogues = null; // a failed load (offline) is tried again next time
        throw err;
      },
    ),
  ));

/** True for a message code; false for any text until the catalogues are loaded (an API answer's code: toApiError loads them). */
export const isLoadedCode = (value: unknown): value is MessageCode => !!cataloguesLoaded?.isMessageCode(value);

/** A coded message's text in the interface language, when the catalogues are loaded (else null). */
export function codedText(c: Coded): string | null {
  return cataloguesLoaded ? cataloguesLoaded.messageText(c.code, getLanguage(), c.params) : null;
}

/**
 * Coded messages (from core's rules and schemas, or an API answer) in the interface language.
 * The component waits (Suspense) for the catalogues on its first render.
 */
export function useText(): (c: Coded) => string {
  const lang = useLanguage();
  const m = use(loadCatalogues()); // at once when loaded (a tracked promise): use() is called on every render
  return (c) => m.messageText(c.code, lang, c.params);
}
