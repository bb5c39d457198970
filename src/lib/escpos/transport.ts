import type { Connection } from './printer-settings';

/*
 * Sending bytes to the printer over Web Serial, WebUSB or Web Bluetooth. TypeScript's DOM library has
 * none of the three, so only what is used is typed here. A port or device the user once chose is
 * granted to this origin: Web Serial and WebUSB find it again with getPorts()/getDevices() (no dialog),
 * Web Bluetooth keeps it for the page's life (browsers list granted devices only behind a flag).
 */

interface SerialPortLike {
  readable: unknown;
  writable: WritableStream<Uint8Array> | null;
  open(o: { baudRate: number }): Promise<void>;
}
interface UsbEndpoint {
  endpointNumber: number;
  direction: 'in' | 'out';
  type: string;
}
interface UsbDeviceLike {
  opened: boolean;
  configuration: { interfaces: { interfaceNumber: number; alternate: { interfaceClass: number; endpoints: UsbEndpoint[] } }[] } | null;
  open(): Promise<void>;
  selectConfiguration(n: number): Promise<void>;
  claimInterface(n: number): Promise<void>;
  transferOut(endpoint: number, data: Uint8Array): Promise<unknown>;
}
interface GattCharacteristic {
  properties: { write: boolean; writeWithoutResponse: boolean };
  writeValueWithoutResponse?(d: Uint8Array): Promise<void>;
  writeValue(d: Uint8Array): Promise<void>;
}
interface GattService {
  getCharacteristics(): Promise<GattCharacteristic[]>;
}
interface BluetoothDeviceLike {
  gatt?: { connected: boolean; connect(): Promise<{ getPrimaryServices(): Promise<GattService[]> }> };
}
interface Nav {
  serial?: { requestPort(): Promise<SerialPortLike>; getPorts(): Promise<SerialPortLike[]> };
  usb?: { requestDevice(o: { filters: object[] }): Promise<UsbDeviceLike>; getDevices(): Promise<UsbDeviceLike[]> };
  bluetooth?: {
    requestDevice(o: { acceptAllDevices: boolean; optionalServices: string[] }): Promise<BluetoothDeviceLike>;
    /** Granted devices after a reload: only where the browser has it (behind a flag in Chrome today). */
    getDevices?(): Promise<BluetoothDeviceLike[]>;
  };
}
const nav = () => navigator as unknown as Nav;

/** Services the common Bluetooth receipt printers write through (generic 58 mm printers, Epson, Star, Zjiang). */
const BLUETOOTH_SERVICES = [
  '000018f0-0000-1000-8000-00805f9b34fb',
  'e7810a71-73ae-499d-8c15-faa9aef0c3f2',
  '49535343-fe7d-4ae5-8fa9-9fafd205e455',
  '0000ff00-0000-1000-8000-00805f9b34fb',
];

/** A failure the screens explain in words: no printer chosen yet, or it did not answer. */
export class PrinterError extends Error {
  constructor(readonly reason: 'noPrinter' | 'unreachable') {
    super(reason);
  }
}

let bluetoothDevice: BluetoothDeviceLike | null = null;

/** Asks the user to choose a printer (the browser's own dialog; needs a tap). */
export async function choosePrinter(kind: Connection): Promise<void> {
  const n = nav();
  if (kind === 'serial' && n.serial) await n.serial.requestPort();
  else if (kind === 'usb' && n.usb) await n.usb.requestDevice({ filters: [] });
  else if (kind === 'bluetooth' && n.bluetooth)
    bluetoothDevice = await n.bluetooth.requestDevice({ acceptAllDevices: true, optionalServices: BLUETOOTH_SERVICES });
  else throw new PrinterError('noPrinter');
}

async function sendSerial(bytes: Uint8Array) {
  const port = (await nav().serial?.getPorts())?.[0];
  if (!port) throw new PrinterError('noPrinter');
  if (!port.writable) await port.open({ baudRate: 9600 });
  const writer = port.writable!.getWriter();
  try {
    await writer.write(bytes);
  } finally {
    writer.releaseLock();
  }
}

async function sendUsb(bytes: Uint8Array) {
  const device = (await nav().usb?.getDevices())?.[0];
  if (!device) throw new PrinterError('noPrinter');
  if (!device.opened) await device.open();
  if (!device.configuration) await device.selectConfiguration(1);
  // the printer class interface (7), else the first with a bulk OUT endpoint
  const ifaces = device.configuration?.interfaces ?? [];
  const bulkOut = (i: (typeof ifaces)[number]) => i.alternate.endpoints.find((e) => e.direction === 'out' && e.type === 'bulk');
  const iface = ifaces.find((i) => i.alternate.interfaceClass === 7 && bulkOut(i)) ?? ifaces.find((i) => bulkOut(i));
  if (!iface) throw new PrinterError('unreachable');
  await device.claimInterface(iface.interfaceNumber).catch(() => undefined);
  await device.transferOut(bulkOut(iface)!.endpointNumber, bytes);
}

async function sendBluetooth(bytes: Uint8Array) {
  bluetoothDevice ??= (await nav().bluetooth?.getDevices?.())?.[0] ?? null;
  if (!bluetoothDevice?.gatt) throw new PrinterError('noPrinter');
  const server = await bluetoothDevice.gatt.connect();
  let target: GattCharacteristic | undefined;
  for (const s of await server.getPrimaryServices()) {
    target = (await s.getCharacteristics()).find((c) => c.properties.writeWithoutResponse || c.properties.write);
    if (target) break;
  }
  if (!target) throw new PrinterError('unreachable');
  // small writes: many printers take no more than a BLE packet at a time
  for (let i = 0; i < bytes.length; i += 180) {
    const chunk = bytes.slice(i, i + 180);
    if (target.properties.writeWithoutResponse && target.writeValueWithoutResponse) await target.writeValueWithoutResponse(chunk);
    else await target.writeValue(chunk);
  }
}

/**
 * Whether a printer was chosen on this device and is still granted to it (no dialog, no connection
 * made): checked before a receipt is drawn, so "no printer" is said at once rather than after the
 * font and the encoder have loaded.
 */
export async function printerGranted(kind: Connection | null): Promise<boolean> {
  const n = nav();
  try {
    if (kind === 'serial') return ((await n.serial?.getPorts())?.length ?? 0) > 0;
    if (kind === 'usb') return ((await n.usb?.getDevices())?.length ?? 0) > 0;
    if (kind === 'bluetooth') return Boolean(bluetoothDevice ?? (await n.bluetooth?.getDevices?.())?.[0]);
  } catch {
    return false;
  }
  return false;
}

/** Sends the bytes to the printer chosen before; PrinterError when there is none or it does not answer. */
export async function sendToPrinter(kind: Connection | null, bytes: Uint8Array): Promise<void> {
  try {
    if (kind === 'serial') await sendSerial(bytes);
    else if (kind === 'usb') await sendUsb(bytes);
    else if (kind === 'bluetooth') await sendBluetooth(bytes);
    else throw new PrinterError('noPrinter');
  } catch (e) {
    throw e instanceof PrinterError ? e : new PrinterError('unreachable');
  }
}
