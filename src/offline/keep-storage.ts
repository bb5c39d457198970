import { useEffect, useState } from 'react';

/**
 * Sales and deliveries made offline live in this browser's storage until they are sent. A browser
 * may clear that storage when space runs low unless the site asked to keep it
 * (`navigator.storage.persist()`); the answer is the browser's (engagement, an installed app, a prompt).
 * A device that works offline for a shop (a till, a cashier, a rider) asks once it signs in or becomes a till.
 */

/** Remembered per browser: this device asked, so a refusal is worth showing. */
const ASKED_KEY = 'storage-keep-asked';

function storageManager(): StorageManager | undefined {
  return typeof navigator !== 'undefined' ? navigator.storage : undefined;
}

/** Asks the browser to keep this site's storage; answers whether it will (false where it cannot say). */
export async function keepDeviceStorage(): Promise<boolean> {
  const storage = storageManager();
  try {
    localStorage.setItem(ASKED_KEY, '1');
  } catch {
    // storage full or blocked: the question is still asked
  }
  if (!storage?.persist) return false;
  try {
    if (await storage.persisted?.()) return true;
    return await storage.persist();
  } catch {
    return false;
  }
}

/** Whether this device asked to keep its storage and the browser does not promise to. */
export async function storageMayBeCleared(): Promise<boolean> {
  let asked = false;
  try {
    asked = localStorage.getItem(ASKED_KEY) === '1';
  } catch {
    asked = false;
  }
  if (!asked) return false;
  const storage = storageManager();
  try {
    return !(await storage?.persisted?.());
  } catch {
    return true;
  }
}

/** The same, for a screen: false until known. */
export function useStorageMayBeCleared(): boolean {
  const [mayBe, setMayBe] = useState(false);
  useEffect(() => {
    let live = true;
    void storageMayBeCleared().then((v) => live && setMayBe(v));
    return () => {
      live = false;
    };
  }, []);
  return mayBe;
}
