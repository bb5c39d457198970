/**
 * Till PINs (docs/security.md, "One till, several people"). A PIN is 4 to 6 digits that each person
 * sets for themselves. The server keeps a slow salted verifier V = PBKDF2-SHA256(PIN, salt, 120,000);
 * a till keeps only SHA-256(V) per person, enough to check a PIN offline but not to act as the person:
 * what a till queued offline under a PIN carries HMAC-SHA256(V, its Idempotency-Key), which only a till
 * that was given the PIN can make, and the server checks against V.
 * Plain Web Crypto, so the browser and Node 20 run the same code.
 */
export const PIN_PATTERN = /^\d{4,6}$/;
export const PIN_ITERATIONS = 120_000;
/** Wrong PINs in a row that lock a person on a till, and for how long. */
export const PIN_MAX_FAILURES = 5;
export const PIN_LOCK_MINUTES = 15;
const SCHEME = 'pbkdf2-sha256';

/** All one digit, or a run up or down (1234, 9876, 0123): the first PINs anyone tries. */
export function isSimplePin(pin: string): boolean {
  const d = [...pin].map(Number);
  const steps = new Set(d.slice(1).map((v, i) => v - d[i]));
  return steps.size === 1 && [0, 1, -1].includes([...steps][0]);
}

const enc = new TextEncoder();
const toB64 = (b: ArrayBuffer | Uint8Array) => btoa(String.fromCharCode(...new Uint8Array(b)));
const fromB64 = (s: string) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));

async function derive(pin: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', enc.encode(pin), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt: salt as BufferSource, iterations }, key, 256);
  return new Uint8Array(bits);
}

/** The stored verifier of a PIN: "pbkdf2-sha256$<iterations>$<salt>$<V>" (base64). */
export async function makePinVerifier(pin: string, iterations = PIN_ITERATIONS): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  return `${SCHEME}$${iterations}$${toB64(salt)}$${toB64(await derive(pin, salt, iterations))}`;
}

interface Parsed {
  iterations: number;
  salt: string;
  v: Uint8Array;
}
function parse(verifier: string): Parsed | null {
  const [scheme, it, salt, v] = verifier.split('$');
  const iterations = Number(it);
  if (scheme !== SCHEME || !Number.isInteger(iterations) || iterations < 1 || !salt || !v) return null;
  return { iterations, salt, v: fromB64(v) };
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.reduce((acc, x, i) => acc | (x ^ b[i]), 0) === 0;

/** V for a PIN when it matches the server's verifier, else null. */
export async function checkPin(pin: string, verifier: string): Promise<Uint8Array | null> {
  const p = parse(verifier);
  if (!p || !PIN_PATTERN.test(pin)) return null;
  const v = await derive(pin, fromB64(p.salt), p.iterations);
  return sameBytes(v, p.v) ? v : null;
}

/** What a till keeps of a person's PIN: the salt, the iterations and SHA-256(V). */
export interface TillPinCheck {
  salt: string;
  iterations: number;
  check: string;
}

export async function tillPinCheck(verifier: string): Promise<TillPinCheck | null> {
  const p = parse(verifier);
  if (!p) return null;
  return { salt: p.salt, iterations: p.iterations, check: toB64(await crypto.subtle.digest('SHA-256', p.v as BufferSource)) };
}

/** On the till, offline: V when the PIN matches what the till keeps, else null. */
export async function checkPinAtTill(pin: string, kept: TillPinCheck): Promise<Uint8Array | null> {
  if (!PIN_PATTERN.test(pin)) return null;
  const v = await derive(pin, fromB64(kept.salt), kept.iterations);
  const check = new Uint8Array(await crypto.subtle.digest('SHA-256', v as BufferSource));
  return sameBytes(check, fromB64(kept.check)) ? v : null;
}

/** The proof a queued act was made by the person whose PIN gave V: HMAC-SHA256(V, the act's Idempotency-Key), hex. */
export async function actProof(v: Uint8Array, idempotencyKey: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', v as BufferSource, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, enc.encode(idempotencyKey)));
  return [...mac].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The header a till's queued act carries when a person switched in by PIN made it (the server reads it in
 * server/plugins/auth.ts), and its value: "<personId>.<actProof(V, the act's Idempotency-Key)>".
 */
export const ACTED_BY_HEADER = 'x-acted-by';
export const actedByValue = async (personId: string, v: Uint8Array, idempotencyKey: string): Promise<string> =>
  `${personId}.${await actProof(v, idempotencyKey)}`;

/** Whether `proof` was made with the verifier's V for this Idempotency-Key. */
export async function checkActProof(verifier: string, idempotencyKey: string, proof: string): Promise<boolean> {
  const p = parse(verifier);
  if (!p || !/^[0-9a-f]{64}$/.test(proof)) return false;
  return (await actProof(p.v, idempotencyKey)) === proof;
}
