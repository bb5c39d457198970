import { Group, NumberInput, Paper, Text } from '@mantine/core';
import { useEffect } from 'react';
import { pointsValuePaise, redeemableMax } from '../../../core/loyalty';
import { formatRupees, toPaise, toRupees } from '../../../core/money';
import type { CustomerDto } from '../../../core/schemas/customer';
import { fetchLoyaltySettings, LOYALTY_SETTINGS } from '../../data/loyalty';
import { useCachedQuery } from '../../data/use-cached-query';
import { useT } from '../../lib/i18n';
import { useOutboxItems } from '../../offline/hooks';
import { deviceBalance } from './queued-points';
import { NO_REDEEM, type Redeem } from './redeem';

/**
 * The chosen customer's loyalty points at the counter and "Redeem points": at most their balance and the
 * bill (core/loyalty.ts), the value taken off the total shown. The balance comes from the customer list this
 * device keeps and the shop's settings from LOYALTY_SETTINGS, so it works offline; a list saved before
 * points were known says redeeming needs a connection. The points of this customer's sales still in the outbox
 * are off the balance shown (the server checks it again on sync). The cashier asks the customer, who is present.
 */
export function RedeemPoints({
  customer,
  billTotal,
  value,
  onChange,
}: {
  customer: CustomerDto;
  /** The bill's total before the points, rupees. */
  billTotal: number;
  value: Redeem;
  onChange: (r: Redeem) => void;
}) {
  const t = useT('shop-order');
  const settings = useCachedQuery(LOYALTY_SETTINGS, fetchLoyaltySettings).data;
  const valuePaise = settings?.rupeesPerPoint ? toPaise(settings.rupeesPerPoint) : null;
  // less the points this device's queued sales redeem (given back if one is deleted): not offered twice offline
  const outbox = useOutboxItems();
  const balance = customer.points === undefined ? undefined : deviceBalance(customer.points, outbox, customer._id);
  const max = balance === undefined ? 0 : redeemableMax(balance, toPaise(billTotal), valuePaise);
  // a smaller bill (a line taken off) lowers what may be redeemed
  useEffect(() => {
    if (value.points > max) onChange(max > 0 ? { points: max, off: toRupees(pointsValuePaise(max, valuePaise)) } : NO_REDEEM);
  }, [max, value.points, valuePaise, onChange]);

  if (!settings || (settings.pointsPer100 === null && settings.rupeesPerPoint === null)) return null;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="sale-points">
      {balance === undefined ? (
        <Text size="sm" c="dimmed" data-testid="points-need-connection">
          {t('pointsNeedConnection')}
        </Text>
      ) : (
        <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
          <div>
            <Text size="sm" fw={600} data-testid="sale-points-balance">
              {t('pointsBalance', { n: balance })}
            </Text>
            {valuePaise !== null && (
              <Text size="xs" c="dimmed">
                {t('pointsRate', { value: formatRupees(toRupees(valuePaise)) })}
              </Text>
            )}
          </div>
          {valuePaise !== null && (
            <NumberInput
              label={t('redeemPoints')}
              description={max > 0 ? t('redeemMax', { n: max }) : undefined}
              w={200}
              min={0}
              max={max}
              allowDecimal={false}
              allowNegative={false}
              disabled={max === 0}
              value={value.points || ''}
              onChange={(v) => {
                const points = Math.min(Math.max(Math.floor(Number(v) || 0), 0), max);
                onChange(points ? { points, off: toRupees(pointsValuePaise(points, valuePaise)) } : NO_REDEEM);
              }}
              data-testid="redeem-points"
            />
          )}
        </Group>
      )}
      {value.points > 0 && (
        <Text size="sm" c="green.9" mt={4} data-testid="redeem-off">
          {t('pointsOff', { n: value.points, amount: formatRupees(value.off) })}
        </Text>
      )}
    </Paper>
  );
}
