import type { IncomingHttpHeaders } from 'node:http';

/** A request as the simulators see it: already read in full (bodies are small). */
export interface SandboxRequest {
  method: string;
  /** Path without query, e.g. `/track/shipments`. */
  path: string;
  query: URLSearchParams;
  /** Path and query as received, e.g. `/track/shipments?trackingNumber=1`. */
  pathAndQuery: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** Origin the simulator listens on, e.g. `http://127.0.0.1:4101`. */
  origin: string;
}

/** An answer: a JSON value (`json`) or raw bytes (`raw`) with a content type. */
export interface SandboxResponse {
  status: number;
  headers?: Record<string, string>;
  contentType?: string;
  json?: unknown;
  raw?: Buffer | string;
  /**
   * Fault knob "the carrier acted, the answer is lost": the handler has already done its work (created the shipment);
   * the answer is held this long before it is written (longer than the client's timeout = a timeout after acting).
   */
  delayMs?: number;
  /** Fault knob: the handler acted, then the connection is reset instead of answering. */
  reset?: boolean;
}

export function header(req: SandboxRequest, name: string): string | undefined {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

export type JsonBody = { ok: true; value: unknown } | { ok: false; reason: string };

/** Parses a JSON request body; the seeds' business calls send JSON. */
export function readJson(req: SandboxRequest): JsonBody {
  if (req.body.length === 0) return { ok: false, reason: 'The request body is empty.' };
  try {
    return { ok: true, value: JSON.parse(req.body.toString('utf8')) as unknown };
  } catch {
    return { ok: false, reason: 'The request body is not valid JSON.' };
  }
}

/** Parses a form-encoded body (the token requests of both OAuth interfaces are form-encoded). */
export function readForm(req: SandboxRequest): URLSearchParams | undefined {
  const type = header(req, 'content-type') ?? '';
  if (!type.toLowerCase().startsWith('application/x-www-form-urlencoded')) return undefined;
  return new URLSearchParams(req.body.toString('utf8'));
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Breaks the shape of a JSON answer while keeping it valid JSON: every nested object or array becomes a number. */
export function breakShape(value: unknown): unknown {
  if (!isRecord(value)) return 42;
  const broken: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(value)) {
    broken[key] = typeof member === 'object' && member !== null ? 42 : member;
  }
  return broken;
}
