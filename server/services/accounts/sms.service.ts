import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { RateCounters } from '../../lib/rate-limiter';

const maskPhone = (phone: string) => `${phone.slice(0, 2)}******${phone.slice(-2)}`;

export interface SmsSender {
  send(phone: string, message: string): Promise<void>;
}

/**
 * `log` (development) writes the message to the SMS outbox file, DATA_DIR/sms-outbox.log, one JSON
 * line {time, to, message} each, readable only by the server's user; the application log gets a
 * line without the message. Without an outbox file (in-process tests) the message goes to the logger;
 * `webhook` POSTs {phone, message} to SMS_WEBHOOK_URL for an SMS gateway.
 */
export function createSmsSender(config: Config['sms'], log: FastifyBaseLogger): SmsSender {
  if (config.sender === 'webhook') {
    if (!config.webhookUrl) throw new Error('SMS_SENDER=webhook needs SMS_WEBHOOK_URL');
    const url = config.webhookUrl;
    return {
      async send(phone, message) {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ phone, message }),
          signal: AbortSignal.timeout(10_000),
        });
        if (!res.ok) log.error({ status: res.status }, 'SMS webhook failed');
      },
    };
  }
  const outbox = config.outboxFile;
  if (outbox) {
    return {
      async send(phone, message) {
        await fs.promises.mkdir(path.dirname(outbox), { recursive: true });
        await fs.promises.appendFile(outbox, `${JSON.stringify({ time: new Date().toISOString(), to: phone, message })}\n`, {
          mode: 0o600,
        });
        log.info({ smsTo: maskPhone(phone) }, 'SMS written to the outbox file (log sender)');
      },
    };
  }
  return {
    async send(phone, message) {
      log.info({ sms: { to: phone, message } }, 'SMS (log sender)');
    },
  };
}

/**
 * Texts per phone, counting every kind (registration code, "you already have an account" note,
 * reset code or note, phone-change code): at most 5 in 10 minutes and 20 a day (UTC).
 */
export const SMS_CAPS = [
  { name: '10min', windowMs: 10 * 60_000, max: 5 },
  { name: 'day', windowMs: 86_400_000, max: 20 },
] as const;

export interface CappedSmsSender {
  /** Sends unless the phone is over a cap; answers whether it was sent. Callers answer the same either way. */
  send(phone: string, message: string): Promise<boolean>;
}

/** Wraps a sender with the per-phone caps, counted in the database for every API process. */
export function capSmsSender(inner: SmsSender, counters: RateCounters, log: FastifyBaseLogger): CappedSmsSender {
  return {
    async send(phone, message) {
      const taken: Array<{ key: string; window: Date }> = [];
      for (const cap of SMS_CAPS) {
        const key = `sms-${cap.name}:${phone}`;
        const window = await counters.claim(key, cap.windowMs, cap.max);
        if (!window) {
          for (const t of taken) await counters.release(t.key, t.window);
          log.warn({ smsTo: maskPhone(phone), cap: cap.name }, 'SMS not sent: the phone is over its cap');
          return false;
        }
        taken.push({ key, window });
      }
      await inner.send(phone, message);
      return true;
    },
  };
}
