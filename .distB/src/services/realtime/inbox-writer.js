/* One statement, so one commit, for the whole group; WITH ORDINALITY keeps ids in arrival order (processing follows
 * ids, so a carrier's consecutive pushes of one shipment are applied in the order they were acknowledged). */
const INSERT_GROUP = `INSERT INTO webhook_inbox (source, body)
  SELECT g.source, g.body::jsonb FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS g(source, body, n) ORDER BY g.n`;
const INSERT_ONE = 'INSERT INTO webhook_inbox (source, body) VALUES ($1, $2::jsonb)';
/**
 * Group commit for the webhook inbox (assumption WI1): calls that arrive while a write is in flight (or within the
 * window) are written together in ONE statement, so the store pays one commit per group instead of one per call, and
 * on embedded PGlite (one connection) a queue of acknowledgements waiting behind processing is cleared by one INSERT.
 * Each caller's promise settles only after the commit holding ITS row: resolved once durable, rejected (the webhook
 * answers 503, the carrier retries) when its row is not. If a group's statement fails, its rows are written again one
 * by one, so one bad row fails only its own caller. One group is in flight at a time per process.
 */
export class InboxWriter {
    options;
    queue = [];
    writing = false;
    timer = null;
    immediate = null;
    windowMs;
    maxGroup;
    constructor(options) {
        this.options = options;
        this.windowMs = Math.max(0, options.windowMs ?? 0);
        this.maxGroup = Math.max(1, options.maxGroup ?? 200);
    }
    /** Calls waiting for a write (not yet in a statement): the in-process part of the acknowledgement queue. */
    get waiting() {
        return this.queue.length;
    }
    /** Resolves once `body` is committed in the inbox; rejects with the store's error when it is not. */
    write(source, body) {
        return new Promise((resolve, reject) => {
            this.queue.push({ source, json: JSON.stringify(body), resolve, reject });
            this.schedule();
        });
    }
    schedule() {
        // A write in flight flushes the queue when it ends: the calls that arrived meanwhile form the next group.
        if (this.writing)
            return;
        if (this.queue.length >= this.maxGroup) {
            this.cancelPending();
            void this.flush();
            return;
        }
        if (this.timer || this.immediate)
            return;
        // Even without a window, wait for the end of this event-loop turn: requests whose bodies arrived together join.
        if (this.windowMs > 0)
            this.timer = setTimeout(() => void this.flush(), this.windowMs);
        else
            this.immediate = setImmediate(() => void this.flush());
    }
    cancelPending() {
        if (this.timer)
            clearTimeout(this.timer);
        if (this.immediate)
            clearImmediate(this.immediate);
        this.timer = null;
        this.immediate = null;
    }
    async flush() {
        this.cancelPending();
        if (this.writing || this.queue.length === 0)
            return;
        this.writing = true;
        const group = this.queue.splice(0, this.maxGroup);
        try {
            await this.writeGroup(group);
        }
        finally {
            this.writing = false;
            // Whoever queued during the write has waited one write already: written now, without another window.
            if (this.queue.length > 0)
                void this.flush();
        }
    }
    async writeGroup(group) {
        if (group.length === 1) {
            const [only] = group;
            await this.options.store.query(INSERT_ONE, [only.source, only.json]).then(() => {
                this.options.onCommit?.(1);
                only.resolve();
            }, (error) => only.reject(error));
            return;
        }
        try {
            await this.options.store.query(INSERT_GROUP, [group.map((w) => w.source), group.map((w) => w.json)]);
        }
        catch {
            // The statement rolled back as a whole: nothing of the group is stored. Each row alone, so only a row that
            // cannot be written fails its caller.
            for (const waiting of group)
                await this.writeGroup([waiting]);
            return;
        }
        this.options.onCommit?.(group.length);
        for (const waiting of group)
            waiting.resolve();
    }
}
