/**
 * Re-renders the reports in bench/results from their JSON (after editing the causes in lib/report.ts):
 * latest.md from latest.json, and products-N.md from each products-N.json.
 */
import path from 'node:path';
import { ROOT } from './lib/bundle';
import { rerenderReports } from './lib/report';

const dir = path.join(ROOT, 'bench/results');
for (const name of rerenderReports(dir)) console.log(`rewrote ${path.relative(ROOT, dir)}/${name}.md`);
