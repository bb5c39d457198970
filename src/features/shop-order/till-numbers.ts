import { invoicedAtSale } from '../../../core/invoice';
import type { CreatedDeviceDto, NumberBlockDto } from '../../../core/schemas/device';
import type { ShopOrderPayload } from '../../../core/shop-order';
import { addBlock, takeTillNumber, type TillState, yearsToTopUp } from '../../../core/till';
import { api } from '../../lib/api';
import { keepDeviceStorage } from '../../offline/keep-storage';
import { readTill, saveTill } from './till-store';

/** One tab at a time takes a number (Web Locks where the browser has them): two tabs never give the same one. */
async function exclusive<T>(run: () => T | Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? locks.request('namma-kadai-till', run) : run();
}

/** What numbering a sale at this till came to: its number, or that the till had none left (the bill is then provisional). */
export interface TillNumbering {
  payload: ShopOrderPayload;
  /** The till gave the sale its final number. */
  number: string | null;
  /** This device is a till but had no number left for the sale's year. */
  outOfNumbers: boolean;
}

/**
 * Gives a sale handed over or paid the next number of this device's till for the sale time's financial
 * year, saved on the device before anything is shown. A sale to deliver later is numbered at delivery
 * by the server; a device that is no till, or a till out of numbers, leaves the sale unnumbered.
 */
export async function numberAtTill(
  userId: string,
  payload: ShopOrderPayload,
  saleTime: number,
  opts: { awaitsPayment?: boolean } = {},
): Promise<TillNumbering> {
  // a sale the server records unpaid (a UPI payment the provider is to confirm) and delivers later is numbered at delivery
  const paymentStatus = opts.awaitsPayment ? 'Pending' : payload.paymentStatus;
  const invoiced = invoicedAtSale({ status: payload.handedOver ? 'Delivered' : 'Pending', paymentStatus });
  if (!invoiced || !readTill(userId)) return { payload, number: null, outOfNumbers: false };
  return exclusive(() => {
    const till = readTill(userId);
    const taken = till ? takeTillNumber(till, new Date(saleTime)) : null;
    if (!till || !taken) return { payload, number: null, outOfNumbers: !!till };
    saveTill(userId, taken.state);
    return { payload: { ...payload, deviceId: till.deviceId, invoiceNumber: taken.number }, number: taken.number, outOfNumbers: false };
  });
}

const reserve = (deviceId: string, fy: string) => api.post<NumberBlockDto>(`devices/${deviceId}/numbers`, { fy });

/** Online: reserves the blocks this device's till needs (this year running low, the coming one in late March). */
export async function topUpTill(userId: string): Promise<void> {
  const till = readTill(userId);
  if (!till) return;
  for (const fy of yearsToTopUp(till, new Date())) {
    const block = await reserve(till.deviceId, fy);
    await exclusive(() => {
      const now = readTill(userId);
      if (now?.deviceId === block.deviceId) saveTill(userId, addBlock(now, block));
    });
  }
}

/** Registers this device as a till of the signed-in vendor, with its first block of numbers. */
export async function registerTill(userId: string, name: string): Promise<TillState> {
  const d = await api.post<CreatedDeviceDto>('devices', { name });
  // a till keeps sales numbered offline until they are sent: ask the browser not to clear them
  void keepDeviceStorage();
  const state = addBlock({ deviceId: d._id, name: d.name, prefix: d.series, blocks: [] }, d.block);
  saveTill(userId, state);
  return state;
}

/** Stops using this device as a till: retired on the server (no more blocks), forgotten here. */
export async function retireTill(userId: string): Promise<void> {
  const till = readTill(userId);
  if (!till) return;
  await api.delete(`devices/${till.deviceId}`);
  saveTill(userId, null);
}
