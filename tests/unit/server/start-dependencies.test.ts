import { builtinModules } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * `npm start` builds the web app and the API bundle when they are missing or stale, so everything
 * that build and the server import must be installed by `npm ci --omit=dev`: each package imported by
 * the app's sources and build scripts is in `dependencies`, not `devDependencies`.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };

function files(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) return files(rel);
    return /\.(ts|tsx|mjs)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [rel] : [];
  });
}

const packageOf = (spec: string) => (spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]);

function bareImports(file: string): string[] {
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
  const specs = [
    ...text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+'([^']+)'|import\(\s*'([^']+)'\s*\)|^import\s+'([^']+)'/gm),
  ].map((m) => m[1] ?? m[2] ?? m[3]);
  return specs.filter((s) => !s.startsWith('.') && !s.startsWith('node:') && !builtinModules.includes(s) && !s.startsWith('virtual:'));
}

describe('what npm start builds and runs is installed without dev dependencies', () => {
  const sources = [
    ...files('src'),
    ...files('core'),
    ...files('server'),
    'vite.config.ts',
    'scripts/compress-plugin.ts',
    'scripts/ensure-build.mjs',
    'scripts/build-server.mjs',
  ];

  it('every package they import is a runtime dependency', () => {
    const missing = new Set<string>();
    for (const f of sources)
      for (const spec of bareImports(f)) if (!pkg.dependencies[packageOf(spec)]) missing.add(`${packageOf(spec)} (${f})`);
    expect([...missing]).toEqual([]);
  });

  it('the scan sees the imports that matter', () => {
    const all = new Set(sources.flatMap(bareImports).map(packageOf));
    for (const p of ['react', 'vite', 'fastify', 'kysely', '@mantine/core', 'dexie']) expect(all).toContain(p);
  });
});
