import { type Coded, coded, type MessageCode, type MessageParams } from '../../core/coded';
import { EN_CATALOGUE, textFrom } from '../../core/message-codes';

/** The values a code takes, when it takes any. */
type ParamsArg<C extends MessageCode> = MessageParams<C> extends undefined ? [] : [MessageParams<C>];

/** More an error answer carries: the field it is about, data a client acts on (current prices). */
export type ErrorExtra = { field?: string } & Record<string, unknown>;

/**
 * The one error shape the API answers with: `{ message, code, params?, field? }` and a status.
 * The message is the code's text in the request's language (server/plugins/i18n.ts); Error.message
 * keeps the English text for the log.
 */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly coded: Coded,
    public readonly extra?: ErrorExtra,
  ) {
    super(textFrom(EN_CATALOGUE, coded.code, coded.params));
  }

  /** The answer's body, in English (the i18n hook translates it by code). */
  body(): Record<string, unknown> {
    const { code, params } = this.coded;
    return { message: this.message, code, ...(params ? { params } : {}), ...this.extra };
  }
}

const make =
  (status: number) =>
  <C extends MessageCode>(code: C, ...params: ParamsArg<C>) =>
    new HttpError(status, coded(code, ...params));

export const badRequest = make(400);
export const unauthorized = make(401);
export const forbidden = make(403);
export const notFound = make(404);
/** 413: the request (an upload) is larger than allowed. */
export const tooLarge = make(413);
export const tooManyRequests = make(429);
/** A 400 about one field of the request (shown beside it). */
export const fieldError = <C extends MessageCode>(field: string, code: C, ...params: ParamsArg<C>) =>
  new HttpError(400, coded(code, ...params), { field });

/** A success note, `{ message, code }` (translated by the i18n hook like an error). */
export const note = <C extends MessageCode>(code: C, ...params: ParamsArg<C>) => {
  const c = coded(code, ...params);
  return { message: textFrom(EN_CATALOGUE, c.code, c.params), ...c } as { message: string; code: C };
};
/** 409 with data the client acts on: `conflict(coded(CODE.pricesChanged), { updatedPrices })`. */
export const conflict = (c: Coded, extra?: ErrorExtra) => new HttpError(409, c, extra);
