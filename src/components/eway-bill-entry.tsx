import { Button, Card, Group, NumberInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { TRANSPORT_MODES } from '../../core/eway-document';
import { errorMessage } from '../lib/api';
import { downloadText } from '../lib/download';
import { useT } from '../lib/i18n';
import { useMsg } from '../lib/messages';

/** Part B as the e-way bill routes take it; toPincode where the goods go, when the document has none. */
export interface EwayTransport {
  transMode: string;
  transDistance: number;
  vehicleNo: string;
  toPincode?: string;
}

/**
 * A document's e-way bill (texts: the 'eway' namespace): how the goods travel, the portal's bulk-upload
 * JSON to download, and the number the portal gave, entered back so the document prints it.
 * `askPincode`: the document knows no pincode to send to (a return to a supplier), so it is asked here.
 */
export function EwayBillEntry(props: {
  docNumber: string;
  number: string;
  askPincode?: boolean;
  download: (q: EwayTransport) => Promise<unknown>;
  save: (ewayBillNo: string) => Promise<void>;
}) {
  const t = useT('eway');
  const msg = useMsg();
  const [mode, setMode] = useState<string>('1');
  const [distance, setDistance] = useState<number | string>('');
  const [vehicle, setVehicle] = useState('');
  const [pincode, setPincode] = useState('');
  const [ewbNo, setEwbNo] = useState(props.number);
  const [busy, setBusy] = useState<'file' | 'no' | null>(null);

  async function run(what: 'file' | 'no', work: () => Promise<void>) {
    setBusy(what);
    try {
      await work();
    } catch (e) {
      notifications.show({ color: 'red', message: errorMessage(e, msg.serviceUnavailable) });
    } finally {
      setBusy(null);
    }
  }
  async function download() {
    const q = {
      transMode: mode,
      transDistance: Number(distance) || 0,
      vehicleNo: vehicle,
      ...(props.askPincode ? { toPincode: pincode } : {}),
    };
    const body = await props.download(q);
    downloadText(`eway-bill-${props.docNumber.replace(/\//g, '-')}.json`, JSON.stringify(body, null, 2), 'application/json');
  }
  async function save() {
    await props.save(ewbNo);
    notifications.show({ color: 'green', message: t('saved') });
  }

  return (
    <Card withBorder data-testid="eway-bill-entry">
      <Stack gap="sm">
        <Text fw={600}>{t('ewayBill')}</Text>
        <SegmentedControl value={mode} onChange={setMode} data={TRANSPORT_MODES.map((m) => ({ value: m, label: t(`mode${m}`) }))} />
        <Group grow align="flex-start">
          <NumberInput label={t('distance')} min={1} max={4000} value={distance} onChange={setDistance} />
          <TextInput
            label={t('vehicleNo')}
            placeholder="TN01AB1234"
            value={vehicle}
            onChange={(e) => setVehicle(e.currentTarget.value.toUpperCase())}
          />
        </Group>
        {props.askPincode && (
          <TextInput
            label={t('supplierPincode')}
            value={pincode}
            onChange={(e) => setPincode(e.currentTarget.value.trim())}
            inputMode="numeric"
            maxLength={6}
          />
        )}
        <Button mih={44} variant="light" loading={busy === 'file'} onClick={() => void run('file', download)}>
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
          <Button mih={44} loading={busy === 'no'} onClick={() => void run('no', save)}>
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
