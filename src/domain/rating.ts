import type { Carrier, CarrierInterface } from './carrier.js';
import type { UpstreamError } from './errors.js';
import type { Money } from './money.js';
import type { CarrierWarning } from './shipment.js';
import type { CarrierTime } from './time.js';

/**
 * Rating, landed cost, postal validation and the dark store's health in the unified model (DESIGN.md, "Rating and
 * the delivery promise"). Connectors build their carrier's request from these types and map the answer back into
 * them; services and resolvers never see a wire shape. Every value here is already validated (services/rating-input).
 */

/** Mass unit of an input weight; connectors convert to what their carrier speaks (express metric, e-commerce LB). */
export type WeightUnit = 'KG' | 'LB';
/** Length unit of input dimensions. */
export type LengthUnit = 'CM' | 'IN';

export interface Weight {
  /** Strictly positive. */
  value: number;
  unit: WeightUnit;
}

export interface Dimensions {
  length: number;
  width: number;
  height: number;
  unit: LengthUnit;
}

/** Origin or destination of a quote: postal code and country at least (unless the country has no postal codes). */
export interface RateAddress {
  /** ISO 3166-1 alpha-2, upper case. */
  countryCode: string;
  /** Trimmed; null only for a country without postal codes. */
  postalCode: string | null;
  city: string | null;
  stateOrProvinceCode: string | null;
  /** 0 to 3 street lines. */
  streetLines: string[];
  /** The caller says the address is residential (Carrier B rates residential delivery apart); null = not said. */
  residential: boolean | null;
}

export interface RatePackage {
  weight: Weight;
  dimensions: Dimensions | null;
}

/** One line of customs content for a cross-border lane. */
export interface CustomsItem {
  description: string;
  quantity: number;
  /** Unit of the quantity, e.g. `PCS`. */
  quantityUnit: string;
  /** Value of the whole line (not per piece). */
  value: Money;
  weight: Weight | null;
  /** Harmonised System code when known. */
  hsCode: string | null;
  /** ISO 3166-1 alpha-2 country of manufacture when known. */
  countryOfOrigin: string | null;
}

export type CustomsPurpose = 'SOLD' | 'GIFT' | 'SAMPLE' | 'RETURN' | 'REPAIR' | 'PERSONAL_EFFECTS';
export type DutiesPaidBy = 'SENDER' | 'RECIPIENT';

export interface CustomsContent {
  purpose: CustomsPurpose;
  dutiesPaidBy: DutiesPaidBy;
  items: CustomsItem[];
}

/** What one rate request asks every carrier (filters and strategy are the service's, not the connectors'). */
export interface RateRequest {
  origin: RateAddress;
  destination: RateAddress;
  /** At least one. */
  packages: RatePackage[];
  /** Local date at the origin, YYYY-MM-DD, today or later. */
  shipDate: string;
  /** Local time at the origin the parcel is ready, HH:MM:SS (express `plannedShippingDateAndTime`). */
  readyTime: string;
  /** The origin's UTC offset at the ship date, `+HH:MM` (express `GMT+HH:MM`); see docs/assumptions.md. */
  originUtcOffset: string;
  /** Declared value of the whole shipment; required with customs content. */
  declaredValue: Money | null;
  /** Required when origin and destination countries differ (cross-border). */
  customs: CustomsContent | null;
  /** Cash on delivery to collect (special service `COD`); null when none. */
  cashOnDelivery: Money | null;
  /** ISO 4217 currency the caller prefers quotes in (Carrier B `preferredCurrency`); null = the carrier's. */
  currency: string | null;
  /** Native service codes to quote (each connector keeps those it knows); empty = every service. */
  serviceCodes: string[];
  /** Express account number chosen among the configured ones; null = the first configured (docs/assumptions.md). */
  expressAccountNumber: string | null;
  /** Items in the order (the dark store charges per item); null = not said (one per package is assumed there). */
  itemCount: number | null;
}

/** The normalised service level beside the carrier's own code and name (never invented: OTHER when unclear). */
export type ServiceLevel = 'SAME_DAY' | 'OVERNIGHT' | 'EXPRESS' | 'TWO_DAY' | 'THREE_DAY' | 'ECONOMY' | 'GROUND' | 'OTHER';

/** Rate type as the carrier states it (Carrier B `rateType`; express `isCustomerAgreement` true = ACCOUNT). */
export type RateType = 'LIST' | 'ACCOUNT' | 'PREFERRED' | 'INCENTIVE' | 'OTHER';

export type ChargeKind = 'BASE' | 'DISCOUNT' | 'SURCHARGE' | 'TAX' | 'DUTY' | 'OTHER';

/** One line of a quote's breakdown, with the carrier's own code and name where it gives them. */
export interface ChargeLine {
  kind: ChargeKind;
  /** Native code, e.g. express `typeCode`, Carrier B surcharge type. */
  code: string | null;
  name: string | null;
  /** Discounts are positive amounts of kind DISCOUNT (never negative numbers invented by us). */
  amount: Money;
}

/** One currency view of a total (express `totalPrice[]` entries; `BILLC` is the billing one). */
export interface CurrencyView {
  /** Native `currencyType`, e.g. `BILLC`; null where the carrier gives one currency only. */
  currencyType: string | null;
  total: Money;
  breakdown: ChargeLine[];
}

export interface PickupWindow {
  /** Latest local time a pickup can be booked for the quoted delivery (express `localCutoffDateAndTime`). */
  cutoff: CarrierTime | null;
  /** Express `GMTCutoffTime` as given (HH:MM:SS). */
  gmtCutoffTime: string | null;
  /** Express `pickupEarliest` / `pickupLatest` as given (HH:MM:SS). */
  earliest: string | null;
  latest: string | null;
  /** Express `nextBusinessDay`: the pickup happens the next business day. */
  nextBusinessDay: boolean | null;
}

/** One priced service of one carrier. */
export interface RateQuote {
  carrier: Carrier;
  division: string | null;
  upstream: CarrierInterface;
  /** The carrier's own service code (express `productCode`, Carrier B `serviceType`, e-commerce product code). */
  serviceCode: string;
  /** Express `localProductCode` where it differs; null otherwise. */
  localServiceCode: string | null;
  /** The carrier's own service name. */
  serviceName: string | null;
  serviceLevel: ServiceLevel;
  /** The amount to pay: express the `BILLC` view, Carrier B `totalNetCharge` (with duties when given). */
  total: Money;
  breakdown: ChargeLine[];
  /** Every currency view the carrier gave, the billing one included. */
  currencyViews: CurrencyView[];
  rateType: RateType;
  /** The carrier's own rate type word (e.g. `ACCOUNT`, `PAYOR_LIST_PACKAGE`), null when it gives none. */
  nativeRateType: string | null;
  transitDays: number | null;
  /** Native transit word where the carrier gives one (Carrier B `THREE_DAYS`). */
  transitTime: string | null;
  estimatedDelivery: CarrierTime | null;
  /** A delivery window where the carrier promises one (the dark store's 2-4 hours); absent or null otherwise. */
  deliveryWindow?: { from: CarrierTime; to: CarrierTime } | null;
  commitDate: CarrierTime | null;
  pickup: PickupWindow | null;
  /** true/false where the carrier says (Carrier B `ineligibleForMoneyBackGuarantee` negated); null when not said. */
  guaranteed: boolean | null;
  /** Express account the quote was made for; null for other carriers. */
  accountNumber: string | null;
  warnings: CarrierWarning[];
}

/**
 * One carrier interface's answer to a rate request, as data: quotes (possibly none: the lane is not served) or a
 * typed failure, so one slow or failing carrier never hides the others.
 */
export type RateOutcome =
  | {
      ok: true;
      carrier: Carrier;
      division: string | null;
      upstream: CarrierInterface;
      quotes: RateQuote[];
      /** Answer-level warnings or alerts (beside each quote's own). */
      warnings: CarrierWarning[];
      /**
       * Services the carrier answered but that could not be read into a quote (express: a product without a `BILLC`
       * entry), one typed failure each (UPSTREAM_CONTRACT); the readable ones are in `quotes`. Absent = none.
       */
      failedServices?: Array<{ serviceCode: string | null; error: UpstreamError }>;
    }
  | {
      ok: false;
      carrier: Carrier;
      division: string | null;
      upstream: CarrierInterface;
      error: UpstreamError;
      /** Services the carrier says would work when the requested one failed (Carrier B `servicesNeededOnRateFailure`). */
      workableServices: string[];
      warnings: CarrierWarning[];
    };

/** Why a connector does not quote a request at all (no call is made): shown to the client as a skipped carrier. */
export interface LaneRefusal {
  /** Stable code, e.g. `NOT_IN_CATCHMENT`, `DOMESTIC_ONLY`, `FILTERED_OUT`, `STORE_UNHEALTHY`. */
  code: string;
  message: string;
}

/** Duty and tax estimate request (express `/landed-cost`, e-commerce duty and tax). */
export interface LandedCostRequest {
  origin: RateAddress;
  destination: RateAddress;
  packages: RatePackage[];
  customs: CustomsContent;
  /** Currency the estimate is wanted in; null = the carrier's. */
  currency: string | null;
  /** Cost of shipping to include in the dutiable value where the carrier asks for it; null when not known. */
  freight: Money | null;
  expressAccountNumber: string | null;
}

export type LandedCostKind = 'DUTY' | 'TAX' | 'FEE' | 'OTHER';

export interface LandedCostLine {
  kind: LandedCostKind;
  code: string | null;
  name: string | null;
  amount: Money;
  /** Which customs item the line is for (index into `customs.items`), null for the whole shipment. */
  itemIndex: number | null;
}

export type LandedCostOutcome =
  | {
      ok: true;
      carrier: Carrier;
      division: string | null;
      upstream: CarrierInterface;
      total: Money;
      lines: LandedCostLine[];
      warnings: CarrierWarning[];
    }
  | { ok: false; carrier: Carrier; division: string | null; upstream: CarrierInterface; error: UpstreamError };

/** Carrier B `/country/v1/postal/validate` answer in our words. */
export interface PostalValidation {
  countryCode: string;
  postalCode: string;
  /** false when the carrier says the code does not exist in the country. */
  valid: boolean;
  /** The carrier's cleaned form of the code, when it gives one. */
  cleanedPostalCode: string | null;
  city: string | null;
  stateOrProvinceCode: string | null;
  warnings: CarrierWarning[];
}

/** The dark store's `GET /health` (seed 002 A), memory parsed into bytes. */
export interface DarkStoreHealth {
  /** `ok` when healthy; any other value as given. */
  status: string;
  /** `connected` when the database link is up. */
  db: string;
  uptimeSeconds: number;
  /** ISO 8601 UTC as given. */
  timestamp: string;
  /** `memory.rss` as given, e.g. `512MB`. */
  memoryRss: string;
  /** `memory.rss` in bytes; null when the unit is not one we read. */
  memoryRssBytes: number | null;
  /** status ok and db connected. */
  healthy: boolean;
  /** When we read it (ISO instant). */
  checkedAt: string;
}
