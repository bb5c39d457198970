import type { MessageCode } from './coded';
import { type Catalogues, EN_CATALOGUE, textFrom } from './message-codes';
import { MSG_TA } from './messages-ta';
import { RULE_MSG_TA } from './rule-messages-ta';

/** Every code in Tamil (the server's answers; the web loads it with a screen that needs it). */
export const TA_CATALOGUE: Catalogues = { ...MSG_TA, ...RULE_MSG_TA };

/** A message's text in a language. */
export const messageText = (code: MessageCode, lang: 'en' | 'ta', params?: unknown): string =>
  textFrom(lang === 'ta' ? TA_CATALOGUE : EN_CATALOGUE, code, params);

export { isMessageCode } from './message-codes';
