/**
 * The one dedicated connection that holds this replica's LISTENs. Pooled connections cannot listen (a LISTEN lives
 * and dies with its session), so this connection is kept apart, and when it drops it is re-opened with backoff and
 * every channel that still has handlers is listened again.
 */
import pg from 'pg';
import type { StoreLogger } from './store-types.js';

type Handler = (payload: string) => void;

const MAX_BACKOFF_MS = 5_000;
/* TCP keepalive does not notice every silent drop (proxies, failovers); a cheap query does. */
const PING_INTERVAL_MS = 30_000;

export class PostgresListener {
  private readonly handlers = new Map<string, Set<Handler>>();
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private pingTimer: NodeJS.Timeout | null = null;
  private failures = 0;
  private closed = false;

  constructor(
    private readonly config: pg.ClientConfig,
    private readonly logger: StoreLogger,
    /** How often the connection is pinged (tests shorten it). */
    private readonly pingIntervalMs = PING_INTERVAL_MS,
  ) {}

  /** Resolves once the channel is LISTENed on the live connection. `channel` must already be validated. */
  async listen(channel: string, onPayload: Handler): Promise<() => Promise<void>> {
    if (this.closed) throw new Error('store is closed');
    // A fresh wrapper per call, so registering the same function twice yields two independent subscriptions.
    const handler: Handler = (payload) => onPayload(payload);
    let set = this.handlers.get(channel);
    if (!set) this.handlers.set(channel, (set = new Set()));
    set.add(handler);
    try {
      const client = this.client ?? (await this.connection());
      // Idempotent; also covers a connection that finished its own LISTEN loop before this channel was added.
      await client.query(`LISTEN "${channel}"`);
    } catch (err) {
      this.removeHandler(channel, handler);
      throw err;
    }
    let active = true;
    return async () => {
      if (!active) return;
      active = false;
      if (this.removeHandler(channel, handler) && this.client) {
        // A broken connection listens to nothing anyway, so a failure here needs no handling.
        await this.client.query(`UNLISTEN "${channel}"`).catch(() => undefined);
      }
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    this.handlers.clear();
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.stopPing();
    const pending = this.connecting?.catch(() => null);
    const client = this.client ?? (await pending) ?? null;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  /** Returns true when the channel has no handler left. */
  private removeHandler(channel: string, handler: Handler): boolean {
    const set = this.handlers.get(channel);
    if (!set) return false;
    set.delete(handler);
    if (set.size > 0) return false;
    this.handlers.delete(channel);
    return true;
  }

  /** One connection attempt at a time; concurrent callers share it. */
  private connection(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= this.connect().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async connect(): Promise<pg.Client> {
    const client = new pg.Client(this.config);
    // Attached before connect(): an 'error' event without a listener would crash the process.
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client));
    client.on('notification', (msg) => this.dispatch(msg.channel, msg.payload ?? ''));
    try {
      await client.connect();
      for (const channel of this.handlers.keys()) await client.query(`LISTEN "${channel}"`);
      if (this.closed) throw new Error('store is closed');
    } catch (err) {
      await client.end().catch(() => undefined);
      throw err;
    }
    this.client = client;
    this.failures = 0;
    this.startPing(client);
    return client;
  }

  private dispatch(channel: string, payload: string): void {
    for (const handler of this.handlers.get(channel) ?? []) {
      try {
        handler(payload);
      } catch (err) {
        // One faulty subscriber must not starve the others or kill the connection.
        this.logger.warn({ channel, err: errorMessage(err) }, 'notification handler threw');
      }
    }
  }

  private lost(client: pg.Client, err?: Error): void {
    if (client !== this.client) return; // a failed attempt or an already-handled loss
    this.client = null;
    this.stopPing();
    void client.end().catch(() => undefined);
    if (this.closed) return;
    this.logger.warn(
      { err: err ? errorMessage(err) : 'connection ended', channels: [...this.handlers.keys()] },
      'LISTEN connection lost; reconnecting (notifications sent meanwhile are lost)',
    );
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    // With nothing to listen to, the next listen() connects on demand.
    if (this.closed || this.reconnectTimer || this.handlers.size === 0) return;
    const delay = Math.min(100 * 2 ** this.failures, MAX_BACKOFF_MS);
    this.failures += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.connection().then(
        () => this.logger.info({ channels: [...this.handlers.keys()] }, 'LISTEN connection re-established'),
        (err: unknown) => {
          this.logger.warn({ err: errorMessage(err) }, 'LISTEN reconnect failed');
          this.scheduleReconnect();
        },
      );
    }, delay);
    this.reconnectTimer.unref();
  }

  private startPing(client: pg.Client): void {
    this.stopPing();
    this.pingTimer = setInterval(() => {
      client.query('SELECT 1').catch((err: Error) => this.lost(client, err));
    }, this.pingIntervalMs);
    this.pingTimer.unref();
  }

  private stopPing(): void {
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = null;
  }
}

function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
