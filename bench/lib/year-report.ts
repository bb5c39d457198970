/** bench/results/year.md from year.json: each figure of `npm run bench:year` beside its budget. */
import { YEAR_BUDGETS } from '../budgets';
import type { Spread } from './stats';
import type { YearPicks } from './year-data';

export interface YearFigure {
  key: string;
  label: string;
  budgetMs: number;
  calls: number;
  p50?: number;
  p99?: number;
  serverCpuMs?: number;
  dbCpuMs?: number;
  bytes?: number;
  spread?: { p50: Spread; p99: Spread };
  rssGrowthMb?: number;
  rssBudgetMb?: number;
  /** The API process's highest RSS while these calls ran (the highest of the runs). */
  peakRssMb?: number;
  /** What the answers said that the figure should be read with. */
  note?: string;
  error?: string;
}

export interface YearResults {
  meta: {
    date: string;
    database: string;
    runs: number;
    calls: number;
    heavyCalls: number;
    loadBefore: number;
    cores: number;
    phone: string;
    workOn: string;
    seedSeconds?: number;
    copySeconds?: number;
    startRssMb?: number;
    peakRssMb?: number;
  };
  picks?: YearPicks;
  figures: YearFigure[];
  checkouts?: {
    rate: number;
    sent: number;
    placed: number;
    conflicts: number;
    failed: number;
    p50: number;
    p99: number;
    samples: string[];
  };
  backup?: { seconds: number; ok: boolean; bytes: number; error?: string };
  restore?: {
    seconds: number;
    ok: boolean;
    error?: string;
    tables?: number;
    rows?: number;
    differ?: Array<{ table: string; source: number | null; restored: number | null; inBackup: boolean }>;
  };
  notes: string[];
}

const ms = (n: number) => (n >= 1000 ? `${(n / 1000).toFixed(2)} s` : `${n} ms`);
const int = (n: number) => n.toLocaleString('en-IN');
const verdict = (ok: boolean) => (ok ? 'met' : '**missed**');
const range = (s?: Spread) => (s ? ` (${ms(s.min)}-${ms(s.max)})` : '');

function figureRow(f: YearFigure): string {
  if (f.p99 === undefined)
    return `| ${f.label} | — | failed: ${(f.error ?? '').replace(/\|/g, '/')} | ≤ ${ms(f.budgetMs)} | **missed** | — | — |`;
  let judged = f.p99 <= f.budgetMs;
  let budget = `≤ ${ms(f.budgetMs)}`;
  let p99 = `${ms(f.p99)}${range(f.spread?.p99)}`;
  if (f.rssGrowthMb !== undefined && f.rssBudgetMb !== undefined) {
    judged &&= f.rssGrowthMb <= f.rssBudgetMb;
    budget += `, RSS +${f.rssBudgetMb} MB`;
    p99 += `; RSS +${f.rssGrowthMb} MB`;
  }
  const cpu = `${f.serverCpuMs} / ${f.dbCpuMs ?? '—'} ms`;
  const rss = f.peakRssMb ? `${f.peakRssMb} MB` : '—';
  return `| ${f.label} | ${ms(f.p50!)}${range(f.spread?.p50)} | ${p99} | ${budget} | ${verdict(judged)}${f.error ? ` (${f.error})` : ''}${f.note ? ` (${f.note})` : ''} | ${cpu} | ${rss} |`;
}

export function renderYear(r: YearResults): string {
  const m = r.meta;
  const p = r.picks;
  const out = [
    '# The back office on a year of data',
    '',
    `\`npm run bench:year\`, ${m.date.slice(0, 16).replace('T', ' ')} UTC, on ${m.workOn}; ${m.cores} cores, load ${m.loadBefore} before the run.`,
    `Shop ${m.phone}${p ? `: ${int(p.counts.orders)} orders from ${p.firstDay} to ${p.lastDay}, ${int(p.counts.products)} products, ${int(p.counts.customers)} shop customers` : ''}.`,
    `Each figure: ${m.calls} calls one after the other after one warm-up (exports and imports: ${m.heavyCalls}), ` +
      `${m.runs > 1 ? `the median of ${m.runs} runs with their lowest and highest in brackets` : 'one run'}; ` +
      `${YEAR_BUDGETS.checkoutsPerSecond} checkouts a second go on beside every call. ` +
      'CPU a call: the API process / the database backends, from /proc over the calls (the checkouts included). ' +
      "API RSS: the API process's highest RSS while those calls ran.",
    ...(m.seedSeconds !== undefined ? [`The bench seeded the year first: ${m.seedSeconds} s.`] : []),
    '',
    '| call | median | p99 | budget (p99) | | CPU a call | API RSS |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...r.figures.map(figureRow),
  ];
  const peak = m.peakRssMb ?? 0;
  out.push(
    `| the API process's peak RSS over the run (VmHWM and VmRSS every 50 ms) | | ${peak} MB | ≤ ${YEAR_BUDGETS.peakRssMb} MB | ${verdict(peak <= YEAR_BUDGETS.peakRssMb)} | | |`,
  );
  if (r.checkouts) {
    const c = r.checkouts;
    out.push(
      '',
      `Background checkouts (${c.rate} a second): ${int(c.sent)} sent, ${int(c.placed)} placed, ${c.conflicts} refused for stock (409), ` +
        `**${c.failed} failed**; median ${c.p50} ms, p99 ${c.p99} ms.${c.samples.length ? ` Unexpected answers: ${c.samples.join('; ')}` : ''}`,
    );
  }
  if (r.backup) {
    const b = r.backup;
    out.push('', '## Backup and restore', '');
    out.push(
      b.ok
        ? `- \`npm run backup\`: ${b.seconds} s, ${(b.bytes / 2 ** 20).toFixed(0)} MB of JSON.`
        : `- \`npm run backup\` **failed** after ${b.seconds} s: \`${b.error}\``,
    );
    if (r.restore) {
      const s = r.restore;
      if (!s.ok) out.push(`- \`npm run restore\` into a new database **failed** after ${s.seconds} s: \`${s.error}\``);
      else {
        out.push(`- \`npm run restore\` into a new database (its migrations included): ${s.seconds} s.`);
        out.push(
          s.differ?.length
            ? `- Row counts **differ** in ${s.differ.length} of ${s.tables} tables: ${s.differ.map((d) => `${d.table} ${d.source ?? '—'} → ${d.restored ?? '—'}${d.inBackup ? '' : ' (not a table the backup holds)'}`).join(', ')}.`
            : `- Every table's row count is equal after the restore (${s.tables} tables, ${int(s.rows ?? 0)} rows).`,
        );
      }
    }
  }
  if (r.notes.length) out.push('', '## Notes', '', ...r.notes.map((n) => `- ${n}`));
  return out.join('\n') + '\n';
}
