import { randomUUID } from 'node:crypto';
import { UpstreamError } from '../../domain/errors.js';
import type { TrackRequest } from '../../domain/tracking.js';
import type { CarrierBConfig } from './config.js';
import { OAuthClientCredentials } from '../../platform/http/auth.js';
import { UpstreamClient, type CarrierErrorReading, type HttpTimeouts } from '../../platform/http/upstream-client.js';
import type { Logger } from '../../platform/logger.js';
import type { Metrics } from '../../platform/metrics.js';
import {
  errorBodySchema,
  trackAnswerSchema,
  type WireReferenceRequest,
  type WireTrackAnswer,
  type WireTrackRequest,
} from './wire.js';

/** Carrier B wire calls (seed 001, "Endpoints"): build the request, send it through one UpstreamClient, parse it. */
export const CARRIER_B_PATHS = {
  token: '/oauth/token',
  trackByNumber: '/track/v1/trackingnumbers',
  trackByReference: '/track/v1/referencenumbers',
} as const;

/** "tracking numbers per track request: 30". */
export const CARRIER_B_MAX_NUMBERS_PER_TRACK = 30;

export interface CarrierBClientOptions {
  config: CarrierBConfig;
  timeouts: HttpTimeouts;
  retryBaseDelayMs: number;
  metrics: Metrics;
  logger: Logger;
  /** Clock of the token cache (tests step it to reach the re-mint point). */
  now?: () => number;
  /** A 429 whose Retry-After is at most this far away is waited out once (assumption B3). */
  maxRetryAfterWaitMs?: number;
  /** Connections of the pool (UPSTREAM_POOL_CONNECTIONS_CARRIER_B, else UPSTREAM_POOL_CONNECTIONS); the client's default when absent. */
  connections?: number;
}

/** One client for the Carrier B origin, with OAuth client credentials (token cached, re-minted before expiry). */
export function createCarrierBHttpClient(options: CarrierBClientOptions): UpstreamClient {
  const { config, metrics } = options;
  return new UpstreamClient({
    upstream: 'carrier-b',
    baseUrl: config.baseUrl,
    timeouts: options.timeouts,
    metrics,
    logger: options.logger,
    retryBaseDelayMs: options.retryBaseDelayMs,
    ...(options.connections !== undefined ? { connections: options.connections } : {}),
    ...(options.maxRetryAfterWaitMs !== undefined ? { maxRetryAfterWaitMs: options.maxRetryAfterWaitMs } : {}),
    readError: readCarrierBError,
    readTransactionId: readCarrierBTransactionId,
    auth: (client) =>
      new OAuthClientCredentials(client, {
        tokenPath: CARRIER_B_PATHS.token,
        clientId: config.clientId,
        clientSecret: config.clientSecret,
        ...(options.now ? { now: options.now } : {}),
        onMint: () => metrics.tokenMints.inc({ upstream: 'carrier-b' }),
      }),
  });
}

/** Error body: "`errors[]`, each with `code` (string), `message` (string)"; the first error names the failure. */
export function readCarrierBError(_status: number, body: unknown): CarrierErrorReading {
  const parsed = errorBodySchema.safeParse(body);
  const first = parsed.success ? parsed.data.errors?.[0] : undefined;
  return { carrierCode: first?.code ?? null, message: first?.message ?? null };
}

/** "Answers carry `transactionId` (string)": error bodies and track answers alike; kept for the carrier's support. */
export function readCarrierBTransactionId(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const value = (body as Record<string, unknown>)['transactionId'];
  return typeof value === 'string' && value.length > 0 && value.length <= 200 ? value : null;
}

/**
 * A fresh `x-customer-transaction-id` for one call ("caller-generated correlation id"): a retry of the call sends the
 * same id, so the carrier's support sees the attempts of one call together. Our log line joins it to the request id.
 */
export function newCustomerTransactionId(): string {
  return randomUUID();
}

/** The two ids of one Carrier B exchange: the carrier's `transactionId` and the `x-customer-transaction-id` we sent. */
export interface ExchangeIds {
  transactionId: string | null;
  customerTransactionId: string | null;
}

/**
 * A failure found inside an answer (an `error` in a track result, a malformed entry) carries the ids of the exchange
 * that brought it, so the carrier's support can find it. Errors that already carry them are returned as they are.
 */
export function withExchangeIds(error: UpstreamError, ids: ExchangeIds): UpstreamError {
  const adds =
    (error.transactionId === null && ids.transactionId !== null) || (error.customerTransactionId === null && ids.customerTransactionId !== null);
  if (!adds) return error;
  return new UpstreamError(
    error.message,
    {
      code: error.code,
      upstream: error.upstream,
      carrierCode: error.carrierCode,
      retryAt: error.retryAt,
      ...(error.operation !== null ? { operation: error.operation } : {}),
      ...(error.httpStatus !== null ? { httpStatus: error.httpStatus } : {}),
      candidates: error.candidates,
      transactionId: error.transactionId ?? ids.transactionId,
      customerTransactionId: error.customerTransactionId ?? ids.customerTransactionId,
    },
    // The original stays reachable: a failure already counted and logged is not counted again through this copy.
    { cause: error },
  );
}

/** Track request body for one chunk (at most 30 numbers, the connector's job). */
export function buildTrackRequest(requests: readonly TrackRequest[]): WireTrackRequest {
  const seen = new Set<string>();
  const trackingInfo: WireTrackRequest['trackingInfo'] = [];
  for (const request of requests) {
    const entry: WireTrackRequest['trackingInfo'][number] = {
      trackingNumberInfo: {
        trackingNumber: request.trackingNumber,
        ...(request.carrierCode ? { carrierCode: request.carrierCode } : {}),
        ...(request.carrierUniqueId ? { trackingNumberUniqueId: request.carrierUniqueId } : {}),
      },
      ...(request.shipDateBegin ? { shipDateBegin: request.shipDateBegin } : {}),
      ...(request.shipDateEnd ? { shipDateEnd: request.shipDateEnd } : {}),
    };
    // Identical lookups in one chunk are asked once; their answers are matched back by number. The key names every
    // member the entry sends, joined by NUL, which no checked input holds (src/domain/text-bounds.ts): a string built per
    // number, not JSON.stringify of the entry.
    const key = `${request.trackingNumber}\0${request.carrierCode || ''}\0${request.carrierUniqueId || ''}\0${request.shipDateBegin || ''}\0${request.shipDateEnd || ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    trackingInfo.push(entry);
  }
  // The seed: "false: latest status only; true: full scanEvents" - ask for scans only when someone wants events.
  return { includeDetailedScans: requests.some((r) => r.includeEvents), trackingInfo };
}

export function postTrackingNumbers(
  client: UpstreamClient,
  body: WireTrackRequest,
  locale: string | null,
  customerTransactionId: string = newCustomerTransactionId(),
): Promise<WireTrackAnswer> {
  return client.call({
    operation: 'track',
    method: 'POST',
    path: CARRIER_B_PATHS.trackByNumber,
    json: body,
    headers: commonHeaders(locale, customerTransactionId),
    customerTransactionId,
    schema: trackAnswerSchema,
    // A track POST reads and changes nothing, so a 500/503 may be sent again (seed: "one retry with exponential backoff").
    idempotent: true,
  });
}

export function postReferenceNumbers(
  client: UpstreamClient,
  body: WireReferenceRequest,
  locale: string | null,
  customerTransactionId: string = newCustomerTransactionId(),
): Promise<WireTrackAnswer> {
  return client.call({
    operation: 'track-by-reference',
    method: 'POST',
    path: CARRIER_B_PATHS.trackByReference,
    json: body,
    headers: commonHeaders(locale, customerTransactionId),
    customerTransactionId,
    schema: trackAnswerSchema,
    idempotent: true,
  });
}

/** `x-customer-transaction-id`: "caller-generated correlation id"; `x-locale`: "shape `xx_XX`". */
function commonHeaders(locale: string | null, customerTransactionId: string): Record<string, string> {
  return { 'x-customer-transaction-id': customerTransactionId, ...(locale ? { 'x-locale': locale } : {}) };
}

/**
 * The locale of a lookup: the request's language when it names language and country (`en_US`, `en-US`), else the
 * configured locale. A bare language (`en`) is not widened to a country we would have to guess.
 */
export function localeFor(request: Pick<TrackRequest, 'language'>, configured: string | null): string | null {
  const match = /^([a-z]{2})[-_]([a-z]{2})$/i.exec(request.language?.trim() ?? '');
  if (match) return `${match[1]!.toLowerCase()}_${match[2]!.toUpperCase()}`;
  return configured;
}
