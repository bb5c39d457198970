/**
 * Where PostgreSQL's time goes in the cold wide mix: each query's captured statements (raw-search.ts)
 * run once more under EXPLAIN (ANALYZE) on one connection, nothing else running, and summed by query
 * kind, by statement, by index read and for planning. It names the limit behind the cold figures:
 * which searches cost the most and in which step, so the next step is chosen from a measurement.
 */
import pg from 'pg';
import { PLANNER_OPTIONS } from '../../server/db';
import type { Statement } from './raw-search';

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Actual Total Time'?: number;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}

export interface SearchProfile {
  queries: number;
  /** Planning and execution together, ms, all queries. */
  totalMs: number;
  planningMs: number;
  /** Searches with more matches than the count cap (a second, bounded read): their number and time. */
  pastCap: { queries: number; ms: number };
  byKind: Array<{ kind: string; queries: number; meanMs: number }>;
  /** Time in bitmap reads of each index (the word index's share is the broad words' cost). */
  bitmapByIndex: Record<string, number>;
  /** Time by statement: the first words of its SQL, how many ran and their time. */
  byStatement: Array<{ statement: string; runs: number; ms: number }>;
}

/** The statement's kind, named from its SQL. */
function statementName(sql: string): string {
  const s = sql.replace(/\s+/g, ' ').trim();
  if (s.startsWith('WITH m AS MATERIALIZED')) return 'the counted sample (up to the cap + 1 matches)';
  if (s.startsWith('WITH c AS MATERIALIZED')) return "past the cap: the matches on the near side of the sample's page end";
  if (s.startsWith('SELECT p.id FROM products p')) return 'past the cap: an ordered index walk (price ranges)';
  if (s.startsWith('SELECT p.id FROM (')) return "a broad word: its page by a walk of the order's index";
  if (s.includes('WHERE NOT is_active')) return 'a broad word: the products that may be hidden (once per version and area)';
  if (s.startsWith('SELECT array(SELECT lexeme')) return 'a keyword split by the database (once per keyword)';
  if (/^select "p"\."id"/i.test(s)) return 'the rows of the page, by id';
  if (s.includes('search_vocabulary')) return 'the vocabulary brought up to date';
  return s.slice(0, 60);
}

const bitmapTimes = (node: PlanNode, into: Record<string, number>) => {
  if (node['Node Type'] === 'Bitmap Index Scan' && node['Index Name'])
    into[node['Index Name']] = (into[node['Index Name']] ?? 0) + (node['Actual Total Time'] ?? 0) * (node['Actual Loops'] ?? 1);
  for (const c of node.Plans ?? []) bitmapTimes(c, into);
};

/** Profiles each search (its statements, as captured) once, in order; PostgreSQL only. */
export async function profileSearch(databaseUrl: string, kinds: readonly string[], statements: Statement[][]): Promise<SearchProfile> {
  const client = new pg.Client({ connectionString: databaseUrl, options: PLANNER_OPTIONS });
  await client.connect();
  const kindTotals = new Map<string, { queries: number; ms: number }>();
  const byStatement = new Map<string, { runs: number; ms: number }>();
  const bitmapByIndex: Record<string, number> = {};
  const profile: SearchProfile = {
    queries: statements.length,
    totalMs: 0,
    planningMs: 0,
    pastCap: { queries: 0, ms: 0 },
    byKind: [],
    bitmapByIndex,
    byStatement: [],
  };
  try {
    for (let i = 0; i < statements.length; i++) {
      let ms = 0;
      let past = false;
      for (const s of statements[i]) {
        const r = await client.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${s.sql}`, s.parameters as unknown[]);
        const plan = (r.rows[0] as { 'QUERY PLAN': Array<{ Plan: PlanNode; 'Planning Time': number; 'Execution Time': number }> })[
          'QUERY PLAN'
        ][0];
        const t = plan['Planning Time'] + plan['Execution Time'];
        ms += t;
        profile.planningMs += plan['Planning Time'];
        bitmapTimes(plan.Plan, bitmapByIndex);
        const name = statementName(s.sql);
        if (name.startsWith('past the cap')) past = true;
        const st = byStatement.get(name) ?? { runs: 0, ms: 0 };
        st.runs++;
        st.ms += t;
        byStatement.set(name, st);
      }
      profile.totalMs += ms;
      if (past) {
        profile.pastCap.queries++;
        profile.pastCap.ms += ms;
      }
      const k = kindTotals.get(kinds[i]) ?? { queries: 0, ms: 0 };
      k.queries++;
      k.ms += ms;
      kindTotals.set(kinds[i], k);
    }
  } finally {
    await client.end();
  }
  profile.byKind = [...kindTotals].map(([kind, v]) => ({ kind, queries: v.queries, meanMs: v.ms / v.queries }));
  profile.byStatement = [...byStatement].map(([statement, v]) => ({ statement, ...v })).sort((a, b) => b.ms - a.ms);
  return profile;
}

const pct = (part: number, whole: number) => `${Math.round((100 * part) / (whole || 1))} %`;
const ms = (n: number) => `${n < 10 ? n.toFixed(2) : Math.round(n).toLocaleString('en-US')} ms`;

/** The profile as a section of the report. */
export function renderSearchProfile(p: SearchProfile): string[] {
  const L: string[] = [];
  L.push(
    '### Where PostgreSQL would spend a cold search without the in-memory index (EXPLAIN ANALYZE of the PostgreSQL path, each query once, one connection, no other load)',
  );
  L.push('');
  L.push(
    `${p.queries.toLocaleString('en-US')} searches took ${ms(p.totalMs)} in all, ${ms(p.totalMs / p.queries)} each (planning ${pct(p.planningMs, p.totalMs)}). ` +
      `${p.pastCap.queries.toLocaleString('en-US')} of them (${pct(p.pastCap.queries, p.queries)}) match more than the count cap and read twice: ` +
      `${pct(p.pastCap.ms, p.totalMs)} of the time, ${ms(p.pastCap.ms / (p.pastCap.queries || 1))} each.`,
  );
  L.push('');
  L.push('| kind | searches | mean |');
  L.push('|---|---|---|');
  for (const k of p.byKind) L.push(`| ${k.kind} | ${k.queries} | ${ms(k.meanMs)} |`);
  L.push('');
  L.push('| statement | runs | time | share |');
  L.push('|---|---|---|---|');
  for (const s of p.byStatement) L.push(`| ${s.statement} | ${s.runs.toLocaleString('en-US')} | ${ms(s.ms)} | ${pct(s.ms, p.totalMs)} |`);
  L.push('');
  const bitmaps = Object.entries(p.bitmapByIndex)
    .sort((a, b) => b[1] - a[1])
    .map(([index, t]) => `${index} ${ms(t)} (${pct(t, p.totalMs)})`);
  if (bitmaps.length) L.push(`Bitmap reads of the indexes: ${bitmaps.join(', ')}.`, '');
  return L;
}
