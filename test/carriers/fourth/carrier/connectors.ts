import { z } from 'zod';
import type { RatingConnector, ShippingConnector, TrackingConnector } from '../types.js';
import type { InputError } from '../../domain/errors.js';
import { UpstreamError } from '../../domain/errors.js';
import { formatShipmentId } from '../../domain/ids.js';
import type { RateOutcome, RateRequest } from '../../domain/rating.js';
import type { Shipment, TrackingEvent } from '../../domain/shipment.js';
import type { CreateShipmentAnswer, ShipmentRequest } from '../../domain/shipping.js';
import type { ShipmentStatus } from '../../domain/status.js';
import type { TrackOutcome, TrackRequest } from '../../domain/tracking.js';
import type { UpstreamClient } from '../../platform/http/upstream-client.js';
import type { FourthConfig } from './config.js';

export const FOURTH_UPSTREAM = 'test-fourth';
const CARRIER = 'TEST_FOURTH' as const;

/** The fourth carrier's wire (its simulator's answers), read with zod like every carrier's. */
const trackAnswer = z.object({
  results: z.array(
    z.object({
      number: z.string(),
      state: z.enum(['CREATED', 'MOVING']).optional(),
      events: z.array(z.object({ code: z.string(), text: z.string(), at: z.string() })).optional(),
      error: z.string().optional(),
    }),
  ),
});
const ratesAnswer = z.object({ quotes: z.array(z.object({ service: z.string(), name: z.string(), price: z.string(), currency: z.string(), days: z.number() })) });
const shipAnswer = z.object({ number: z.string(), price: z.string(), currency: z.string(), label: z.string() });

const STATUS: Record<string, ShipmentStatus> = { CR: 'LABEL_CREATED', PU: 'IN_TRANSIT', MV: 'IN_TRANSIT' };

function shipmentOf(number: string, events: Array<{ code: string; text: string; at: string }>): Shipment {
  const mapped: TrackingEvent[] = events.map((e) => ({
    time: { instant: e.at, localDateTime: null },
    status: { status: STATUS[e.code] ?? 'UNKNOWN', nativeCode: e.code, nativeText: e.text },
    description: e.text,
    exceptionCode: null,
    exceptionDescription: null,
    location: null,
    pieceIds: [],
    signedBy: null,
    remark: null,
    nextSteps: null,
  }));
  const latest = mapped[0] ?? null;
  return {
    id: formatShipmentId({ carrier: CARRIER, division: null, trackingNumber: number, carrierUniqueId: null }),
    carrier: CARRIER,
    division: null,
    source: FOURTH_UPSTREAM,
    trackingNumber: number,
    carrierUniqueId: null,
    carrierCode: null,
    status: latest?.status ?? { status: 'UNKNOWN', nativeCode: null, nativeText: null },
    statusTime: latest?.time ?? null,
    statusDescription: latest?.description ?? null,
    statusLocation: null,
    service: null,
    origin: null,
    destination: null,
    shipper: null,
    recipient: null,
    pickedUpAt: null,
    shippedAt: null,
    deliveredAt: null,
    estimatedDelivery: null,
    delay: null,
    isReturn: null,
    pieceCount: null,
    totalWeight: null,
    pieces: [],
    events: mapped,
    proofOfDelivery: null,
    references: [],
    documentsAvailable: [],
    declaredValue: null,
    deliveryAttempts: null,
    serviceUrl: null,
    rerouteUrl: null,
    warnings: [],
  };
}

export function fourthTracking(client: UpstreamClient): TrackingConnector {
  return {
    upstream: FOURTH_UPSTREAM,
    maxBatchSize: 10,
    async track(requests: readonly TrackRequest[]): Promise<TrackOutcome[]> {
      try {
        const answer = await client.call({ operation: 'track', method: 'POST', path: '/track', json: { numbers: requests.map((r) => r.trackingNumber) }, schema: trackAnswer, idempotent: true });
        const byNumber = new Map(answer.results.map((r) => [r.number, r]));
        return requests.map((request): TrackOutcome => {
          const result = byNumber.get(request.trackingNumber);
          if (!result || result.error) {
            return { ok: false, error: new UpstreamError(`${request.trackingNumber}: ${result?.error ?? 'not answered'}`, { code: 'UPSTREAM_NOT_FOUND', upstream: FOURTH_UPSTREAM, operation: 'track' }) };
          }
          return { ok: true, shipments: [shipmentOf(result.number, result.events ?? [])] };
        });
      } catch (error) {
        const failure = error instanceof UpstreamError ? error : new UpstreamError(String(error), { code: 'UPSTREAM_UNAVAILABLE', upstream: FOURTH_UPSTREAM });
        return requests.map(() => ({ ok: false, error: failure }));
      }
    },
  };
}

export function fourthRating(client: UpstreamClient): RatingConnector {
  return {
    upstream: FOURTH_UPSTREAM,
    carrier: CARRIER,
    division: null,
    refuses: (request) => (request.origin.countryCode === 'US' && request.destination.countryCode === 'US' ? null : { code: 'DOMESTIC_ONLY', message: 'the fourth carrier ships within the US only' }),
    async rate(request: RateRequest): Promise<RateOutcome> {
      const base = { carrier: CARRIER, division: null, upstream: FOURTH_UPSTREAM };
      try {
        const answer = await client.call({ operation: 'rates', method: 'POST', path: '/rates', json: { from: request.origin.postalCode, to: request.destination.postalCode }, schema: ratesAnswer, idempotent: true });
        return {
          ok: true,
          ...base,
          warnings: [],
          quotes: answer.quotes.map((q) => ({
            ...base,
            serviceCode: q.service,
            localServiceCode: null,
            serviceName: q.name,
            serviceLevel: q.days === 1 ? 'OVERNIGHT' : 'GROUND',
            total: { amount: q.price, currency: q.currency },
            breakdown: [],
            currencyViews: [],
            rateType: 'LIST',
            nativeRateType: null,
            transitDays: q.days,
            transitTime: null,
            estimatedDelivery: null,
            commitDate: null,
            pickup: null,
            guaranteed: null,
            accountNumber: null,
            warnings: [],
          })),
        };
      } catch (error) {
        return { ok: false, ...base, error: error as UpstreamError, workableServices: [], warnings: [] };
      }
    },
  };
}

export function fourthShipping(client: UpstreamClient, config: FourthConfig): ShippingConnector {
  return {
    upstream: FOURTH_UPSTREAM,
    carrier: CARRIER,
    division: null,
    defaultAccountNumber: config.account,
    accountNumbers: [config.account],
    offersService: (code) => code === 'F-STD' || code === 'F-FAST',
    check: (): InputError[] => [],
    async create(request: ShipmentRequest): Promise<CreateShipmentAnswer> {
      // Sent once, never retried (idempotent: false): its outcome may be unknown.
      const answer = await client.call({
        operation: 'ship',
        method: 'POST',
        path: '/shipments',
        json: { service: request.serviceCode, reference: request.purchaseReference, orderId: request.orderId, packages: request.packages.length },
        schema: shipAnswer,
        idempotent: false,
      });
      return {
        kind: 'CREATED',
        shipment: {
          carrier: CARRIER,
          division: null,
          upstream: FOURTH_UPSTREAM,
          trackingNumber: answer.number,
          carrierUniqueId: null,
          carrierCode: null,
          serviceCode: request.serviceCode,
          serviceName: null,
          pieces: [{ sequence: 1, trackingNumber: answer.number, packageId: null, carrierPackageId: null, netCharge: null, cashOnDelivery: null, references: [] }],
          documents: [{ kind: 'LABEL', nativeType: null, format: 'PDF', content: Buffer.from(answer.label, 'base64'), url: null, pieceTrackingNumber: null, copiesToPrint: 1 }],
          total: { amount: answer.price, currency: answer.currency },
          breakdown: [],
          dispatchConfirmationNumber: null,
          links: { trackingUrl: null, cancelPickupUrl: null, onDemandDeliveryUrl: null },
          warnings: [],
          tendered: true,
          tenderBy: null,
          transactionId: null,
        },
      };
    },
  };
}
