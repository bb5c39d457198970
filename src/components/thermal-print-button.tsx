import { Button } from '@mantine/core';
import { useState } from 'react';
import type { ReceiptDoc } from '../lib/escpos/receipt-doc';
import { readPrinterSettings } from '../lib/escpos/printer-settings';
import { useT } from '../lib/i18n';

/**
 * "Print to printer": sends the bill straight to this device's receipt printer. Shown only once a
 * printer was connected on this device (the Receipt printer page); the Print button (the browser's
 * dialog) stays beside it as the fallback.
 */
export function ThermalPrintButton({ doc }: { doc: () => ReceiptDoc }) {
  const t = useT('printer');
  const [busy, setBusy] = useState(false);
  if (!readPrinterSettings().connection) return null;
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
    <Button size="xs" variant="light" onClick={() => void print()} loading={busy} data-testid="thermal-print">
      {t('printToPrinter')}
    </Button>
  );
}
