import { Button, Group, Text } from '@mantine/core';
import { type Reminder, smsReminderLink, whatsappReminderLink } from '../../../core/customer';
import { useT } from '../../lib/i18n';

/**
 * Send reminder: a WhatsApp link and an SMS link with the text typed in, in the customer's language,
 * with the amount due and a UPI link for exactly that amount (none without the shop's UPI ID: said so).
 */
export function ReminderLinks({ reminder, size = 'sm' }: { reminder: Reminder; size?: 'xs' | 'sm' }) {
  const t = useT('customers');
  if (reminder.duePaise <= 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('nothingDue')}
      </Text>
    );
  }
  return (
    <Group gap="xs" wrap="wrap">
      <Button
        component="a"
        href={whatsappReminderLink(reminder)}
        target="_blank"
        rel="noopener noreferrer"
        size={size}
        color="green"
        variant="light"
        aria-label={`${t('whatsapp')}: ${t('reminderTitle', { name: reminder.customerName })}`}
        data-testid="reminder-whatsapp"
      >
        {t('whatsapp')}
      </Button>
      <Button
        component="a"
        href={smsReminderLink(reminder)}
        size={size}
        variant="light"
        aria-label={`${t('sms')}: ${t('reminderTitle', { name: reminder.customerName })}`}
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
