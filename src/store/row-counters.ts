/**
 * Counters the store's triggers keep as rows change (migration 015, `row_counters`): one row per name and shard, summed
 * here. A read is a few rows of a small table, so /metrics costs the same whatever the counted tables hold.
 */
import type { Queryable } from './store.js';

/** Every counter whose name starts with `prefix`, summed over its shards. */
export async function readRowCounters(db: Queryable, prefix: string): Promise<Map<string, number>> {
  const { rows } = await db.query<{ name: string; value: string | number }>(
    `SELECT name, sum(value)::text AS value FROM row_counters WHERE left(name, length($1)) = $1 GROUP BY name`,
    [prefix],
  );
  return new Map(rows.map((row) => [row.name, Number(row.value)]));
}
