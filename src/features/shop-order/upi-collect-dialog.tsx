import { Alert, Button, Group, Loader, Modal, Stack, Switch, Text } from '@mantine/core';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { approvesOwnActs } from '../../../core/approvals';
import { formatRupees } from '../../../core/money';
import type { OrderDto } from '../../../core/schemas/order';
import type { UpiQrResponse } from '../../../core/schemas/payment';
import { QrCode } from '../../components/qr-code';
import { useT } from '../../lib/i18n';
import { canSpeak, setSpeaksPayments, speaksPayments } from '../../lib/speak-payments';
import { knownOffline } from '../../offline/status';
import { useSession } from '../../stores/session';
import { UpiReceived } from './upi-received';
import { type UpiStage, useUpiCollect } from './use-upi-collect';
import { paymentShownFor, publishPayment } from '../../lib/display-channel';

const UpiByHandDialog = lazy(() => import('./upi-by-hand-dialog'));

export interface UpiCollectProps {
  saleId: string;
  /** The sale's reference (its invoice number, or its short reference on this device). */
  saleRef: string;
  total: number;
  /** The sale was saved on this device first; `waiting`: it is still in the outbox. */
  queued: boolean;
  waiting: boolean;
  onClose: () => void;
  /** The sale is paid: by the provider, or confirmed by hand. */
  onPaid: (order: OrderDto) => void;
  /** A confirmation by hand waits in the outbox. */
  onQueued: () => void;
}

const QR_SIZE = '240px';
const clock = (ms: number) => {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/** The provider's QR: its UPI link drawn here, or (an account without the link) the provider's own QR image. */
function ProviderQr({ qr, label }: { qr: UpiQrResponse; label: string }) {
  if (qr.upiUri.startsWith('upi:')) return <QrCode text={qr.upiUri} size={QR_SIZE} label={label} />;
  return <img src={qr.imageUrl} alt={label} width={240} style={{ maxWidth: '100%', background: 'white' }} />;
}

/** What the dialog shows while the sale waits: the QR with the time left, or why there is none. */
function Waiting({ stage, total }: { stage: Exclude<UpiStage, { kind: 'paid' }>; total: number }) {
  const t = useT('upi-collect');
  switch (stage.kind) {
    case 'qr':
      return (
        <Stack gap={6} align="center">
          <Text fz={32} fw={800} data-testid="upi-amount">
            {formatRupees(stage.qr.amount)}
          </Text>
          <div data-testid="upi-provider-qr" data-link={stage.qr.upiUri}>
            <ProviderQr qr={stage.qr} label={t('upiQrAlt', { amount: formatRupees(stage.qr.amount) })} />
          </div>
          <Text size="sm" ta="center">
            {t('upiScan')}
          </Text>
          <Group gap={6} justify="center">
            <Loader size="xs" />
            <Text size="sm" c="dimmed">
              {t('upiWaiting')}
            </Text>
          </Group>
          <Text size="sm" fw={600} data-testid="upi-time-left">
            {t('upiTimeLeft', { time: clock(stage.leftMs) })}
          </Text>
        </Stack>
      );
    case 'loading':
      return (
        <Stack gap="xs" align="center" py="lg">
          <Text fz={32} fw={800}>
            {formatRupees(total)}
          </Text>
          <Loader />
        </Stack>
      );
    case 'closed':
      return (
        <Alert color="yellow" data-testid="upi-closed">
          {t('upiClosed')}
        </Alert>
      );
    case 'saleWaiting':
      return <Alert color="yellow">{t('upiSaleWaiting')}</Alert>;
    case 'offline':
      return <Alert color="yellow">{t('upiOffline')}</Alert>;
    case 'failed':
      return (
        <Alert color="red" role="alert">
          <Stack gap="xs" align="flex-start">
            <span>{stage.message}</span>
            <Button size="sm" mih={44} variant="light" onClick={stage.retry}>
              {t('upiRetry')}
            </Button>
          </Stack>
        </Alert>
      );
  }
}

/**
 * A UPI sale at a shop whose payment provider confirms it, just recorded (Pending): the provider's QR for the
 * exact amount and the time left until it closes, then "₹347.21 received" with the payer and the UTR, said
 * aloud, within moments of the provider's webhook. Not paid (the QR closed, no connection): the cashier may
 * confirm it by hand with a reason (a cashier with a manager's PIN). Closed unpaid, the sale stays Pending.
 */
/** The dialog closed: a QR not paid is taken off the customer display; money received stays shown. */
function publishUnpaidClose(saleId: string) {
  if (!paymentShownFor(saleId)?.received) publishPayment(null);
}

export default function UpiCollectDialog(props: UpiCollectProps) {
  const { saleId, saleRef, total, queued, waiting, onClose, onPaid, onQueued } = props;
  const t = useT('upi-collect');
  const user = useSession((s) => s.userInfo);
  const stage = useUpiCollect(saleId, { queued, waiting }, t('upiFailed'));
  const [byHand, setByHand] = useState<OrderDto | 'queued' | null>(null);
  const [asking, setAsking] = useState(false);
  const [speak, setSpeak] = useState(speaksPayments);
  const paid = byHand && byHand !== 'queued' ? byHand : stage.kind === 'paid' ? stage.order : null;

  // the counter's bar learns it once
  const told = useRef(false);
  const tell = useRef(onPaid);
  tell.current = onPaid;
  useEffect(() => {
    if (!paid || told.current) return;
    told.current = true;
    tell.current(paid);
  }, [paid]);

  // the customer display shows the QR while it is open, then the money received; closed unpaid, neither
  const qrUri = stage.kind === 'qr' ? stage.qr.upiUri : null;
  const qrAmount = stage.kind === 'qr' ? stage.qr.amount : null;
  useEffect(() => {
    if (paid) publishPayment({ orderId: saleId, amount: qrAmount ?? total, received: true });
    else if (qrUri) publishPayment({ orderId: saleId, upiUri: qrUri, amount: qrAmount ?? total });
  }, [paid, qrUri, qrAmount, saleId, total]);
  useEffect(() => () => publishUnpaidClose(saleId), [saleId]);

  // offline (or the sale not on the server yet) the confirmation is queued: only someone who approves their own acts signs for it then
  const queuedNow = knownOffline() || stage.kind === 'offline' || stage.kind === 'saleWaiting';
  const mayConfirm = !queuedNow || (!!user && approvesOwnActs(user));

  if (asking)
    return (
      <Suspense fallback={null}>
        <UpiByHandDialog
          saleId={saleId}
          saleRef={saleRef}
          onBack={() => setAsking(false)}
          onDone={(order) => {
            setAsking(false);
            setByHand(order ?? 'queued');
            if (!order) onQueued();
          }}
        />
      </Suspense>
    );

  const done = !!paid || byHand === 'queued';
  return (
    <Modal opened onClose={onClose} title={t('upiTitle', { ref: saleRef })} centered size="md" data-testid="upi-collect">
      <Stack gap="md">
        {paid ? (
          <UpiReceived order={paid} />
        ) : byHand === 'queued' ? (
          <Alert color="yellow" data-testid="upi-by-hand-queued">
            {t('upiByHandQueued')}
          </Alert>
        ) : (
          <Waiting stage={stage as Exclude<UpiStage, { kind: 'paid' }>} total={total} />
        )}
        {done ? (
          <Button size="md" onClick={onClose} data-autofocus data-testid="upi-done">
            {t('upiDone')}
          </Button>
        ) : (
          <Stack gap={6}>
            {/* one under the other: a Tamil label stays whole */}
            <Stack gap="xs">
              <Button size="md" variant="default" disabled={!mayConfirm} onClick={() => setAsking(true)} data-testid="upi-by-hand">
                {t('upiConfirmByHand')}
              </Button>
              <Button size="md" variant="subtle" onClick={onClose} data-testid="upi-close">
                {t('upiClose')}
              </Button>
            </Stack>
            {!mayConfirm && (
              <Text size="sm" c="dimmed">
                {t('upiByHandNeedsManager')}
              </Text>
            )}
            <Text size="sm" c="dimmed" data-testid="upi-leaves-pending">
              {t('upiLeavesPending')}
            </Text>
          </Stack>
        )}
        {canSpeak() && (
          <Switch
            label={t('upiSpeak')}
            checked={speak}
            onChange={(e) => {
              setSpeak(e.currentTarget.checked);
              setSpeaksPayments(e.currentTarget.checked);
            }}
            data-testid="upi-speak"
          />
        )}
      </Stack>
    </Modal>
  );
}
