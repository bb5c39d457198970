/**
 * Bundle visualiser for the budget work: `npx tsx bench/bundle-report.ts [chunkNamePrefix]`
 * builds the PWA into .tmp/bundle-report and prints, per chunk, the packages and modules that
 * make it up (rendered bytes before compression), biggest first.
 */
import path from 'node:path';
import zlib from 'node:zlib';
import { build, type Plugin } from 'vite';
import { ROOT } from './lib/bundle';

const only = process.argv[2] ?? 'index';
const report: Plugin = {
  name: 'bench-bundle-report',
  apply: 'build',
  generateBundle(_opts, bundle) {
    for (const chunk of Object.values(bundle)) {
      if (chunk.type !== 'chunk' || !chunk.fileName.includes(only)) continue;
      const byPkg = new Map<string, number>();
      const codeByPkg = new Map<string, string>();
      const mods: Array<[string, number]> = [];
      for (const [id, m] of Object.entries(chunk.modules)) {
        const code = (m as { code?: string | null }).code ?? '';
        const len = code.length || m.renderedLength;
        const rel = path.relative(ROOT, id);
        const pkg = rel.includes('node_modules/')
          ? rel
              .split('node_modules/')
              .pop()!
              .split('/')
              .slice(0, rel.includes('node_modules/@') ? 2 : 1)
              .join('/')
          : rel.split('/').slice(0, 2).join('/');
        byPkg.set(pkg, (byPkg.get(pkg) ?? 0) + len);
        codeByPkg.set(pkg, (codeByPkg.get(pkg) ?? '') + code);
        mods.push([rel, len]);
      }
      console.log(`\n== ${chunk.fileName} (${chunk.code.length} bytes)`);
      console.log('  bytes (rendered)  gzip alone  package');
      for (const [p, n] of [...byPkg].sort((a, b) => b[1] - a[1]).slice(0, 25)) {
        console.log(`${String(n).padStart(9)}  ${String(zlib.gzipSync(codeByPkg.get(p) ?? '').length).padStart(9)}  ${p}`);
      }
      console.log('  -- top modules');
      for (const [p, n] of mods.sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOP ?? 30)))
        console.log(`${String(n).padStart(9)}  ${p}`);
    }
  },
};

await build({
  root: ROOT,
  logLevel: 'error',
  build: { outDir: path.join(ROOT, '.tmp/bundle-report'), emptyOutDir: true },
  plugins: [report],
});
