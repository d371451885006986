import { InputError } from '../../domain/errors.js';
import { isPrintableText } from '../../domain/text-bounds.js';
import type { GraphQLContext } from '../context.js';
import { overLimit } from '../errors.js';

/** Relay connection pieces (schema/common.graphql `PageInfo`): forward paging with `first` and `after`. */
export interface Connection<T> {
  edges: Array<{ cursor: string; node: T }>;
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
}

/**
 * `first` within 1..MAX_PAGE_SIZE. Outside it is BAD_USER_INPUT naming `first` and the limit (DESIGN.md: "a capped
 * page size"), thrown before anything is read: it nulls this field alone, its siblings answer (the operation-limits
 * check prices such a page at MAX_PAGE_SIZE and leaves the refusal to this field).
 */
export function pageSize(ctx: GraphQLContext, first: number | null | undefined): number {
  const max = ctx.limits.maxPageSize;
  const size = first ?? Math.min(100, max);
  if (Number.isInteger(size) && size > max) {
    throw overLimit(`first: is ${size}; at most ${max} per page (MAX_PAGE_SIZE)`, { field: 'first', limit: 'MAX_PAGE_SIZE', max });
  }
  if (!Number.isInteger(size) || size < 1) {
    throw overLimit(`first: must be between 1 and ${max} (MAX_PAGE_SIZE)`, { field: 'first', limit: 'MAX_PAGE_SIZE', max });
  }
  return size;
}

/**
 * Builds a page from up to `size + 1` items read after the cursor: the extra item only says that more follow.
 */
export function toConnection<T>(items: T[], size: number, cursorOf: (item: T) => string): Connection<T> {
  const page = items.slice(0, size);
  const edges = page.map((node) => ({ cursor: cursorOf(node), node }));
  return {
    edges,
    pageInfo: {
      hasNextPage: items.length > size,
      hasPreviousPage: false,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
  };
}

/**
 * A page of a list read whole (a carrier's lookup answers every match at once): the items after the one the cursor
 * names, `first` at most. A cursor naming no item of the list is BAD_USER_INPUT on `after`; `first` and the cursor's
 * form are checked before the list is read (before any carrier call).
 */
export async function pageOfList<T>(
  ctx: GraphQLContext,
  read: () => readonly T[] | Promise<readonly T[]>,
  args: { first?: number | null; after?: string | null },
  kind: string,
  keyOf: (item: T) => string,
): Promise<Connection<T>> {
  const size = pageSize(ctx, args.first);
  const afterKey = decodeCursor(kind, args.after);
  const items = await read();
  let start = 0;
  if (afterKey !== null) {
    const index = items.findIndex((item) => keyOf(item) === afterKey);
    if (index < 0) throw unknownCursor(args.after!);
    start = index + 1;
  }
  return toConnection(items.slice(start, start + size + 1), size, (item) => encodeCursor(kind, keyOf(item)));
}

/**
 * Opaque cursors for lists keyed by a row id (watches, push subscriptions): base64url of a prefixed key, so clients
 * treat them as tokens and a cursor of one list is refused by another.
 */
export function encodeCursor(kind: string, key: string): string {
  return Buffer.from(`${kind}:${key}`, 'utf8').toString('base64url');
}

/** The key inside a cursor of `kind`; BAD_USER_INPUT naming `after` when it is not one this server made. */
export function decodeCursor(kind: string, cursor: string | null | undefined): string | null {
  if (cursor === null || cursor === undefined) return null;
  const decoded = /^[A-Za-z0-9_-]{1,512}$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  // A forged cursor may decode to anything: control characters (NUL cannot even be stored) or broken UTF-8 (decoded to
  // U+FFFD) are refused, by the same rule as every other one-line input.
  const wellFormed = decoded.startsWith(`${kind}:`) && decoded.length > kind.length + 1 && isPrintableText(decoded) && !decoded.includes('\ufffd');
  if (!wellFormed) throw unknownCursor(cursor);
  return decoded.slice(kind.length + 1);
}

export function unknownCursor(cursor: string): InputError {
  return new InputError('after', `${JSON.stringify(cursor.slice(0, 40))} is not a cursor of this list`);
}
