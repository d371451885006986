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

/**
 * The webhook inbox's backlog as /metrics shows it: the unprocessed count from its counter, and the age of the oldest
 * unprocessed call by one step down the index of unprocessed rows (0 when none). No count over the rows.
 */
export async function readInboxBacklog(db: Queryable): Promise<{ pending: number; oldestAgeSeconds: number }> {
  const pending = (await readRowCounters(db, 'webhook_inbox:pending')).get('webhook_inbox:pending') ?? 0;
  const { rows } = await db.query<{ age: number | string | null }>(
    `SELECT extract(epoch FROM now() - received_at) AS age FROM webhook_inbox WHERE processed_at IS NULL ORDER BY id LIMIT 1`,
  );
  return { pending, oldestAgeSeconds: Math.max(0, Number(rows[0]?.age ?? 0)) };
}
