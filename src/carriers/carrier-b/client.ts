import { randomUUID } from 'node:crypto';
import type { TrackRequest } from '../../domain/tracking.js';
import type { CarrierBConfig } from '../../platform/config.js';
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
    ...(options.maxRetryAfterWaitMs !== undefined ? { maxRetryAfterWaitMs: options.maxRetryAfterWaitMs } : {}),
    readError: readCarrierBError,
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
    // Identical lookups in one chunk are asked once; their answers are matched back by number.
    const key = JSON.stringify(entry);
    if (seen.has(key)) continue;
    seen.add(key);
    trackingInfo.push(entry);
  }
  // The seed: "false: latest status only; true: full scanEvents" - ask for scans only when someone wants events.
  return { includeDetailedScans: requests.some((r) => r.includeEvents), trackingInfo };
}

export function postTrackingNumbers(client: UpstreamClient, body: WireTrackRequest, locale: string | null): Promise<WireTrackAnswer> {
  return client.call({
    operation: 'track',
    method: 'POST',
    path: CARRIER_B_PATHS.trackByNumber,
    json: body,
    headers: commonHeaders(locale),
    schema: trackAnswerSchema,
    // A track POST reads and changes nothing, so a 500/503 may be sent again (seed: "one retry with exponential backoff").
    idempotent: true,
  });
}

export function postReferenceNumbers(client: UpstreamClient, body: WireReferenceRequest, locale: string | null): Promise<WireTrackAnswer> {
  return client.call({
    operation: 'track-by-reference',
    method: 'POST',
    path: CARRIER_B_PATHS.trackByReference,
    json: body,
    headers: commonHeaders(locale),
    schema: trackAnswerSchema,
    idempotent: true,
  });
}

/** `x-customer-transaction-id`: "caller-generated correlation id"; `x-locale`: "shape `xx_XX`". */
function commonHeaders(locale: string | null): Record<string, string> {
  return { 'x-customer-transaction-id': randomUUID(), ...(locale ? { 'x-locale': locale } : {}) };
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
