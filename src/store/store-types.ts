/**
 * The store's types: what a query answers, what runs one, the store itself and the logger it writes to. Declared apart
 * from store.ts (which opens a backend) so the backends and migrations can name them without importing the file that
 * imports them. Import them from store.ts everywhere else.
 */

export interface QueryResult<R> {
  rows: R[];
  /** Rows returned by a SELECT / RETURNING, or rows changed by INSERT/UPDATE/DELETE without RETURNING. */
  rowCount: number;
}

export interface Queryable {
  /** One statement with `$1..$n` parameters. Multi-statement scripts belong in migrations. */
  query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<R>>;
}

/** What a caller may ask of one statement (or transaction) it runs on the store itself. */
export interface StatementOptions {
  /**
   * Called with `performance.now()` when the statement (the transaction) starts running, after its wait for the store:
   * on PGlite its turn (statements run one at a time, each from its own turn of the event loop), on PostgreSQL a
   * pooled connection. From then to its answer is the store's time it took itself (the retention job paces by that).
   */
  onStart?: (at: number) => void;
}

export interface Store extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  query<R = Record<string, unknown>>(sql: string, params?: unknown[], options?: StatementOptions): Promise<QueryResult<R>>;
  /**
   * Run `fn` in one transaction: COMMIT when it resolves, ROLLBACK when it throws (the error is rethrown). Use only
   * `tx` inside `fn`: on PGlite, calling the store itself from inside would wait for the transaction to end.
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>, options?: StatementOptions): Promise<T>;
  /**
   * LISTEN on a channel; returns an unlisten function. Payloads are ids only, far under 8000 bytes.
   * Channel names are lower-case SQL identifiers (`[a-z_][a-z0-9_]*`) so that LISTEN and pg_notify agree.
   * On PostgreSQL a dropped connection is re-established and re-listened; notifications sent while it was down are
   * lost, so consumers must treat a notification as a hint and read the durable log for the truth.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

export interface StoreLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error?(obj: object, msg?: string): void;
}
