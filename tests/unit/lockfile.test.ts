import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * `npm ci` refuses a lock file that lacks an entry for any optional dependency (the per-platform
 * binaries of native packages), even one this machine never installs. The registry reachable here
 * serves only some platforms' binaries, so an `npm install` here can leave them out: this catches it
 * before CI does.
 */
const lock = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../package-lock.json'), 'utf8')) as {
  packages: Record<string, { optionalDependencies?: Record<string, string> }>;
};

/** Where Node would find `name` from the package at `from` (its own node_modules, then each parent's). */
function resolves(from: string, name: string): boolean {
  let dir = from;
  for (;;) {
    if (lock.packages[`${dir ? `${dir}/` : ''}node_modules/${name}`]) return true;
    if (!dir) return false;
    const i = dir.lastIndexOf('/node_modules/');
    dir = i === -1 ? '' : dir.slice(0, i);
  }
}

describe('package-lock.json', () => {
  it('has an entry for every optional dependency of every package', () => {
    const missing = Object.entries(lock.packages).flatMap(([at, p]) =>
      Object.keys(p.optionalDependencies ?? {})
        .filter((name) => !resolves(at, name))
        .map((name) => `${at || '(root)'} → ${name}`),
    );
    expect(missing).toEqual([]);
  });
});
