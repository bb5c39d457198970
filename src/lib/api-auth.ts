/**
 * Who the HTTP client calls as: the session store registers itself here (src/stores/session.ts), so the
 * client in src/lib sits below the stores and knows none of them.
 */
export interface ApiAuth {
  /** The bearer token to send, if someone is signed in. */
  token: () => string | null;
  /** The server refused the token (401): the session ends. */
  refused: () => void;
}

let auth: ApiAuth = { token: () => null, refused: () => undefined };

export function setApiAuth(next: ApiAuth): void {
  auth = next;
}

export const apiAuth = (): ApiAuth => auth;
