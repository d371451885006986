/** Types and checks shared by the two backends; not part of the public API. */
import type { Queryable, StatementOptions, Store } from './store-types.js';

/** A transaction handle that can also run a multi-statement script (migrations need it). */
export interface ScriptQueryable extends Queryable {
  exec(script: string): Promise<void>;
}

/** What both backends return before migrations run: a Store whose transactions can run scripts. */
export interface InternalStore extends Store {
  transaction<T>(fn: (tx: ScriptQueryable) => Promise<T>, options?: StatementOptions): Promise<T>;
}

/*
 * LISTEN takes an identifier (folded to lower case unless quoted) while pg_notify takes the exact string, and PGlite
 * interpolates the name unquoted. Lower-case identifiers mean the same channel on every path.
 */
const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export function assertChannelName(channel: string): void {
  if (!CHANNEL_NAME.test(channel)) {
    throw new RangeError(`invalid channel name ${JSON.stringify(channel)}: use lower-case [a-z_][a-z0-9_]*, at most 63 characters`);
  }
}
