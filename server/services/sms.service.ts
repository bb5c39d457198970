import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';

export interface SmsSender {
  send(phone: string, message: string): Promise<void>;
}

/**
 * `log` writes the message to the server log (development and tests read codes from there);
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
  return {
    async send(phone, message) {
      log.info({ sms: { to: phone, message } }, 'SMS (log sender)');
    },
  };
}
