import { describe, expect, it } from 'vitest';
import { SharedBuilds } from '../../../server/lib/shared-builds';

/** A build the test finishes when it chooses, recording when it started. */
function builds() {
  const started: string[] = [];
  const finish = new Map<string, (v: string) => void>();
  const fail = new Map<string, (e: Error) => void>();
  const build = (name: string) => () => {
    started.push(name);
    return new Promise<string>((resolve, reject) => {
      finish.set(name, resolve);
      fail.set(name, reject);
    });
  };
  return { started, build, finish: (name: string) => finish.get(name)!(name), fail: (name: string) => fail.get(name)!(new Error(name)) };
}

/** Lets settled builds hand their slots on (promise callbacks only: no timers). */
const settle = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

describe('SharedBuilds', () => {
  it('runs at most `concurrency` builds, the others in order of arrival', async () => {
    const shared = new SharedBuilds<string>(2);
    const b = builds();
    const answers = ['a1', 'b1', 'c1', 'd1'].map((name) => shared.run(name[0], b.build(name)));
    expect(b.started).toEqual(['a1', 'b1']);
    expect([shared.active, shared.queued]).toEqual([2, 2]);
    b.finish('b1');
    await settle();
    expect(b.started).toEqual(['a1', 'b1', 'c1']);
    b.finish('a1');
    await settle();
    expect(b.started).toEqual(['a1', 'b1', 'c1', 'd1']);
    b.finish('c1');
    b.finish('d1');
    expect(await Promise.all(answers)).toEqual(['a1', 'b1', 'c1', 'd1']);
    expect([shared.active, shared.queued]).toEqual([0, 0]);
  });

  it('shares a waiting build with every later caller of its key, but never a started one', async () => {
    const shared = new SharedBuilds<string>(1);
    const b = builds();
    const first = shared.run('k', b.build('k1'));
    // k1 started: the next caller of k does not join it (it may have read before that caller's write)
    const second = shared.run('k', b.build('k2'));
    const third = shared.run('k', b.build('k3'));
    const other = shared.run('x', b.build('x1'));
    expect(b.started).toEqual(['k1']);
    expect(shared.queued).toBe(2);
    b.finish('k1');
    await settle();
    expect(b.started).toEqual(['k1', 'k2']);
    // k2 started: a caller now gets a build of its own, queued after x1
    const fourth = shared.run('k', b.build('k4'));
    b.finish('k2');
    await settle();
    b.finish('x1');
    await settle();
    b.finish('k4');
    expect(await Promise.all([first, second, third, other, fourth])).toEqual(['k1', 'k2', 'k2', 'x1', 'k4']);
    expect(b.started).toEqual(['k1', 'k2', 'x1', 'k4']);
  });

  it('a failed build fails its callers only, and frees its slot', async () => {
    const shared = new SharedBuilds<string>(1);
    const b = builds();
    const first = shared.run('k', b.build('k1'));
    const waiting = [shared.run('k', b.build('k2')), shared.run('k', b.build('k3'))];
    const sync = shared.run('y', () => {
      throw new Error('thrown');
    });
    b.fail('k1');
    await expect(first).rejects.toThrow('k1');
    await settle();
    b.fail('k2');
    await expect(Promise.all(waiting)).rejects.toThrow('k2');
    await expect(sync).rejects.toThrow('thrown');
    expect([shared.active, shared.queued]).toEqual([0, 0]);
    const after = shared.run('k', b.build('k5'));
    expect(b.started).toEqual(['k1', 'k2', 'k5']);
    b.finish('k5');
    expect(await after).toBe('k5');
  });
});
