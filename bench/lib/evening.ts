/**
 * The rider's evening before the first-session measurement. The checkout scenarios before it leave
 * about 20,000 pending orders in the rider's areas (about 3,300 an area): no evening looks like that,
 * and a first session's time follows them. So at most `keep` pending orders are left in each area, the
 * older ones marked Delivered (as the rider's earlier rounds would have), and the report says how many
 * the areas held when the rider signed in.
 */
import type pg from 'pg';

/** The rider's areas as the app counts them (GET /api/Orders/area-counts): every area, its pending orders. */
export interface RiderAreas {
  areas: number;
  /** Pending orders in all of them. */
  pending: number;
  /** The most in one area. */
  mostInOneArea: number;
  /** Older pending orders marked Delivered before the first session so that no area holds more than `keep`; null: not done. */
  markedDelivered: number | null;
  /** The most pending orders left in one area. */
  keep: number;
  note?: string;
}

/** Marks Delivered the oldest pending orders of each area past its newest `keep` (areas matched as the app does, case-insensitive). */
export async function trimPending(sql: pg.Client, areas: readonly string[], keep: number): Promise<number> {
  await sql.query('BEGIN');
  try {
    // past deliveries, not live ones: no live event or customer notification for each of them (migration 021);
    // the area lists' versions still move (migration 025), so the server's cached cards follow
    await sql.query('ALTER TABLE orders DISABLE TRIGGER orders_live');
    const r = await sql.query(
      `WITH ranked AS (
         SELECT id, row_number() OVER (PARTITION BY lower(area) ORDER BY created_at DESC, order_number DESC) AS n
         FROM orders WHERE status = 'Pending' AND lower(area) = ANY($1::text[])
       )
       UPDATE orders o SET status = 'Delivered', delivered_at = now() FROM ranked r WHERE o.id = r.id AND r.n > $2`,
      [areas.map((a) => a.toLowerCase()), keep],
    );
    // the area versions' deferred triggers run now: the table cannot be altered with them pending
    await sql.query('SET CONSTRAINTS ALL IMMEDIATE');
    await sql.query('ALTER TABLE orders ENABLE TRIGGER orders_live');
    await sql.query('COMMIT');
    // as autovacuum would, minutes later: not during the measurement
    await sql.query('VACUUM ANALYZE orders');
    return r.rowCount ?? 0;
  } catch (err) {
    await sql.query('ROLLBACK');
    throw err;
  }
}

/** How many pending orders the rider's areas hold, as the rider's app asks for them. */
export async function riderAreas(base: string, riderToken: string): Promise<Omit<RiderAreas, 'markedDelivered' | 'keep'>> {
  const r = await fetch(`${base}/api/Orders/area-counts`, { headers: { authorization: `Bearer ${riderToken}` } });
  if (!r.ok) throw new Error(`GET /api/Orders/area-counts: ${r.status} ${await r.text()}`);
  const { areas } = (await r.json()) as { areas: Array<{ area: string; pending: number }> };
  return {
    areas: areas.length,
    pending: areas.reduce((n, a) => n + a.pending, 0),
    mostInOneArea: Math.max(0, ...areas.map((a) => a.pending)),
  };
}
