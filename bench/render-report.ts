/** Re-renders bench/results/latest.md from latest.json (after editing the causes in lib/report.ts). */
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib/bundle';
import { type BenchResults, writeReport } from './lib/report';

const dir = path.join(ROOT, 'bench/results');
const r = JSON.parse(fs.readFileSync(path.join(dir, 'latest.json'), 'utf8')) as BenchResults;
writeReport(r, dir);
console.log(`rewrote ${path.relative(ROOT, dir)}/latest.md`);
