import { Button } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { ReceiptDoc } from '../lib/escpos/receipt-doc';
import { availableConnections, readPrinterSettings } from '../lib/escpos/printer-settings';
import { useT } from '../lib/i18n';
import { useSession } from '../stores/session';

/**
 * "Print to printer": sends the bill straight to this device's receipt printer. Shown only once a
 * printer was connected on this device (the Receipt printer page); the Print button (the browser's
 * dialog) stays beside it as the fallback. Before that, the shop's staff see a link to that page
 * (when the browser can reach a printer at all).
 */
export function ThermalPrintButton({ doc }: { doc: () => ReceiptDoc }) {
  const t = useT('printer');
  const [busy, setBusy] = useState(false);
  const staff = useSession((s) => s.userInfo?.role === 'vendor' || s.userInfo?.role === 'admin');
  if (!readPrinterSettings().connection)
    return staff && availableConnections().length > 0 ? (
      <Button component={Link} to="/printer" size="xs" variant="subtle">
        {t('setUp')}
      </Button>
    ) : null;
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
