import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';

/**
 * The payment providers' secrets at rest: AES-256-GCM under PAYMENTS_KEY, each sealed with its own random
 * 12-byte nonce and bound (as additional data) to its shop and field, so a sealed value copied to another
 * row or column does not open. Stored as `v1.<nonce>.<tag>.<ciphertext>` in base64url.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(keyHex: string) {
    this.key = Buffer.from(keyHex, 'hex');
    if (this.key.length !== 32) throw new Error('a payments key is 32 bytes');
  }

  seal(plain: string, binding: string): string {
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce);
    cipher.setAAD(Buffer.from(binding));
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', nonce, cipher.getAuthTag(), data].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
  }

  /** The secret, or null when the value was sealed under another key or for another place (or altered). */
  open(sealed: string, binding: string): string | null {
    const [version, nonce, tag, data] = sealed.split('.');
    if (version !== 'v1' || !nonce || !tag || data === undefined) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(nonce, 'base64url'));
      decipher.setAAD(Buffer.from(binding));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}

/**
 * The key of a start without PAYMENTS_KEY that is not production: fixed and public (it is derived from this
 * text), so a development or test database opens on any machine; it protects nothing, and says so in the log.
 */
const DEV_KEY = createHash('sha256').update('namma-kadai development payments key: not a secret').digest('hex');

/**
 * The box the configuration gives: PAYMENTS_KEY's; else, outside production, the development key (with a
 * warning); else none, and a provider cannot be turned on.
 */
export function secretBoxOf(config: Config['payments'], log: FastifyBaseLogger): SecretBox | null {
  if (config.key) return new SecretBox(config.key);
  if (!config.devKey) {
    log.warn('PAYMENTS_KEY is not set: a payment provider cannot be turned on until it is');
    return null;
  }
  log.warn('PAYMENTS_KEY is not set: payment provider secrets are encrypted with the fixed development key (never in production)');
  return new SecretBox(DEV_KEY);
}
