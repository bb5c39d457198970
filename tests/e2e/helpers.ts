import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { readE2EState } from './state';

export const DEMO = {
  admin: '9876500001',
  vendor: '9876500002',
  customer: '9876500003',
  delivery: '9876500004',
  vendor2: '9876500005',
  password: 'Demo@1234',
} as const;

/** Signs in through the real sign-in screen and waits for /Home. */
export async function signIn(page: Page, phone: string, password: string = DEMO.password) {
  await page.goto('/');
  await page.getByLabel('Phone').fill(phone);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/Home$/);
}

/** The newest code the log SMS sender wrote for a phone (its outbox file, DATA_DIR/sms-outbox.log; never the server log). */
export async function readSmsCode(phone: string): Promise<string> {
  const { dataDir } = readE2EState();
  const outbox = path.join(dataDir, 'sms-outbox.log');
  for (let i = 0; i < 50; i++) {
    const lines = fs.existsSync(outbox) ? fs.readFileSync(outbox, 'utf8').split('\n').filter(Boolean) : [];
    for (const line of lines.reverse()) {
      const entry = JSON.parse(line) as { to: string; message: string };
      if (entry.to === phone) {
        const m = /\b(\d{6})\b/.exec(entry.message);
        if (m) return m[1];
      }
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no SMS for ${phone} in the SMS outbox`);
}

/** Calls the API directly (for arranging data), with a token from a sign-in. */
export async function apiToken(baseURL: string, phone: string, password: string = DEMO.password): Promise<string> {
  const res = await fetch(`${baseURL}/api/users/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ phone, password }) });
  if (!res.ok) throw new Error(`login failed ${res.status}`);
  return (await res.json()).token;
}
