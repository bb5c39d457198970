import { describe, expect, it } from 'vitest';
import { sendBeforeLogout } from '../../../src/offline/send-before-logout';
import type { UnsentSummary } from '../../../src/offline/device-data';
import type { SyncResult } from '../../../src/offline/sync';

const run = (over: Partial<SyncResult> = {}): SyncResult => ({
  sent: 0,
  failed: 0,
  remaining: 0,
  interrupted: false,
  authRequired: [],
  ...over,
});

/** A fake outbox: each send answers the next scripted result and leaves the next scripted summary. */
function script(steps: Array<{ result: SyncResult | null; left: UnsentSummary }>) {
  let i = -1;
  let clock = 0;
  const log: string[] = [];
  return {
    log,
    deps: {
      saveToken: async () => void log.push('token'),
      send: async () => {
        i = Math.min(i + 1, steps.length - 1);
        log.push('send');
        return steps[i].result;
      },
      summary: async () => steps[Math.max(i, 0)].left,
      sleep: async (ms: number) => {
        clock += ms;
        log.push('sleep');
      },
      now: () => clock,
      timeoutMs: 5_000,
    },
  };
}

describe('Wait and send (logout)', () => {
  it('saves the token, sends, and answers nothing left', async () => {
    const s = script([{ result: run({ sent: 2 }), left: { waiting: 0, attention: 0 } }]);
    expect(await sendBeforeLogout('u', 't', s.deps)).toEqual({ waiting: 0, attention: 0 });
    expect(s.log).toEqual(['token', 'send']);
  });

  it('stops at once when the run was cut short (no connection) and tells what is left', async () => {
    const s = script([
      { result: run({ interrupted: true, remaining: 2 }), left: { waiting: 2, attention: 0, lastError: 'No connection' } },
    ]);
    expect(await sendBeforeLogout('u', 't', s.deps)).toEqual({ waiting: 2, attention: 0, lastError: 'No connection' });
    expect(s.log).toEqual(['token', 'send']);
  });

  it('stops when the session was refused', async () => {
    const s = script([{ result: run({ authRequired: ['u'] }), left: { waiting: 1, attention: 0 } }]);
    expect((await sendBeforeLogout('u', 't', s.deps)).waiting).toBe(1);
    expect(s.log).toEqual(['token', 'send']);
  });

  it('waits while another tab or the service worker is sending, until they are done', async () => {
    const s = script([
      { result: null, left: { waiting: 3, attention: 0 } },
      { result: null, left: { waiting: 1, attention: 0 } },
      { result: run({ sent: 1 }), left: { waiting: 0, attention: 1 } },
    ]);
    expect(await sendBeforeLogout('u', 't', s.deps)).toEqual({ waiting: 0, attention: 1 });
    expect(s.log).toEqual(['token', 'send', 'sleep', 'send', 'sleep', 'send']);
  });

  it('gives up after its time limit', async () => {
    const s = script([{ result: null, left: { waiting: 4, attention: 0 } }]);
    expect((await sendBeforeLogout('u', 't', s.deps)).waiting).toBe(4);
    expect(s.log.filter((l) => l === 'send').length).toBe(11); // every 500 ms for 5 s
  });
});
