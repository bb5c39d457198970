import { Text } from '@mantine/core';
import { formatRupees } from '../../../core/money';
import { useT } from '../../lib/i18n';

/** A customer's balance: what they owe, or an advance. */
export function BalanceText({ balance }: { balance: number }) {
  const t = useT('customers');
  return (
    <Text fw={700} c={balance > 0 ? 'orange.9' : balance < 0 ? 'teal.8' : 'dimmed'} style={{ whiteSpace: 'nowrap' }}>
      {balance < 0 ? t('advance', { amount: formatRupees(-balance) }) : formatRupees(balance)}
    </Text>
  );
}
