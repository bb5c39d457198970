import { Button, Card, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { IrnInput } from '../../core/schemas/eway-einvoice';
import { errorMessage } from '../lib/api';
import { downloadText } from '../lib/download';
import { useT } from '../lib/i18n';
import { useMsg } from '../lib/messages';

/**
 * A document's e-invoice (texts: the 'eway' namespace): the IRP's JSON to download, and what the IRP
 * answered (IRN, acknowledgement number, signed QR), entered back so the document prints them.
 */
export function EinvoiceEntry(props: {
  docNumber: string;
  current: { irn: string; ackNo: string; signedQr: string } | null;
  download: () => Promise<unknown>;
  save: (body: Omit<IrnInput, 'ackDate'>) => Promise<void>;
}) {
  const t = useT('eway');
  const msg = useMsg();
  const [irn, setIrn] = useState(props.current?.irn ?? '');
  const [ackNo, setAckNo] = useState(props.current?.ackNo ?? '');
  const [signedQr, setSignedQr] = useState(props.current?.signedQr ?? '');
  const [busy, setBusy] = useState<'file' | 'irn' | null>(null);

  async function run(what: 'file' | 'irn', work: () => Promise<void>) {
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
    const body = await props.download();
    downloadText(`einvoice-${props.docNumber.replace(/\//g, '-')}.json`, JSON.stringify(body, null, 2), 'application/json');
  }
  async function save() {
    await props.save({ irn, ackNo, signedQr });
    notifications.show({ color: 'green', message: t('saved') });
  }

  return (
    <Card withBorder data-testid="einvoice-entry">
      <Stack gap="sm">
        <Text fw={600}>{t('einvoice')}</Text>
        <Button mih={44} variant="light" loading={busy === 'file'} onClick={() => void run('file', download)}>
          {t('downloadEinvoice')}
        </Button>
        <TextInput label={t('irn')} value={irn} onChange={(e) => setIrn(e.currentTarget.value.trim())} />
        <TextInput label={t('ackNo')} value={ackNo} onChange={(e) => setAckNo(e.currentTarget.value.trim())} inputMode="numeric" />
        <Textarea label={t('signedQr')} value={signedQr} onChange={(e) => setSignedQr(e.currentTarget.value.trim())} autosize maxRows={4} />
        <Button mih={44} loading={busy === 'irn'} onClick={() => void run('irn', save)}>
          {t('save')}
        </Button>
      </Stack>
    </Card>
  );
}
