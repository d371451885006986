import type { Money } from '../../domain/money.js';
import type { ChargeLine, LaneRefusal, RateOutcome, RateQuote, RateRequest } from '../../domain/rating.js';
import type { CarrierTime } from '../../domain/time.js';
import type { DarkStoreConfig } from './config.js';
import type { RatingConnector } from '../types.js';
import type { Catchment } from './catchment.js';
import { money, toUnits } from './charges.js';
import type { DarkStoreHealthState } from './monitor.js';

/** The network names no service (seed 002 A); this code and name are ours (docs/assumptions.md DS6). */
export const DARK_STORE_SERVICE_CODE = 'DARK_STORE_2_4H';
export const DARK_STORE_SERVICE_NAME = 'Dark store 2-4 hour delivery';

/** "a delivery promise of two to four hours on the brand's own storefront". */
const WINDOW_FROM_MS = 2 * 3_600_000;
const WINDOW_TO_MS = 4 * 3_600_000;

/** Stable refusal codes (LaneRefusal.code) a client can switch on. */
export const DARK_STORE_REFUSALS = {
  /** Origin or destination outside DARK_STORE_COUNTRY. */
  domesticOnly: 'DOMESTIC_ONLY',
  /** The destination pincode is not in the configured catchment. */
  notInCatchment: 'NOT_IN_CATCHMENT',
  /** status is not `ok`, db is not `connected`, the health could not be read, is not read yet, or is stale. */
  storeUnhealthy: 'STORE_UNHEALTHY',
  /** The request names service codes and ours is not among them. */
  filteredOut: 'FILTERED_OUT',
} as const;

export interface DarkStoreRatingOptions {
  config: Pick<DarkStoreConfig, 'country' | 'currency' | 'charges'>;
  catchment: Catchment;
  /** The monitor's current state (no I/O). */
  health: () => DarkStoreHealthState;
  now?: () => Date;
}

/**
 * The dark store as a rating connector. Its price is the seed's stated charges ("2 currency units per item for
 * storefront-app order processing; 20 currency units per order for cash-on-delivery handling"), its service the 2-4
 * hour promise, its lane the catchment. There is no rating endpoint to call (the network publishes only `/health`), so
 * neither `refuses` nor `rate` makes any call: the health they use is the monitor's last reading.
 */
export class DarkStoreRatingConnector implements RatingConnector {
  readonly upstream = 'dark-store' as const;
  readonly carrier = 'DARK_STORE' as const;
  readonly division = null;
  private readonly options: DarkStoreRatingOptions;
  private readonly now: () => Date;

  constructor(options: DarkStoreRatingOptions) {
    this.options = options;
    this.now = options.now ?? (() => new Date());
  }

  refuses(request: RateRequest): LaneRefusal | null {
    const { country } = this.options.config;
    if (request.serviceCodes.length > 0 && !request.serviceCodes.includes(DARK_STORE_SERVICE_CODE)) {
      return { code: DARK_STORE_REFUSALS.filteredOut, message: `the dark store offers only ${DARK_STORE_SERVICE_CODE}` };
    }
    if (request.origin.countryCode !== country || request.destination.countryCode !== country) {
      return {
        code: DARK_STORE_REFUSALS.domesticOnly,
        message: `the dark store delivers within ${country} only (lane ${request.origin.countryCode} to ${request.destination.countryCode})`,
      };
    }
    if (!this.options.catchment.serves(request.destination.postalCode)) {
      return {
        code: DARK_STORE_REFUSALS.notInCatchment,
        message: `destination pincode ${request.destination.postalCode ?? '(none)'} is not in the dark store's catchment`,
      };
    }
    const health = this.options.health();
    if (!health.healthy) return { code: DARK_STORE_REFUSALS.storeUnhealthy, message: health.reason ?? 'the dark store is not healthy' };
    return null;
  }

  /** Never rejects, makes no call (there is nothing to call): a lane refused meanwhile answers no quote and says why. */
  async rate(request: RateRequest): Promise<RateOutcome> {
    const base = { carrier: this.carrier, division: this.division, upstream: this.upstream };
    const refusal = this.refuses(request);
    if (refusal) return { ok: true, ...base, quotes: [], warnings: [{ code: refusal.code, message: refusal.message, type: 'REFUSAL' }] };
    return { ok: true, ...base, quotes: [this.quote(request)], warnings: [] };
  }

  private quote(request: RateRequest): RateQuote {
    const { currency, charges } = this.options.config;
    // RateRequest.itemCount: "null = not said (one per package is assumed there)" (docs/assumptions.md DS7).
    const items = request.itemCount ?? request.packages.length;
    const processing = toUnits(charges.orderProcessingPerItem) * BigInt(items);
    const breakdown: ChargeLine[] = [
      { kind: 'BASE', code: null, name: `storefront-app order processing (${items} x ${charges.orderProcessingPerItem})`, amount: money(processing, currency) },
    ];
    let total = processing;
    if (request.cashOnDelivery !== null) {
      const cod = toUnits(charges.codHandlingPerOrder);
      breakdown.push({ kind: 'SURCHARGE', code: null, name: 'cash-on-delivery handling', amount: money(cod, currency) });
      total += cod;
    }
    const totalMoney = money(total, currency);
    const window = this.window(request);
    return {
      carrier: this.carrier,
      division: null,
      upstream: this.upstream,
      serviceCode: DARK_STORE_SERVICE_CODE,
      localServiceCode: null,
      serviceName: DARK_STORE_SERVICE_NAME,
      serviceLevel: 'SAME_DAY',
      total: totalMoney,
      breakdown,
      currencyViews: [{ currencyType: null, total: totalMoney, breakdown }],
      // The stated charges are the provider's published prices.
      rateType: 'LIST',
      nativeRateType: null,
      transitDays: 0,
      transitTime: null,
      estimatedDelivery: window.to,
      deliveryWindow: window,
      commitDate: null,
      pickup: null,
      guaranteed: null,
      accountNumber: null,
      warnings: [],
    };
  }

  /**
   * 2 to 4 hours from now: the store picks and packs from its own stock, so the brand's ready time today does not
   * delay it. A ship date after today (at the origin's offset) starts the window at that day's ready time. Rendered at
   * the origin's offset. Store opening hours: not shown (docs/assumptions.md DS8).
   */
  private window(request: RateRequest): { from: CarrierTime; to: CarrierTime } {
    const now = this.now().getTime();
    const today = instantAt(now, request.originUtcOffset).slice(0, 10);
    const ready = Date.parse(`${request.shipDate}T${request.readyTime}${request.originUtcOffset}`);
    const start = request.shipDate > today && !Number.isNaN(ready) ? Math.max(now, ready) : now;
    return {
      from: { instant: instantAt(start + WINDOW_FROM_MS, request.originUtcOffset), localDateTime: null },
      to: { instant: instantAt(start + WINDOW_TO_MS, request.originUtcOffset), localDateTime: null },
    };
  }
}

/** The store's holding cost: "storage 0.30 currency units per unit per day", the brand's cost, not an order's. */
export function holdingCostPerUnitPerDay(config: Pick<DarkStoreConfig, 'currency' | 'charges'>): Money {
  return money(toUnits(config.charges.storagePerUnitPerDay), config.currency);
}

/** `2026-03-10T17:30:00+05:30`: the instant written at an offset `+HH:MM` (`Z` for a malformed one). */
export function instantAt(epochMs: number, offset: string): string {
  const match = /^([+-])(\d{2}):(\d{2})$/.exec(offset);
  if (!match) return new Date(epochMs).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const minutes = (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
  return `${new Date(epochMs + minutes * 60_000).toISOString().slice(0, 19)}${offset}`;
}
