import { Button, Loader, Modal } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import type { ReceiptDoc } from '../lib/escpos/receipt-doc';
import { availableConnections, readPrinterSettings } from '../lib/escpos/printer-settings';
import { useT } from '../lib/i18n';
import { useCan } from '../stores/use-can';

/*
 * The printer's texts (namespace `printer`) load on their own, behind a Suspense that shows nothing
 * meanwhile: the routes that show these buttons do not wait for them, and the route table (in the
 * first screen's bundle) stays as it was.
 */

const PrinterSettingsPanel = lazy(() => import('./printer-settings-panel'));

/** md: a finger's size (44 px high), on the pages a phone prints from. */
type Size = 'xs' | 'md';

function SetupLink({ size = 'xs' }: { size?: Size }) {
  const t = useT('printer');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size={size}
        mih={size === 'md' ? 44 : undefined}
        variant="subtle"
        onClick={() => setOpen(true)}
        data-testid="printer-settings"
      >
        {t('setUp')}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={t('title')} size="lg">
        <Suspense fallback={<Loader size="sm" />}>
          <PrinterSettingsPanel />
        </Suspense>
      </Modal>
    </>
  );
}

/** "Receipt printer": opens this device's printer settings (printer-settings-panel.tsx), for the counter and the bill. */
export function PrinterSetupLink({ size }: { size?: Size }) {
  return (
    <Suspense fallback={null}>
      <SetupLink size={size} />
    </Suspense>
  );
}

function PrintButton({ doc, size }: { doc: () => ReceiptDoc; size: Size }) {
  const t = useT('printer');
  const [busy, setBusy] = useState(false);
  const print = async () => {
    setBusy(true);
    try {
      const { printWithNotice } = await import('../lib/escpos/print-with-notice');
      await printWithNotice(doc());
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size={size}
      mih={size === 'md' ? 44 : undefined}
      variant="light"
      onClick={() => void print()}
      loading={busy}
      data-testid="thermal-print"
    >
      {t('printToPrinter')}
    </Button>
  );
}

/**
 * "Print to printer": sends the bill straight to this device's receipt printer. Shown only once a
 * printer was connected on this device (the Receipt printer settings); the Print button (the browser's
 * dialog) stays beside it as the fallback. Before that, the shop's staff see the settings' button
 * (when the browser can reach a printer at all).
 */
export function ThermalPrintButton({ doc, size = 'xs' }: { doc: () => ReceiptDoc; size?: Size }) {
  const staff = useCan('sell');
  if (!readPrinterSettings().connection) return staff && availableConnections().length > 0 ? <PrinterSetupLink size={size} /> : null;
  return (
    <Suspense fallback={null}>
      <PrintButton doc={doc} size={size} />
    </Suspense>
  );
}
