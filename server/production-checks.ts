import type { Config } from './config';

/**
 * Settings a production start refuses: one-time codes written to a local file (`SMS_SENDER=log`)
 * would never reach anyone, and whoever can read that file could take over any account.
 * PUSH_ALLOW_LOCAL=1 (a test setting) would let any signed-in user make the server post to internal hosts, and
 * an http:// RAZORPAY_API_URL would send the shops' payment keys in clear.
 * Returns the problems found; empty when the start may go on.
 */
export function productionProblems(config: Config, env: NodeJS.ProcessEnv): string[] {
  if (env.NODE_ENV !== 'production') return [];
  const problems: string[] = [];
  if (config.sms.sender !== 'webhook') {
    problems.push('SMS_SENDER must be "webhook" in production (SMS_SENDER=log writes one-time codes to a local file).');
  } else if (!config.sms.webhookUrl) {
    problems.push('SMS_WEBHOOK_URL must be set to the SMS gateway endpoint when SMS_SENDER=webhook.');
  }
  if (!config.payments.razorpayApiUrl.startsWith('https://')) {
    problems.push('RAZORPAY_API_URL must be an https:// address in production (payment keys and webhooks would travel in clear).');
  }
  if (config.push.allowLocal) {
    problems.push('PUSH_ALLOW_LOCAL must not be set in production (it lets the server post to local and private addresses).');
  }
  return problems;
}
