import { UpstreamError } from '../../domain/errors.js';
import type { Shipment } from '../../domain/shipment.js';
import type { ReferenceLookup, TrackOutcome, TrackRequest } from '../../domain/tracking.js';
import type { CarrierBConfig } from './config.js';
import type { UpstreamClient } from '../../platform/http/upstream-client.js';
import type { ReferenceTrackingConnector, TrackingConnector } from '../types.js';
import { outcomesFromTrackAnswer, shipmentsFromReferenceAnswer } from './answer.js';
import {
  CARRIER_B_MAX_NUMBERS_PER_TRACK,
  buildTrackRequest,
  localeFor,
  newCustomerTransactionId,
  postReferenceNumbers,
  postTrackingNumbers,
  withExchangeIds,
} from './client.js';
import type { WireReferenceRequest } from './wire.js';

export interface CarrierBConnectorOptions {
  /** The Carrier B origin's client (createCarrierBHttpClient), shared with every other Carrier B capability. */
  client: UpstreamClient;
  config: CarrierBConfig;
}

export interface CarrierBConnector extends TrackingConnector, ReferenceTrackingConnector {
  readonly client: UpstreamClient;
  /** Closes the client (standalone use: tests). Inside a module the module closes its clients, each once. */
  close(): Promise<void>;
}

/**
 * Carrier B tracking: numbers by the 30 (the connector owns its batch limit, so N numbers cost ceil(N/30) calls) and
 * shipments by customer reference. `track` never rejects: a failure of a whole call becomes that error on every item
 * of its chunk, and a failure inside the answer fails only its own number.
 */
export function createCarrierBConnector(options: CarrierBConnectorOptions): CarrierBConnector {
  const { client, config } = options;

  async function trackChunk(chunk: readonly TrackRequest[], locale: string | null): Promise<TrackOutcome[]> {
    const body = buildTrackRequest(chunk);
    const customerTransactionId = newCustomerTransactionId();
    try {
      const answer = await postTrackingNumbers(client, body, locale, customerTransactionId);
      const ids = { transactionId: answer.transactionId ?? null, customerTransactionId };
      return outcomesFromTrackAnswer(answer, chunk, body.includeDetailedScans).map((outcome) =>
        outcome.ok ? outcome : { ok: false, error: withExchangeIds(outcome.error, ids) },
      );
    } catch (error) {
      const failure = withExchangeIds(asUpstreamError(error, 'track'), { transactionId: null, customerTransactionId });
      return chunk.map(() => ({ ok: false, error: failure }));
    }
  }

  return {
    upstream: 'carrier-b',
    client,
    maxBatchSize: CARRIER_B_MAX_NUMBERS_PER_TRACK,

    async track(requests: readonly TrackRequest[]): Promise<TrackOutcome[]> {
      const outcomes: TrackOutcome[] = new Array<TrackOutcome>(requests.length);
      // One x-locale per call, so lookups are grouped by locale before they are cut into chunks of 30.
      const byLocale = new Map<string, number[]>();
      requests.forEach((request, index) => {
        const locale = localeFor(request, config.locale) ?? '';
        const indices = byLocale.get(locale);
        if (indices) indices.push(index);
        else byLocale.set(locale, [index]);
      });
      const calls: Array<Promise<void>> = [];
      for (const [locale, indices] of byLocale) {
        for (const slice of chunks(indices, CARRIER_B_MAX_NUMBERS_PER_TRACK)) {
          const chunk = slice.map((index) => requests[index]!);
          calls.push(
            trackChunk(chunk, locale || null).then((answers) => {
              slice.forEach((index, k) => {
                outcomes[index] = answers[k]!;
              });
            }),
          );
        }
      }
      await Promise.all(calls);
      return outcomes;
    },

    async trackByReference(lookup: ReferenceLookup): Promise<Shipment[]> {
      const body: WireReferenceRequest = {
        referencesInformation: {
          type: lookup.referenceType,
          value: lookup.value,
          accountNumber: config.accountNumber,
          ...(lookup.shipDateBegin ? { shipDateBegin: lookup.shipDateBegin } : {}),
          ...(lookup.shipDateEnd ? { shipDateEnd: lookup.shipDateEnd } : {}),
        },
        includeDetailedScans: lookup.includeEvents,
      };
      let answer;
      const customerTransactionId = newCustomerTransactionId();
      try {
        answer = await postReferenceNumbers(client, body, config.locale, customerTransactionId);
      } catch (error) {
        const failure = asUpstreamError(error, 'track-by-reference');
        // Nothing carries this reference: an empty list, not an error.
        if (failure.code === 'UPSTREAM_NOT_FOUND') return [];
        throw failure;
      }
      const reference = { type: lookup.referenceType, value: lookup.value, scope: null };
      let shipments: Shipment[];
      try {
        shipments = shipmentsFromReferenceAnswer(answer, lookup.includeEvents);
      } catch (error) {
        const ids = { transactionId: answer.transactionId ?? null, customerTransactionId };
        throw withExchangeIds(asUpstreamError(error, 'track-by-reference'), ids);
      }
      return shipments.map((shipment) => ({
        ...shipment,
        // The shipment was found by this reference, so it carries it (the track answer lists no references).
        references: [reference],
      }));
    },

    close: () => client.close(),
  };
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Every failure is typed; anything else is our own defect and is reported as an unreadable answer, never thrown. */
function asUpstreamError(error: unknown, operation: string): UpstreamError {
  if (error instanceof UpstreamError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new UpstreamError(`carrier-b ${operation}: ${message}`, { code: 'UPSTREAM_CONTRACT', upstream: 'carrier-b', operation }, { cause: error });
}
