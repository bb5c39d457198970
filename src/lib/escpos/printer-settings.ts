import type { PaperWidth } from './receipt-doc';

export type Connection = 'serial' | 'usb' | 'bluetooth';

/** The receipt printer of this device (not of the account: each till has its own), kept in localStorage. */
export interface PrinterSettings {
  /** How the printer was connected last; null: none yet. */
  connection: Connection | null;
  paper: PaperWidth;
  /** After a sale: print at once (true) or wait for a tap on "Print to printer" (false). */
  auto: boolean;
  /** Open the cash drawer (wired to the printer) on a cash sale. */
  drawer: boolean;
}

/** The device's printer settings (kept when the user changes: src/offline/forget-user.ts). */
export const PRINTER_SETTINGS_KEY = 'nk.receipt-printer';
const KEY = PRINTER_SETTINGS_KEY;
export const DEFAULT_PRINTER: PrinterSettings = { connection: null, paper: '58mm', auto: false, drawer: false };

export function readPrinterSettings(): PrinterSettings {
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Partial<PrinterSettings> | null;
    if (!raw || typeof raw !== 'object') return DEFAULT_PRINTER;
    return {
      connection: raw.connection === 'serial' || raw.connection === 'usb' || raw.connection === 'bluetooth' ? raw.connection : null,
      paper: raw.paper === '80mm' ? '80mm' : '58mm',
      auto: raw.auto === true,
      drawer: raw.drawer === true,
    };
  } catch {
    return DEFAULT_PRINTER;
  }
}

export function savePrinterSettings(s: PrinterSettings): void {
  localStorage.setItem(KEY, JSON.stringify(s));
}

/** The connections this browser offers (Web Serial, WebUSB, Web Bluetooth: Chromium-based browsers, and only on https). */
export function availableConnections(): Connection[] {
  if (typeof navigator === 'undefined') return [];
  const n = navigator as unknown as Record<string, unknown>;
  return (['serial', 'usb', 'bluetooth'] as const).filter((c) => c in n && n[c] != null);
}
