/**
 * Prepared statements on PGlite. PGlite's `query` sends every statement unnamed, so PostgreSQL parses, analyses and
 * plans it again each time, in WebAssembly on the event loop: 1-3 ms a statement of this store's (a purchase's answer,
 * a background job's sweep), more than executing it. This runs each statement text as a named prepared statement
 * instead, the way PostgreSQL drivers do (node-postgres with a `name`, pgx, JDBC): parsed once; planned at each
 * execution for the first five, then, when PostgreSQL finds its generic plan no worse, never again. PostgreSQL itself
 * re-plans a statement whose tables changed (a migration).
 *
 * A kept plan is as old as the table sizes it was made for. PGlite runs no autovacuum and this store no ANALYZE, so
 * nothing else would ever re-plan it: a statement whose generic plan scanned a table of a few rows would scan it the
 * same way at a million. Each statement is therefore prepared anew at its first use after REPLAN_AFTER_MS (a minute),
 * and planned on the tables as they are then (five custom plans, then a generic one: a few ms a statement a minute).
 *
 * Built on PGlite's protocol API (`protocol.serialize`, `execProtocolStream`, `parse.parseResults`) and its two locks
 * (`_runExclusiveTransaction`, `_runExclusiveQuery`, declared on its interface; `db.query` takes the same), so the
 * rows, their type parsing, the parameters' serializers, errors and notifications are PGlite's own:
 * - a new text: Parse (named) + Describe + Sync in one call, for its parameter types (which serializer each takes);
 * - every run: Bind + Describe + Execute + Sync in one call into PostgreSQL, where `query` makes six.
 *
 * The texts kept are bounded (least recently used closed first): statements built from a variable list (a multi-row
 * insert) would otherwise keep one statement each. Why hand-written: neither PGlite nor a library offers prepared
 * statements on it.
 */
import { parse, protocol, type PGlite, type Results } from '@electric-sql/pglite';

const { serialize } = protocol;

/** A statement older than this is prepared (so planned) anew at its next use. */
export const REPLAN_AFTER_MS = 60_000;

/** How many statement texts stay prepared (the code has about 150 statements, a few of them built per call). */
export const PREPARED_STATEMENTS_MAX = 256;

interface Prepared {
  name: string;
  /** performance.now() (the clock given) when it was prepared. */
  preparedAt: number;
  /** The parameters' type OIDs, as PostgreSQL inferred them (each takes that type's serializer). */
  paramTypes: number[];
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** PGlite's own shape of a failed statement: the error with the statement and its parameters attached. */
function withStatement(error: unknown, query: string, params: readonly unknown[]): unknown {
  if (error && typeof error === 'object' && 'code' in error) Object.assign(error, { query, params });
  return error;
}

/** PostgreSQL's refusal to run a kept plan whose row shape changed under it (a column added to a `SELECT *`'s table). */
function isStaleResultType(error: unknown): boolean {
  return (
    !!error &&
    typeof error === 'object' &&
    (error as { code?: unknown }).code === '0A000' &&
    String((error as { message?: unknown }).message).includes('cached plan must not change result type')
  );
}

export class PreparedStatements {
  /** By statement text, least recently used first (a Map keeps insertion order; a use moves the entry to the end). */
  private readonly statements = new Map<string, Prepared>();
  private named = 0;

  constructor(
    private readonly db: PGlite,
    private readonly max = PREPARED_STATEMENTS_MAX,
    private readonly replanAfterMs = REPLAN_AFTER_MS,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** How many statement texts are prepared now. */
  get size(): number {
    return this.statements.size;
  }

  /**
   * One statement, as `db.query(sql, params)` answers it. The caller holds PGlite's connection: `inTransaction` false
   * takes PGlite's transaction and query locks (the way `db.query` does), true runs inside the caller's transaction
   * (its query lock only; the transaction's COMMIT writes to the file system).
   */
  async query<R>(sql: string, params: readonly unknown[], inTransaction: boolean): Promise<Results<R>> {
    if (inTransaction) return this.db._runExclusiveQuery(() => this.run<R>(sql, params, true));
    return this.db._runExclusiveTransaction(() => this.db._runExclusiveQuery(() => this.run<R>(sql, params, false)));
  }

  private async run<R>(sql: string, params: readonly unknown[], inTransaction: boolean): Promise<Results<R>> {
    try {
      return await this.execute<R>(sql, params, inTransaction);
    } catch (error) {
      if (!isStaleResultType(error)) throw error;
      // A table under a kept statement changed its columns (PostgreSQL re-plans, but refuses a new row shape): the
      // statement is prepared anew. Outside a transaction it runs again at once; inside, the transaction is aborted
      // and the caller's error stands.
      await this.forget(sql);
      if (inTransaction) throw error;
      return this.execute<R>(sql, params, inTransaction);
    }
  }

  private async execute<R>(sql: string, params: readonly unknown[], inTransaction: boolean): Promise<Results<R>> {
    const prepared = await this.prepare(sql, params);
    const { serializers, parsers } = this.db;
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = serializers[prepared.paramTypes[i] ?? 0];
      return serializer ? (serializer(value) as string) : String(value);
    });
    let messages;
    try {
      messages = await this.db.execProtocolStream(
        concat([serialize.bind({ statement: prepared.name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]),
        { syncToFs: false },
      );
    } catch (error) {
      throw withStatement(error, sql, params);
    }
    // As `db.query` does: written to the file system after a statement of its own, at COMMIT inside a transaction.
    if (!inTransaction) await this.db.syncToFs();
    return parse.parseResults(messages, parsers)[0] as Results<R>;
  }

  /** Closes a kept statement (its next use prepares it again). */
  private async forget(sql: string): Promise<void> {
    const known = this.statements.get(sql);
    if (!known) return;
    this.statements.delete(sql);
    await this.db.execProtocolStream(concat([serialize.close({ type: 'S', name: known.name }), serialize.sync()]), { syncToFs: false, throwOnError: false });
  }

  private async prepare(sql: string, params: readonly unknown[]): Promise<Prepared> {
    const known = this.statements.get(sql);
    const parts: Uint8Array[] = [];
    if (known) {
      this.statements.delete(sql);
      if (this.now() - known.preparedAt < this.replanAfterMs) {
        this.statements.set(sql, known);
        return known;
      }
      // Its plan is too old: closed, and prepared again below in the same call.
      parts.push(serialize.close({ type: 'S', name: known.name }));
    } else if (this.statements.size >= this.max) {
      // The least recently used statement is closed in the same call.
      const [oldestSql, oldest] = this.statements.entries().next().value as [string, Prepared];
      this.statements.delete(oldestSql);
      parts.push(serialize.close({ type: 'S', name: oldest.name }));
    }
    const name = `cs_${++this.named}`;
    parts.push(serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), serialize.sync());
    let messages;
    try {
      messages = await this.db.execProtocolStream(concat(parts), { syncToFs: false });
    } catch (error) {
      throw withStatement(error, sql, params);
    }
    const prepared: Prepared = { name, preparedAt: this.now(), paramTypes: parse.parseDescribeStatementResults(messages) };
    this.statements.set(sql, prepared);
    return prepared;
  }
}
