import { Button, Group, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { type Reminder, smsReminderLink, whatsappReminderLink } from '../../../core/customer';
import { toPaise } from '../../../core/money';
import { useT } from '../../lib/i18n';
import { createPayLink } from './customers-api';

/** A reminder as the pages know it: the payment link (payUrl) is made when a button is tapped. */
export type ReminderFor = Omit<Reminder, 'payUrl'> & {
  customerId: string;
  /** The shop's UPI ID; '' when it has none (no payment link then: the text says to pay at the shop). */
  upiId: string;
};

type Channel = 'whatsapp' | 'sms';
const CHANNEL_LINK: Record<Channel, (r: Reminder) => string> = { whatsapp: whatsappReminderLink, sms: smsReminderLink };

/**
 * Send reminder: WhatsApp or SMS with the text typed in, in the customer's language, with the amount
 * due and a link to our payment page for it (core/pay-link.ts). The link is made when a button is
 * tapped; offline, without the shop's UPI ID or when it cannot be made, the text says to pay at the
 * shop instead. The window is opened on the tap and sent on once the link is there, so no popup
 * blocker stops it.
 */
export function ReminderLinks({ reminder, size = 'sm' }: { reminder: ReminderFor; size?: 'xs' | 'sm' }) {
  const t = useT('customers');
  const [busy, setBusy] = useState<Channel | null>(null);
  // one link per customer and amount while it lasts: WhatsApp and then SMS carry the same one
  const made = useRef(new Map<string, { url: string; amountPaise: number; expires: number }>());

  /** The link and the amount it asks for, or null for the text without a link. */
  const payLink = async () => {
    if (!reminder.upiId || !navigator.onLine) return null;
    const key = `${reminder.customerId}:${reminder.duePaise}`;
    const kept = made.current.get(key);
    if (kept && kept.expires > Date.now()) return kept;
    try {
      const link = await createPayLink(reminder.customerId);
      const fresh = { url: link.url, amountPaise: toPaise(link.amount), expires: Date.parse(link.expiresAt) };
      made.current.set(key, fresh);
      return fresh;
    } catch {
      return null;
    }
  };

  const send = async (channel: Channel) => {
    const win = window.open('', '_blank');
    setBusy(channel);
    const link = await payLink().finally(() => setBusy(null));
    // the text states the amount the page asks for (the server's balance when the link was made)
    const url = CHANNEL_LINK[channel]({ ...reminder, payUrl: link?.url ?? '', duePaise: link?.amountPaise ?? reminder.duePaise });
    if (!win) return window.location.assign(url);
    win.opener = null;
    win.location.href = url;
  };

  if (reminder.duePaise <= 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('nothingDue')}
      </Text>
    );
  }
  const label = (channel: Channel) => `${t(channel)}: ${t('reminderTitle', { name: reminder.customerName })}`;
  return (
    <Group gap="xs" wrap="wrap">
      <Button
        onClick={() => void send('whatsapp')}
        loading={busy === 'whatsapp'}
        size={size}
        color="green"
        variant="light"
        aria-label={label('whatsapp')}
        data-testid="reminder-whatsapp"
      >
        {t('whatsapp')}
      </Button>
      <Button
        onClick={() => void send('sms')}
        loading={busy === 'sms'}
        size={size}
        variant="light"
        aria-label={label('sms')}
        data-testid="reminder-sms"
      >
        {t('sms')}
      </Button>
      {!reminder.upiId && (
        <Text size="xs" c="dimmed" w="100%">
          {t('noUpiId')}
        </Text>
      )}
    </Group>
  );
}
