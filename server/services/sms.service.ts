import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';

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
        await fs.promises.appendFile(outbox, `${JSON.stringify({ time: new Date().toISOString(), to: phone, message })}\n`, { mode: 0o600 });
        log.info({ smsTo: `${phone.slice(0, 2)}******${phone.slice(-2)}` }, 'SMS written to the outbox file (log sender)');
      },
    };
  }
  return {
    async send(phone, message) {
      log.info({ sms: { to: phone, message } }, 'SMS (log sender)');
    },
  };
}
