import { Stack, Text, ThemeIcon } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { formatRupees, toPaise } from '../../../core/money';
import type { OrderDto } from '../../../core/schemas/order';
import { useLanguage, useT } from '../../lib/i18n';
import { speakPayment } from '../../lib/speak-payments';

/** "347 rupees 21 paise received", as a soundbox says it (the paise only when there are some). */
export function spokenAmount(amount: number, t: ReturnType<typeof useT<'upi-collect'>>): string {
  const paise = toPaise(amount);
  const rupees = Math.floor(paise / 100);
  return paise % 100 ? t('upiSpokenPaise', { rupees, paise: paise % 100 }) : t('upiSpoken', { rupees });
}

/**
 * A sale's UPI payment, confirmed: "₹347.21 received" in big letters with the payer's UPI ID and the UTR,
 * said aloud once in the interface language when the provider confirmed it (src/lib/speak-payments.ts);
 * "Confirmed by hand by Meena" when a person signed for it.
 */
export function UpiReceived({ order }: { order: OrderDto }) {
  const t = useT('upi-collect');
  const lang = useLanguage();
  const payment = order.payment;
  const amount = payment?.amount ?? order.totalPayable;
  const byProvider = payment?.confirmedBy === 'provider';
  const said = useRef(false);
  const words = spokenAmount(amount, t);

  useEffect(() => {
    if (!byProvider || said.current) return;
    said.current = true;
    speakPayment(words, lang);
  }, [byProvider, words, lang]);

  return (
    <Stack gap={6} align="center" py="md" data-testid="upi-received">
      <ThemeIcon size={64} radius="xl" color={byProvider ? 'teal' : 'orange'} aria-hidden>
        <Text fz={36} fw={800} c="white" lh={1}>
          ✓
        </Text>
      </ThemeIcon>
      <Text fz={{ base: 28, sm: 34 }} fw={800} ta="center" c={byProvider ? 'teal.8' : 'orange.9'} data-testid="upi-received-amount">
        {byProvider ? t('upiReceived', { amount: formatRupees(amount) }) : formatRupees(amount)}
      </Text>
      {payment && payment.confirmedBy !== 'provider' && (
        <Text size="lg" fw={700} ta="center" c="orange.9" data-testid="upi-by-hand-name">
          {t('upiByHandDone', { name: payment.confirmedBy.name })}
        </Text>
      )}
      {payment?.payerVpa && (
        <Text size="md" ta="center" data-testid="upi-payer">
          {t('upiFrom', { vpa: payment.payerVpa })}
        </Text>
      )}
      {payment?.utr && (
        <Text size="md" ta="center" ff="monospace" data-testid="upi-utr">
          {t('upiUtrIs', { utr: payment.utr })}
        </Text>
      )}
    </Stack>
  );
}
