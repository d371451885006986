/**
 * What one upstream call is (CallSpec), and what can make one (UpstreamCaller, implemented by UpstreamClient). Declared
 * apart from upstream-client.ts so that an auth strategy minting its token through the client (auth.ts) needs only
 * this file, not the client that imports it.
 */
import type { z } from 'zod';

type Query = Record<string, string | number | boolean | null | undefined>;

export interface CallSpec<S extends z.ZodType> {
  /** Names the call in metrics and errors, e.g. `track`. */
  operation: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path below the base URL's path, or an absolute URL on the same origin (e.g. a `nextUrl`). */
  path: string;
  query?: Query;
  json?: unknown;
  form?: Record<string, string>;
  headers?: Record<string, string>;
  schema: S;
  /** Safe to send twice. Defaults to true for GET/PUT/DELETE, false otherwise. */
  idempotent?: boolean;
  /** false: send without credentials (token endpoints). */
  auth?: boolean;
  /** The correlation id this call sends (Carrier B `x-customer-transaction-id`), kept on its failures. */
  customerTransactionId?: string;
  /**
   * Sees the parsed body of the error answer that ends the call (after retries), before its UpstreamError is thrown:
   * for what an error body carries beyond the code (Carrier B rating lists workable services beside `errors[]`).
   */
  onFailureBody?: (status: number, body: unknown, headers: Record<string, string | string[] | undefined>) => void;
}

/** Makes one upstream call: what an OAuth strategy needs of its client to mint a token. */
export interface UpstreamCaller {
  call<S extends z.ZodType>(spec: CallSpec<S>): Promise<z.infer<S>>;
}
