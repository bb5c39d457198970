import { beforeAll, describe, expect, it } from 'vitest';
import { loadNamespaces } from '../../../src/lib/i18n';
import { stuckText, unsentText } from '../../../src/offline/logout-warning';

describe('logout warning texts', () => {
  beforeAll(() => loadNamespaces(['offline', 'common']));

  it('names how many changes are unsent and what happens to them', () => {
    expect(unsentText({ waiting: 2, attention: 0 })).toBe(
      '2 changes are not sent yet. If you log out now, they stay on this device until you sign in again; nobody else who signs in here sees or sends them.',
    );
    expect(unsentText({ waiting: 1, attention: 0 })).toMatch(/^1 change is not sent yet\. If you log out now, it stays on this device/);
    expect(unsentText({ waiting: 2, attention: 1 })).toMatch(
      /^3 changes are not sent yet\. 1 of them needs attention: the server refused it\. /,
    );
    expect(unsentText({ waiting: 0, attention: 1 })).toMatch(/^1 change is not sent yet\. It needs attention: the server refused it\. /);
  });

  it('says what Wait and send could not do', () => {
    expect(stuckText({ waiting: 2, attention: 0, lastError: 'No connection' })).toBe(
      'Still not sent: 2 changes (No connection). Try again when you are online, or log out anyway.',
    );
    expect(stuckText({ waiting: 0, attention: 1 })).toMatch(/^Everything that could go was sent, but 1 change needs attention\./);
  });
});
