/**
 * The one dedicated connection that holds this replica's LISTENs. Pooled connections cannot listen (a LISTEN lives
 * and dies with its session), so this connection is kept apart, and when it drops it is re-opened with backoff and
 * every channel that still has handlers is listened again.
 */
import pg from 'pg';
const MAX_BACKOFF_MS = 5_000;
/* TCP keepalive does not notice every silent drop (proxies, failovers); a cheap query does. */
const PING_INTERVAL_MS = 30_000;
export class PostgresListener {
    config;
    logger;
    handlers = new Map();
    client = null;
    connecting = null;
    reconnectTimer = null;
    pingTimer = null;
    failures = 0;
    closed = false;
    constructor(config, logger) {
        this.config = config;
        this.logger = logger;
    }
    /** Resolves once the channel is LISTENed on the live connection. `channel` must already be validated. */
    async listen(channel, onPayload) {
        if (this.closed)
            throw new Error('store is closed');
        // A fresh wrapper per call, so registering the same function twice yields two independent subscriptions.
        const handler = (payload) => onPayload(payload);
        let set = this.handlers.get(channel);
        if (!set)
            this.handlers.set(channel, (set = new Set()));
        set.add(handler);
        try {
            const client = this.client ?? (await this.connection());
            // Idempotent; also covers a connection that finished its own LISTEN loop before this channel was added.
            await client.query(`LISTEN "${channel}"`);
        }
        catch (err) {
            this.removeHandler(channel, handler);
            throw err;
        }
        let active = true;
        return async () => {
            if (!active)
                return;
            active = false;
            if (this.removeHandler(channel, handler) && this.client) {
                // A broken connection listens to nothing anyway, so a failure here needs no handling.
                await this.client.query(`UNLISTEN "${channel}"`).catch(() => undefined);
            }
        };
    }
    async close() {
        this.closed = true;
        this.handlers.clear();
        if (this.reconnectTimer)
            clearTimeout(this.reconnectTimer);
        this.stopPing();
        const pending = this.connecting?.catch(() => null);
        const client = this.client ?? (await pending) ?? null;
        this.client = null;
        await client?.end().catch(() => undefined);
    }
    /** Returns true when the channel has no handler left. */
    removeHandler(channel, handler) {
        const set = this.handlers.get(channel);
        if (!set)
            return false;
        set.delete(handler);
        if (set.size > 0)
            return false;
        this.handlers.delete(channel);
        return true;
    }
    /** One connection attempt at a time; concurrent callers share it. */
    connection() {
        if (this.client)
            return Promise.resolve(this.client);
        this.connecting ??= this.connect().finally(() => {
            this.connecting = null;
        });
        return this.connecting;
    }
    async connect() {
        const client = new pg.Client(this.config);
        // Attached before connect(): an 'error' event without a listener would crash the process.
        client.on('error', (err) => this.lost(client, err));
        client.on('end', () => this.lost(client));
        client.on('notification', (msg) => this.dispatch(msg.channel, msg.payload ?? ''));
        try {
            await client.connect();
            for (const channel of this.handlers.keys())
                await client.query(`LISTEN "${channel}"`);
            if (this.closed)
                throw new Error('store is closed');
        }
        catch (err) {
            await client.end().catch(() => undefined);
            throw err;
        }
        this.client = client;
        this.failures = 0;
        this.startPing(client);
        return client;
    }
    dispatch(channel, payload) {
        for (const handler of this.handlers.get(channel) ?? []) {
            try {
                handler(payload);
            }
            catch (err) {
                // One faulty subscriber must not starve the others or kill the connection.
                this.logger.warn({ channel, err: errorMessage(err) }, 'notification handler threw');
            }
        }
    }
    lost(client, err) {
        if (client !== this.client)
            return; // a failed attempt or an already-handled loss
        this.client = null;
        this.stopPing();
        void client.end().catch(() => undefined);
        if (this.closed)
            return;
        this.logger.warn({ err: err ? errorMessage(err) : 'connection ended', channels: [...this.handlers.keys()] }, 'LISTEN connection lost; reconnecting (notifications sent meanwhile are lost)');
        this.scheduleReconnect();
    }
    scheduleReconnect() {
        // With nothing to listen to, the next listen() connects on demand.
        if (this.closed || this.reconnectTimer || this.handlers.size === 0)
            return;
        const delay = Math.min(100 * 2 ** this.failures, MAX_BACKOFF_MS);
        this.failures += 1;
        this.reconnectTimer = setTimeout(() => {
            this.reconnectTimer = null;
            this.connection().then(() => this.logger.info({ channels: [...this.handlers.keys()] }, 'LISTEN connection re-established'), (err) => {
                this.logger.warn({ err: errorMessage(err) }, 'LISTEN reconnect failed');
                this.scheduleReconnect();
            });
        }, delay);
        this.reconnectTimer.unref();
    }
    startPing(client) {
        this.stopPing();
        this.pingTimer = setInterval(() => {
            client.query('SELECT 1').catch((err) => this.lost(client, err));
        }, PING_INTERVAL_MS);
        this.pingTimer.unref();
    }
    stopPing() {
        if (this.pingTimer)
            clearInterval(this.pingTimer);
        this.pingTimer = null;
    }
}
function errorMessage(err) {
    return err instanceof Error ? err.message : String(err);
}
