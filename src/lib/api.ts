import ky, { HTTPError, TimeoutError } from 'ky';
import { apiAuth } from './api-auth';
import { getLanguage } from './i18n';
import { localeOf } from './language';
import { loadCatalogues } from './messages';

/** Transport failure kinds: a network failure, a time-out, an unreadable body, or an HTTP status with its body. */
export type ApiErrorKind = 'FETCH_ERROR' | 'TIMEOUT_ERROR' | 'PARSING_ERROR' | number;

export class ApiError extends Error {
  constructor(
    public readonly status: ApiErrorKind,
    public readonly data: { message?: string; code?: string; params?: unknown; field?: string; [k: string]: unknown } | undefined,
    message: string,
  ) {
    super(message);
  }
}

/** Headers every request of this device carries besides the token (a shop's till names itself); none when it has none. */
type StandingHeaders = () => Record<string, string> | undefined;
let standing: StandingHeaders = () => undefined;

/**
 * A feature's headers for every request from now on, the outbox's queued ones included (src/offline/actions.ts
 * stores them with each item): this client sits below the features and knows none of them.
 */
export function setStandingHeaders(source: StandingHeaders): void {
  standing = source;
}

/** The standing headers of this moment (names in lower case). */
export const standingHeaders = (): Record<string, string> => standing() ?? {};

/** The one HTTP client: same-origin /api, Bearer token on every call. */
export const http = ky.create({
  prefixUrl: '/api',
  timeout: 30_000,
  retry: 0,
  hooks: {
    beforeRequest: [
      (request) => {
        const token = apiAuth().token();
        if (token && !request.headers.has('authorization')) request.headers.set('authorization', `Bearer ${token}`);
        for (const [name, value] of Object.entries(standingHeaders())) if (!request.headers.has(name)) request.headers.set(name, value);
        // server messages come back in the interface language
        request.headers.set('accept-language', localeOf(getLanguage()));
      },
    ],
  },
});

export async function toApiError(err: unknown): Promise<ApiError> {
  if (err instanceof ApiError) return err;
  if (err instanceof HTTPError) {
    let data: ApiError['data'];
    try {
      data = await err.response.clone().json();
    } catch {
      data = undefined;
    }
    if (err.response.status === 401) apiAuth().refused();
    // the answer's text by its code, in the interface language (the server's `message` when the code is unknown)
    if (data && typeof data.code === 'string') {
      const { isMessageCode, messageText } = await loadCatalogues();
      if (isMessageCode(data.code)) data = { ...data, message: messageText(data.code, getLanguage(), data.params) };
    }
    return new ApiError(err.response.status, data, data?.message ?? err.message);
  }
  if (err instanceof TimeoutError) return new ApiError('TIMEOUT_ERROR', undefined, 'TIMEOUT_ERROR');
  if (err instanceof SyntaxError) return new ApiError('PARSING_ERROR', undefined, 'PARSING_ERROR');
  return new ApiError('FETCH_ERROR', undefined, 'FETCH_ERROR');
}

type Options = Parameters<typeof http.get>[1];

async function call<T>(run: () => Promise<Response>): Promise<T> {
  let res: Response;
  try {
    res = await run();
  } catch (err) {
    throw await toApiError(err);
  }
  const text = await res.text();
  if (!text) return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ApiError('PARSING_ERROR', undefined, 'PARSING_ERROR');
  }
}

export const api = {
  get: <T>(url: string, options?: Options) => call<T>(() => http.get(url, options)),
  post: <T>(url: string, json?: unknown, options?: Options) => call<T>(() => http.post(url, { ...options, json })),
  put: <T>(url: string, json?: unknown, options?: Options) => call<T>(() => http.put(url, { ...options, json })),
  delete: <T>(url: string, options?: Options) => call<T>(() => http.delete(url, options)),
};

/** The server's message when it sent one, else the fallback text. */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.data?.message) return err.data.message;
  return fallback;
}
