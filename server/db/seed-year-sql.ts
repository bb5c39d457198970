import { type Kysely, sql } from 'kysely';

/**
 * SQL pieces of the year's generator (seed-year.ts). Everything random is a slice of md5 of the seed and the
 * row's indexes: the same seed makes the same rows on any PostgreSQL (and PGlite), whatever the plan or the
 * number of workers, and ids are md5 too (a uuid is 32 hex digits).
 */

/**
 * md5 of "seed:tag:parts…" (parts are SQL expressions), the source of one row's random numbers: 32 hex
 * digits, 4 numbers of 32 bits. The seed is a whole number and the tag a word of this code, never input.
 */
export const hashOf = (seed: number, tag: string, ...parts: string[]): string =>
  `md5('${Math.trunc(seed)}:${tag.replace(/[^a-z]/g, '')}'${parts.map((p) => ` || ':' || (${p})::text`).join('')})`;

/** The k-th (0 to 3) number in [0, 1) of a hash (an SQL expression of 32 hex digits). */
export const frac = (hash: string, k: number): string => `(('x' || substr(${hash}, ${1 + 8 * k}, 8))::bit(32)::bigint / 4294967296.0)`;

/**
 * A uuid from 32 hex digits (an SQL expression): version 8 (RFC 9562's custom kind) and the RFC variant set,
 * so the app's id checks (zod uuid) take it; the other 122 bits are the hash's.
 */
export const uuidFrom = (hex: string): string =>
  `(substr(${hex}, 1, 12) || '8' || substr(${hex}, 14, 3) || substr('89ab', 1 + ('x' || substr(${hex}, 17, 1))::bit(4)::int % 4, 1)
    || substr(${hex}, 18, 15))::uuid`;

/** A deterministic uuid from the seed and a row's indexes. */
export const idOf = (seed: number, tag: string, ...parts: string[]): string => uuidFrom(hashOf(seed, tag, ...parts));

/** uuidFrom in TypeScript (for rows written there). */
export function uuidOfHex(md5hex: string): string {
  const hex = `${md5hex.slice(0, 12)}8${md5hex.slice(13, 16)}${'89ab'[parseInt(md5hex[16], 16) % 4]}${md5hex.slice(17, 32)}`;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/**
 * core/gst.ts lineTax, intra-state, in SQL: each half of the GST in an amount that includes it is
 * A x r / (2 x (10000 + r)) rounded half-up (r in hundredths of a percent), as core/money mulDivRoundHalfUp
 * rounds: floor((2ab + d) / 2d) in integers.
 */
export const gstHalf = (amount: string, rateBp: string): string =>
  `((2 * (${amount})::bigint * (${rateBp}) + 2 * (10000 + (${rateBp}))) / (4 * (10000 + (${rateBp}))))`;

/** core/purchase.ts purchaseLineTax's half (GST on top of a taxable value): taxable x r / 20000 rounded half-up. */
export const gstOnTopHalf = (taxable: string, rateBp: string): string => `((2 * (${taxable})::bigint * (${rateBp}) + 20000) / 40000)`;

/** The Indian financial year's first calendar year of an instant ("2026" of 2026-27), in India time. */
export const fyYear = (at: string): string =>
  `(CASE WHEN extract(month FROM (${at}) AT TIME ZONE 'UTC' + interval '330 minutes') >= 4
     THEN extract(year FROM (${at}) AT TIME ZONE 'UTC' + interval '330 minutes')
     ELSE extract(year FROM (${at}) AT TIME ZONE 'UTC' + interval '330 minutes') - 1 END)::int`;

/** core/invoice financialYear as text, "2026-27", from fyYear's number. */
export const fyText = (y: string): string => `((${y})::text || '-' || lpad((((${y}) + 1) % 100)::text, 2, '0'))`;

/** core/invoice invoiceSeries: head "/" the year's two digits "/". */
export const seriesOf = (head: string, y: string): string => `((${head}) || '/' || lpad(((${y}) % 100)::text, 2, '0') || '/')`;

/** core/invoice invoiceNumber: the series and six digits of sequence. */
export const numberOf = (series: string, seq: string): string => `((${series}) || lpad((${seq})::text, 6, '0'))`;

/** Runs one statement; with SEED_YEAR_TRACE set, prints its time and first words (to find a slow one). */
export async function run(db: Kysely<never> | Kysely<any>, text: string): Promise<void> {
  const t0 = Date.now();
  await sql.raw(text).execute(db);
  const trace = process.env.SEED_YEAR_TRACE;
  if (trace)
    console.log(`    ${String(Date.now() - t0).padStart(6)} ms  ${trace === 'full' ? `${text};` : text.replace(/\s+/g, ' ').slice(0, 90)}`);
}

/** A table's indexes other than its primary key and unique constraints, to drop and rebuild around a bulk load. */
export async function secondaryIndexesOf(db: Kysely<never>, table: string): Promise<Array<{ name: string; definition: string }>> {
  const { rows } = await sql<{ name: string; definition: string }>`
    SELECT i.relname AS name, pg_get_indexdef(x.indexrelid) AS definition
    FROM pg_index x
    JOIN pg_class i ON i.oid = x.indexrelid
    JOIN pg_class t ON t.oid = x.indrelid
    JOIN pg_namespace n ON n.oid = t.relnamespace
    WHERE t.relname = ${table} AND n.nspname = current_schema() AND NOT x.indisprimary AND NOT x.indisunique
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid)
    ORDER BY i.relname`.execute(db);
  return rows;
}
