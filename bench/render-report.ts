/**
 * Re-renders the reports in bench/results from their JSON (after editing the causes in lib/report.ts):
 * latest.md from latest.json, products-N.md from each products-N.json, and year.md from year.json.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib/bundle';
import { rerenderReports } from './lib/report';
import { renderYear } from './lib/year-report';

const dir = path.join(ROOT, 'bench/results');
for (const name of rerenderReports(dir)) console.log(`rewrote ${path.relative(ROOT, dir)}/${name}.md`);
const year = path.join(dir, 'year.json');
if (fs.existsSync(year)) {
  fs.writeFileSync(path.join(dir, 'year.md'), renderYear(JSON.parse(fs.readFileSync(year, 'utf8'))));
  console.log(`rewrote ${path.relative(ROOT, dir)}/year.md`);
}
