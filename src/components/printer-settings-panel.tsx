import { Alert, Button, Group, Paper, Radio, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import {
  availableConnections,
  type Connection,
  type PrinterSettings,
  readPrinterSettings,
  savePrinterSettings,
} from '../lib/escpos/printer-settings';
import type { ReceiptDoc } from '../lib/escpos/receipt-doc';
import { useT } from '../lib/i18n';
import { useSession } from '../stores/session';

/**
 * The "Receipt printer" panel (a dialog opened from the counter and the bill): this device's thermal printer. Connect it (Web Serial, WebUSB or Web
 * Bluetooth, whichever the browser has), the roll's width, printing after a sale at once or with one
 * tap, the cash drawer on cash sales, and a test print in both scripts. Kept on the device
 * (src/lib/escpos/printer-settings.ts): each till has its own printer. A dialog rather than a page of
 * its own: the route table is part of the first screen's bundle.
 */
export default function PrinterSettingsPanel() {
  const t = useT('printer');
  const shop = useSession((s) => s.userInfo?.vendorDetails?.shopName || s.userInfo?.name || 'Namma Kadai');
  const [settings, setSettings] = useState<PrinterSettings>(readPrinterSettings);
  const [busy, setBusy] = useState<Connection | 'test' | null>(null);
  const kinds = availableConnections();

  const update = (patch: Partial<PrinterSettings>) => {
    const next = { ...settings, ...patch };
    savePrinterSettings(next);
    setSettings(next);
  };

  const connect = async (kind: Connection) => {
    setBusy(kind);
    try {
      const { choosePrinter } = await import('../lib/escpos/transport');
      await choosePrinter(kind);
      update({ connection: kind });
    } catch {
      // the browser's chooser was closed, or the device refused
      notifications.show({ color: 'yellow', message: t('err_cancelled') });
    } finally {
      setBusy(null);
    }
  };

  const testPrint = async () => {
    setBusy('test');
    const doc: ReceiptDoc = {
      lines: [
        { kind: 'text', text: shop, align: 'center', bold: true, big: true },
        { kind: 'text', text: t('testTitle'), align: 'center', bold: true },
        { kind: 'text', text: t('testTamil'), align: 'center' },
        { kind: 'rule' },
        { kind: 'pair', left: t('paper'), right: settings.paper },
        { kind: 'pair', left: t('testTotal'), right: '₹1.00', bold: true },
        { kind: 'rule' },
      ],
      openDrawer: false,
    };
    try {
      const { printWithNotice } = await import('../lib/escpos/print-with-notice');
      await printWithNotice(doc);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="md">
      <Text size="sm">{t('intro')}</Text>

      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Title order={3} size="h4">
            {t('connection')}
          </Title>
          {kinds.length === 0 ? (
            <Alert color="yellow" data-testid="printer-unsupported">
              {t('unsupported')}
            </Alert>
          ) : (
            <Group gap="xs">
              {kinds.map((k) => (
                <Button key={k} variant="light" onClick={() => void connect(k)} loading={busy === k} data-testid={`connect-${k}`}>
                  {t(`conn_${k}`)}
                </Button>
              ))}
            </Group>
          )}
          <Text size="sm" data-testid="printer-status" role="status">
            {settings.connection ? t('connected', { connection: t(`conn_${settings.connection}`) }) : t('noneYet')}
          </Text>
        </Stack>
      </Paper>

      <Paper withBorder p="md" radius="md">
        <Stack gap="md">
          <Radio.Group label={t('paper')} value={settings.paper} onChange={(v) => update({ paper: v === '80mm' ? '80mm' : '58mm' })}>
            <Group gap="lg" mt={6}>
              <Radio value="58mm" label={t('paper58')} />
              <Radio value="80mm" label={t('paper80')} />
            </Group>
          </Radio.Group>
          <Radio.Group label={t('afterSale')} value={settings.auto ? 'auto' : 'tap'} onChange={(v) => update({ auto: v === 'auto' })}>
            <Group gap="lg" mt={6}>
              <Radio value="tap" label={t('oneTap')} />
              <Radio value="auto" label={t('autoPrint')} />
            </Group>
          </Radio.Group>
          <Switch
            checked={settings.drawer}
            onChange={(e) => update({ drawer: e.currentTarget.checked })}
            label={t('drawer')}
            description={t('drawerHint')}
          />
        </Stack>
      </Paper>

      <Group>
        <Button onClick={() => void testPrint()} loading={busy === 'test'} disabled={!settings.connection} data-testid="printer-test">
          {t('testPrint')}
        </Button>
      </Group>
    </Stack>
  );
}
