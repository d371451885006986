/**
 * PostgreSQL backend (DATABASE_URL): a pg.Pool for queries and transactions, and one dedicated connection for
 * LISTEN (see postgres-listener.ts). Several replicas may share the database; cross-replica safety comes from SQL
 * (advisory locks, row locks, atomic upserts), never from this process.
 */
import pg from 'pg';
import type { InternalStore, ScriptQueryable } from './internal.js';
import { assertChannelName } from './internal.js';
import { pgliteCompatibleTypes } from './pg-type-parsers.js';
import { PostgresListener } from './postgres-listener.js';
import { redactDatabaseUrl } from './redact.js';
import type { QueryResult, StatementOptions, StoreLogger } from './store-types.js';

const POOL_SIZE = 10;

interface PgRunner {
  query(sql: string, params?: unknown[]): Promise<pg.QueryResult>;
}

function toQueryResult<R>(res: pg.QueryResult): QueryResult<R> {
  // pg types rows as QueryResultRow; the caller states the row shape, exactly as with PGlite.
  return { rows: res.rows as R[], rowCount: res.rowCount ?? res.rows.length };
}

function scriptQueryable(runner: PgRunner): ScriptQueryable {
  return {
    async query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<R>> {
      return toQueryResult<R>(await runner.query(sql, params));
    },
    async exec(script: string): Promise<void> {
      // Without parameters pg uses the simple query protocol, which accepts several statements.
      await runner.query(script);
    },
  };
}

/**
 * A statement whose caller wants to know when it starts running: what pool.query does (a pooled connection, the
 * statement, the connection back, destroyed after an error as pool.query does), with the moment the connection came.
 * The wait for a connection is the pool's (every connection busy), not the statement's own time in the database.
 */
async function timedQuery<R>(pool: pg.Pool, sql: string, params: unknown[] | undefined, onStart: (at: number) => void): Promise<QueryResult<R>> {
  const client = await pool.connect();
  onStart(performance.now());
  // As in pool.query: the connection failing meanwhile fails the statement (it rejects), not the process (an 'error'
  // event with no listener would throw).
  const ignore = (): void => undefined;
  client.once('error', ignore);
  try {
    const res = await client.query(sql, params);
    client.release();
    return toQueryResult<R>(res);
  } catch (err) {
    client.release(err instanceof Error ? err : true);
    throw err;
  } finally {
    client.removeListener('error', ignore);
  }
}

export async function openPostgresStore(databaseUrl: string, logger: StoreLogger): Promise<InternalStore> {
  const base: pg.ClientConfig = {
    connectionString: databaseUrl,
    types: pgliteCompatibleTypes,
    // PGlite runs in UTC; the same SQL must see the same session time zone here (now()::date, ::text output).
    options: '-c TimeZone=UTC',
    keepAlive: true,
  };
  const pool = new pg.Pool({ ...base, application_name: 'carrier-subgraph', max: POOL_SIZE });
  // Without a listener, an idle pooled connection that the server closes would crash the process.
  pool.on('error', (err) => logger.warn({ err: err.message }, 'idle PostgreSQL connection failed'));
  try {
    await pool.query('SELECT 1');
  } catch (err) {
    await pool.end().catch(() => undefined);
    // No `cause`: a URL parse error carries the raw connection string (password included) in its `input`.
    const reason = err instanceof Error ? err.message : String(err);
    throw new Error(`cannot connect to PostgreSQL at ${redactDatabaseUrl(databaseUrl)}: ${reason}`);
  }
  const listener = new PostgresListener({ ...base, application_name: 'carrier-subgraph:listen' }, logger);
  const direct = scriptQueryable(pool);
  let closed = false;

  return {
    kind: 'postgres',
    query<R = Record<string, unknown>>(sql: string, params?: unknown[], options?: StatementOptions): Promise<QueryResult<R>> {
      return options?.onStart ? timedQuery<R>(pool, sql, params, options.onStart) : direct.query<R>(sql, params);
    },
    async transaction<T>(fn: (tx: ScriptQueryable) => Promise<T>, options?: StatementOptions): Promise<T> {
      const client = await pool.connect();
      options?.onStart?.(performance.now());
      let result: T;
      try {
        await client.query('BEGIN');
        result = await fn(scriptQueryable(client));
        await client.query('COMMIT');
      } catch (err) {
        try {
          await client.query('ROLLBACK');
          client.release();
        } catch (rollbackErr) {
          // The connection's state is unknown: destroy it rather than hand it to the next caller.
          client.release(rollbackErr instanceof Error ? rollbackErr : true);
        }
        throw err;
      }
      client.release();
      return result;
    },
    async listen(channel, onPayload) {
      assertChannelName(channel);
      return listener.listen(channel, onPayload);
    },
    async notify(channel, payload) {
      assertChannelName(channel);
      await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    async close() {
      if (closed) return;
      closed = true;
      await listener.close();
      await pool.end();
    },
  };
}
