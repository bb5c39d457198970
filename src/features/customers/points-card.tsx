import { Alert, Button, Group, Paper, Skeleton, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { type PointsMessage, whatsappPointsLink } from '../../../core/loyalty';
import { formatRupees, toPaise } from '../../../core/money';
import type { CustomerPointsDto } from '../../../core/schemas/loyalty';
import { ResponsiveTable } from '../../components/responsive-table';
import { CUSTOMER_POINTS, fetchCustomerPoints, sendPointsMessage } from '../../data/loyalty';
import { useCachedQuery } from '../../data/use-cached-query';
import { errorMessage } from '../../lib/api';
import { useDateFormat } from '../../lib/format';
import { useT } from '../../lib/i18n';

interface Customer {
  _id: string;
  name: string;
  phone: string;
  language: 'en' | 'ta';
}

/**
 * A customer's loyalty points (GET /api/customers/:id/points): the balance and what it is worth, "send
 * balance" by SMS (the server's sender) or WhatsApp (a link with the text, in the customer's language),
 * and the statement: each entry's date, bill, points and the running balance.
 */
export function PointsCard({ customer, shopName }: { customer: Customer; shopName: string }) {
  const t = useT('customers');
  const q = useCachedQuery(`${CUSTOMER_POINTS}${customer._id}`, () => fetchCustomerPoints(customer._id), { refetchOnSync: true });
  const [sending, setSending] = useState(false);
  const p = q.data;
  const message = (d: CustomerPointsDto): PointsMessage => ({
    customerName: customer.name,
    phone: customer.phone,
    language: customer.language,
    shopName,
    balance: d.balance,
    worthPaise: toPaise(d.worth),
  });
  const sms = async () => {
    setSending(true);
    try {
      const res = await sendPointsMessage(customer._id);
      notifications.show({ color: res.sent ? 'green' : 'yellow', message: res.message });
    } catch (err) {
      notifications.show({ color: 'red', message: errorMessage(err, t('pointsSendFailed')) });
    } finally {
      setSending(false);
    }
  };
  // a shop that gives no points and never did: nothing to show
  if (p && p.settings.pointsPer100 === null && p.settings.rupeesPerPoint === null && p.entries.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="customer-points">
      <Title order={3} size="h4">
        {t('pointsTitle')}
      </Title>
      {p && (
        <Group gap="xs" align="baseline" mb="xs">
          <Text fw={700} size="lg" data-testid="points-balance">
            {t('pointsBalance', { n: p.balance })}
          </Text>
          {p.worth > 0 && (
            <Text size="sm" c="dimmed">
              {t('pointsWorth', { amount: formatRupees(p.worth) })}
            </Text>
          )}
        </Group>
      )}
      {p ? (
        <>
          <Group gap="xs" mb="sm" align="center">
            <Text size="sm" fw={600}>
              {t('pointsSend')}
            </Text>
            <Button
              size="sm"
              color="green"
              variant="light"
              component="a"
              href={whatsappPointsLink(message(p))}
              target="_blank"
              rel="noopener"
              aria-label={t('pointsWhatsapp')}
              data-testid="points-whatsapp"
            >
              {t('whatsapp')}
            </Button>
            <Button
              size="sm"
              variant="light"
              onClick={() => void sms()}
              loading={sending}
              aria-label={t('pointsSms')}
              data-testid="points-sms"
            >
              {t('sms')}
            </Button>
          </Group>
          {p.entries.length === 0 ? <Text c="dimmed">{t('pointsNone')}</Text> : <PointsStatement points={p} />}
        </>
      ) : q.error ? (
        <Alert color="red">{t('pointsLoadFailed')}</Alert>
      ) : (
        <Skeleton h={80} radius="md" />
      )}
    </Paper>
  );
}

function PointsStatement({ points }: { points: CustomerPointsDto }) {
  const t = useT('customers');
  const at = useDateFormat({ day: 'numeric', month: 'short', year: 'numeric' });
  // newest first on screen: the running balance is the one after each entry
  const rows = [...points.entries].reverse();
  return (
    <ResponsiveTable
      label={t('pointsStatement')}
      rows={rows}
      rowKey={(e) => e._id}
      columns={[
        {
          key: 'entry',
          header: t('entry'),
          cardTitle: true,
          render: (e) => t(`points_${e.kind}`, { ref: e.creditNoteNumber ?? e.invoiceNumber ?? '' }),
        },
        { key: 'date', header: t('date'), render: (e) => at.format(new Date(e.at)), nowrap: true },
        { key: 'points', header: t('pointsColumn'), render: (e) => (e.points > 0 ? `+${e.points}` : `−${-e.points}`), nowrap: true },
        { key: 'balance', header: t('runningBalance'), render: (e) => String(e.balance), nowrap: true },
      ]}
    />
  );
}
