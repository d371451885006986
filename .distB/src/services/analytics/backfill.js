/**
 * Backfill (issue 11 item 3): history of the status log into the analytics outbox, from a cursor or from a date, with
 * the identities live export gives (statusChangeEvent), so each change is one outbox row and one `$insert_id`: running
 * it twice, or over what live export already wrote, adds nothing. The exporter sends what it added, oldest first.
 */
import { statusChangeEvent } from '../../domain/lifecycle-events.js';
import { recordLifecycleEvent } from '../../store/outbox-store.js';
import { MATCH_ALL, StatusLog } from '../../store/status-log.js';
export async function backfillStatusChanges(store, options) {
    const log = new StatusLog(store);
    let after = options.afterCursor ?? '0';
    if (options.since) {
        // Cursors follow recording order, so the first change recorded at or after the date starts the range.
        const { rows } = await store.query('SELECT min(cursor)::text AS first FROM status_changes WHERE recorded_at >= $1', [options.since]);
        const first = rows[0]?.first;
        if (!first)
            return { read: 0, added: 0, lastCursor: null };
        const start = (BigInt(first) - 1n).toString();
        if (BigInt(start) > BigInt(after))
            after = start;
    }
    const result = { read: 0, added: 0, lastCursor: null };
    for (;;) {
        const changes = await log.readAfter(MATCH_ALL, after, options.chunkSize);
        if (changes.length === 0)
            return result;
        const added = await store.transaction(async (tx) => {
            let n = 0;
            for (const change of changes)
                if (await recordLifecycleEvent(tx, statusChangeEvent(change)))
                    n += 1;
            return n;
        });
        result.read += changes.length;
        result.added += added;
        after = changes[changes.length - 1].cursor;
        result.lastCursor = after;
        options.onChunk?.({ ...result });
    }
}
