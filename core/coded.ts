import type { MSG } from './messages';
import type { RULE_MSG } from './rule-messages';

/*
 * Message codes as types, and the coded messages rules return. Type imports only: any core module
 * may return a coded message without loading a catalogue (the texts are in core/message-codes.ts).
 */
export type Catalogue = typeof MSG & typeof RULE_MSG;
/** Every user-visible message's code: a key of MSG (the product description's texts) or of RULE_MSG. */
export type MessageCode = keyof Catalogue;

/** The values a message with parameters takes (`undefined` for a plain text). */
export type MessageParams<C extends MessageCode> = Catalogue[C] extends (p: infer P) => string ? P : undefined;

/** The codes whose text takes no values. */
export type PlainCode = { [C in MessageCode]: MessageParams<C> extends undefined ? C : never }[MessageCode];

/** A message by code with its values: what rules return and errors carry. */
export type Coded<C extends MessageCode = MessageCode> = C extends MessageCode
  ? MessageParams<C> extends undefined
    ? { code: C; params?: undefined }
    : { code: C; params: MessageParams<C> }
  : never;

/** A coded message: `coded('notEnoughStock', { name })`, `coded('cartEmpty')`. */
export function coded<C extends MessageCode>(code: C, ...params: MessageParams<C> extends undefined ? [] : [MessageParams<C>]): Coded<C> {
  return (params.length ? { code, params: params[0] } : { code }) as Coded<C>;
}
