import { Button, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useParams } from 'react-router-dom';
import { coded } from '../../../core/coded';
import { formatRupees, toPaise } from '../../../core/money';
import { payLinkPayment } from '../../../core/pay-link';
import { QueryView } from '../../components/query-view';
import { useDateFormat } from '../../lib/format';
import { useT } from '../../lib/i18n';
import { useText } from '../../lib/messages';
import { useCachedQuery } from '../../data/use-cached-query';
import { fetchPayPage } from './pay-api';

const UpiQr = lazy(() => import('../../components/upi-qr'));
const QR_SIZE = 220;

/**
 * /pay/:token, public: what a customer opens from a reminder. The shop, the amount, a button that opens
 * their UPI app with it, and the QR code to scan from another phone. Nothing about who they are. An
 * unknown or expired link says so and shows nothing else. Never saved on the device (a shared phone).
 */
export default function PayPage() {
  const { token = '' } = useParams();
  const t = useT('pay');
  const text = useText();
  const day = useDateFormat({ day: 'numeric', month: 'long', year: 'numeric' });
  const q = useCachedQuery(`pay:${token}`, () => fetchPayPage(token), { persist: false });

  return (
    <Stack maw={460} mx="auto" w="100%">
      <QueryView query={q} failed={t('loadFailed')} notFound={text(coded('payLinkNotFound'))}>
        {(p) => (
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
            <Stack align="center" gap="sm">
              <Title order={2} ta="center">
                {t('title', { shop: p.shop })}
              </Title>
              <Text c="dimmed">{t('amountDue')}</Text>
              <Text fz={40} fw={800} lh={1.1} data-testid="pay-amount">
                {formatRupees(p.amount)}
              </Text>
              {/* a long label (large text, Tamil) wraps rather than being cut off */}
              <Button
                component="a"
                href={p.upiLink}
                size="lg"
                fullWidth
                styles={{ root: { height: 'auto' }, inner: { minHeight: 50 }, label: { whiteSpace: 'normal', textAlign: 'center' } }}
                data-testid="pay-upi"
              >
                {t('payWithUpi')}
              </Button>
              <Text size="sm" c="dimmed" ta="center">
                {t('scanOrTap')}
              </Text>
              <Suspense fallback={<Skeleton w={QR_SIZE} h={QR_SIZE + 48} />}>
                <UpiQr {...payLinkPayment({ shop: p.shop, upiId: p.upiId, amountPaise: toPaise(p.amount) })} size={`${QR_SIZE}px`} />
              </Suspense>
              <Text size="xs" c="dimmed" ta="center">
                {t('validUntil', { date: day.format(new Date(p.expiresAt)) })}
              </Text>
            </Stack>
          </Paper>
        )}
      </QueryView>
    </Stack>
  );
}
