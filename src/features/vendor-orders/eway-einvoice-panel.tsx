import { Button, Card, Group, NumberInput, SegmentedControl, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { needsEwayBill } from '../../../core/eway-bill';
import { toPaise } from '../../../core/money';
import { errorMessage } from '../../lib/api';
import { downloadText } from '../../lib/download';
import { useT } from '../../lib/i18n';
import { useMsg } from '../../lib/messages';
import { fetchEinvoice, fetchEwayBill, saveEwayBillNo, saveIrn } from './eway-einvoice-api';
import type { OrderDto } from './vendor-orders-api';

const MODES = ['1', '2', '3', '4'] as const;

/** Does the invoice's value call for an e-way bill (core/eway-bill.ts)? */
const needsEway = (order: OrderDto) =>
  needsEwayBill({
    placeOfSupply: order.placeOfSupply,
    lines: order.products.map((l) => ({
      name: l.name,
      hsnCode: l.hsnCode,
      quantity: l.quantity,
      unit: l.unit,
      gstRate: l.gstRate,
      taxablePaise: toPaise(l.taxable),
      cgstPaise: toPaise(l.cgst),
      sgstPaise: toPaise(l.sgst),
      igstPaise: toPaise(l.igst),
    })),
  });

/**
 * An invoice's e-way bill and e-invoice: the portals' JSON to download, and the numbers they gave,
 * entered back so the bill prints them. Shown for an invoice worth an e-way bill, or to a registered buyer.
 */
export function EwayEinvoicePanel({ order, onSaved }: { order: OrderDto; onSaved: (o: OrderDto) => void }) {
  const t = useT('eway');
  const msg = useMsg();
  const [mode, setMode] = useState<string>('1');
  const [distance, setDistance] = useState<number | string>('');
  const [vehicle, setVehicle] = useState('');
  const [ewbNo, setEwbNo] = useState(order.ewayBill?.number ?? '');
  const [irn, setIrn] = useState(order.einvoice?.irn ?? '');
  const [ackNo, setAckNo] = useState(order.einvoice?.ackNo ?? '');
  const [signedQr, setSignedQr] = useState(order.einvoice?.signedQr ?? '');
  const [busy, setBusy] = useState<string | null>(null);
  const ref = order.invoiceNumber ?? '';
  const showEway = needsEway(order);
  const showEinvoice = Boolean(order.buyer?.gstin);
  if (!order.invoiceNumber || order.voidedAt || (!showEway && !showEinvoice)) return null;

  async function run(what: string, work: () => Promise<void>) {
    setBusy(what);
    try {
      await work();
    } catch (e) {
      notifications.show({ color: 'red', message: errorMessage(e, msg.serviceUnavailable) });
    } finally {
      setBusy(null);
    }
  }
  const file = (stem: string, body: unknown) =>
    downloadText(`${stem}-${ref.replace(/\//g, '-')}.json`, JSON.stringify(body, null, 2), 'application/json');
  const saved = (o: OrderDto) => {
    onSaved(o);
    notifications.show({ color: 'green', message: t('saved') });
  };

  return (
    <Card withBorder data-testid="eway-einvoice">
      <Stack gap="sm">
        {showEway && (
          <>
            <Text fw={600}>{t('ewayBill')}</Text>
            <SegmentedControl value={mode} onChange={setMode} data={MODES.map((m) => ({ value: m, label: t(`mode${m}`) }))} />
            <Group grow align="flex-start">
              <NumberInput label={t('distance')} min={1} max={4000} value={distance} onChange={setDistance} />
              <TextInput
                label={t('vehicleNo')}
                placeholder="TN01AB1234"
                value={vehicle}
                onChange={(e) => setVehicle(e.currentTarget.value.toUpperCase())}
              />
            </Group>
            <Button
              mih={44}
              variant="light"
              loading={busy === 'ewb'}
              onClick={() =>
                void run('ewb', async () =>
                  file(
                    'eway-bill',
                    await fetchEwayBill(order._id, { transMode: mode, transDistance: Number(distance) || 0, vehicleNo: vehicle }),
                  ),
                )
              }
            >
              {t('downloadEwayBill')}
            </Button>
            <Group align="flex-end">
              <TextInput
                label={t('ewayBillNo')}
                value={ewbNo}
                onChange={(e) => setEwbNo(e.currentTarget.value)}
                style={{ flex: 1 }}
                inputMode="numeric"
              />
              <Button
                mih={44}
                loading={busy === 'ewbNo'}
                onClick={() => void run('ewbNo', async () => saved(await saveEwayBillNo(order._id, { ewayBillNo: ewbNo })))}
              >
                {t('save')}
              </Button>
            </Group>
          </>
        )}
        {showEinvoice && (
          <>
            <Text fw={600}>{t('einvoice')}</Text>
            <Button
              mih={44}
              variant="light"
              loading={busy === 'einv'}
              onClick={() => void run('einv', async () => file('einvoice', await fetchEinvoice(order._id)))}
            >
              {t('downloadEinvoice')}
            </Button>
            <TextInput label={t('irn')} value={irn} onChange={(e) => setIrn(e.currentTarget.value.trim())} />
            <TextInput label={t('ackNo')} value={ackNo} onChange={(e) => setAckNo(e.currentTarget.value.trim())} inputMode="numeric" />
            <Textarea
              label={t('signedQr')}
              value={signedQr}
              onChange={(e) => setSignedQr(e.currentTarget.value.trim())}
              autosize
              maxRows={4}
            />
            <Button
              mih={44}
              loading={busy === 'irn'}
              onClick={() => void run('irn', async () => saved(await saveIrn(order._id, { irn, ackNo, signedQr })))}
            >
              {t('save')}
            </Button>
          </>
        )}
      </Stack>
    </Card>
  );
}
