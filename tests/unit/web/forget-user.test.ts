import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { MemoryStorage } from './memory-storage';

const storage = new MemoryStorage();
(globalThis as { localStorage?: Storage }).localStorage = storage;
(globalThis as { sessionStorage?: Storage }).sessionStorage = new MemoryStorage();

describe('a change of user on a shared device', () => {
  it("forgets the last user's keys but keeps the device's own: its till, its receipt printer, display settings", async () => {
    const { forgetOtherUsers } = await import('../../../src/offline/forget-user');
    const { PRINTER_SETTINGS_KEY } = await import('../../../src/lib/escpos/printer-settings');
    const { SPEAK_PAYMENTS_KEY } = await import('../../../src/lib/speak-payments-key');
    const device = {
      till: '{"v1":{"deviceId":"d1"}}',
      [PRINTER_SETTINGS_KEY]: '{"connection":"serial","paper":"80mm","auto":true,"drawer":true}',
      // the counter says UPI payments aloud, or not, whoever signs in at it
      [SPEAK_PAYMENTS_KEY]: 'off',
      'mantine-color-scheme-value': 'light',
    };
    for (const [k, v] of Object.entries(device)) storage.setItem(k, v);
    storage.setItem('offline-ready:u1', '1');
    storage.setItem('scroll-positions', '{}');
    storage.setItem('followed-areas:u1', '["Adyar"]');
    await forgetOtherUsers('u2');
    for (const [k, v] of Object.entries(device)) expect(storage.getItem(k), k).toBe(v);
    for (const k of ['offline-ready:u1', 'scroll-positions', 'followed-areas:u1']) expect(storage.getItem(k), k).toBeNull();
  });
});
