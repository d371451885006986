import { z } from 'zod';
import type { CarrierConfigSection } from '../../platform/config.js';
import { headerName, list, ms, optionalText, positive, type SectionOf, url } from '../../platform/env-schema.js';

/** Group A's variables (GROUP_A_*): unified tracking, express, e-commerce, push, and the divisions it accepts. */
const shape = {
  GROUP_A_DIVISIONS: list.default(['express', 'ecommerce']),
  GROUP_A_TRACK_BASE_URL: url.optional(),
  GROUP_A_TRACK_API_KEY: optionalText,
  GROUP_A_TRACK_MIN_INTERVAL_MS: ms(5_000),
  GROUP_A_TRACK_DAILY_QUOTA: positive(250),
  GROUP_A_TRACK_MAX_WAIT_MS: ms(20_000),
  GROUP_A_TRACK_CACHE_TTL_MS: ms(300_000),
  GROUP_A_TRACK_PAGE_LIMIT: positive(5),
  // How long a unified `transit`/`failure` waits for its division's finer reading (docs/assumptions.md OS1).
  GROUP_A_STATUS_REFINE_TIMEOUT_MS: positive(5_000),

  GROUP_A_EXPRESS_BASE_URL: url.optional(),
  GROUP_A_EXPRESS_ENVIRONMENT: z.enum(['test', 'production']).default('test'),
  GROUP_A_EXPRESS_USERNAME: optionalText,
  GROUP_A_EXPRESS_PASSWORD: optionalText,
  GROUP_A_EXPRESS_ACCOUNT_NUMBERS: list.optional(),
  GROUP_A_EXPRESS_DAILY_QUOTA: z.coerce.number().int().positive().optional(),
  // Cash-on-delivery value-added service code in express rate requests (none is published: assumption XR7).
  GROUP_A_EXPRESS_COD_SERVICE_CODE: z.string().trim().regex(/^[A-Z0-9]{1,4}$/, 'a value-added service code such as KB').default('KB'),

  GROUP_A_ECOM_BASE_URL: url.optional(),
  GROUP_A_ECOM_CLIENT_ID: optionalText,
  GROUP_A_ECOM_CLIENT_SECRET: optionalText,
  GROUP_A_ECOM_PICKUP_ACCOUNT: optionalText,
  GROUP_A_ECOM_TRACK_PATH: z.string().startsWith('/').default('/tracking/v4/package'),
  GROUP_A_ECOM_TRACK_PARAM_PACKAGE_ID: z.string().min(1).default('packageId'),
  GROUP_A_ECOM_TRACK_PARAM_CARRIER_ID: z.string().min(1).default('carrierPackageId'),
  GROUP_A_ECOM_SHIP_PROCESSING_GRACE_MS: positive(600_000),
  // Products and duty and tax (docs/assumptions.md E7-E10): the distribution center parcels leave from, its country.
  GROUP_A_ECOM_DISTRIBUTION_CENTER: optionalText,
  GROUP_A_ECOM_DISTRIBUTION_CENTER_COUNTRY: z.string().regex(/^[A-Z]{2}$/, 'an ISO 3166-1 alpha-2 code').default('US'),
  GROUP_A_ECOM_DUTY_TAX_PATH: z.string().startsWith('/').default('/shipping/v4/dutytax'),

  GROUP_A_PUSH_BASE_URL: url.optional(),
  GROUP_A_PUSH_SUBSCRIPTIONS_PATH: z.string().startsWith('/').default('/push/v1/subscriptions'),
  GROUP_A_PUSH_SECRET_HEADER: headerName.default('Carrier-Push-Secret'),
};

type Env = z.output<z.ZodObject<typeof shape>>;

/** Each interface's section as its read function below builds it (null when its base URL is unset). */
export type GroupATrackingConfig = SectionOf<ReturnType<typeof readTracking>>;
export type GroupAExpressConfig = SectionOf<ReturnType<typeof readExpress>>;
export type GroupAEcommerceConfig = SectionOf<ReturnType<typeof readEcommerce>>;
/** Group A push (docs/assumptions.md P1-P4); the push base URL defaults to the unified tracking base URL. */
export type GroupAPushConfig = ReturnType<typeof readPush>;

declare module '../../platform/config.js' {
  interface CarrierSections {
    /** Group A's interfaces (src/carriers/group-a/config.ts); each null when its base URL is unset. */
    groupATracking: GroupATrackingConfig | null;
    groupAExpress: GroupAExpressConfig | null;
    groupAEcommerce: GroupAEcommerceConfig | null;
    groupAPush: GroupAPushConfig;
    /** The divisions Group A input may name (GROUP_A_DIVISIONS). */
    groupADivisions: string[];
  }
}

export const groupAConfigSection: CarrierConfigSection<typeof shape> = {
  prefix: 'GROUP_A_',
  shape,
  groups: [
    { base: 'GROUP_A_TRACK_BASE_URL', required: ['GROUP_A_TRACK_API_KEY'] },
    { base: 'GROUP_A_EXPRESS_BASE_URL', required: ['GROUP_A_EXPRESS_USERNAME', 'GROUP_A_EXPRESS_PASSWORD', 'GROUP_A_EXPRESS_ACCOUNT_NUMBERS'] },
    { base: 'GROUP_A_ECOM_BASE_URL', required: ['GROUP_A_ECOM_CLIENT_ID', 'GROUP_A_ECOM_CLIENT_SECRET'] },
  ],
  read: (env) => ({
    groupADivisions: env.GROUP_A_DIVISIONS,
    groupATracking: readTracking(env),
    groupAExpress: readExpress(env),
    groupAEcommerce: readEcommerce(env),
    groupAPush: readPush(env),
  }),
};

function readTracking(env: Env) {
  if (!env.GROUP_A_TRACK_BASE_URL) return null;
  return {
    baseUrl: env.GROUP_A_TRACK_BASE_URL,
    apiKey: env.GROUP_A_TRACK_API_KEY!,
    minIntervalMs: env.GROUP_A_TRACK_MIN_INTERVAL_MS,
    dailyQuota: env.GROUP_A_TRACK_DAILY_QUOTA,
    maxWaitMs: env.GROUP_A_TRACK_MAX_WAIT_MS,
    cacheTtlMs: env.GROUP_A_TRACK_CACHE_TTL_MS,
    pageLimit: env.GROUP_A_TRACK_PAGE_LIMIT,
    /**
     * How long a unified `transit` or `failure` waits for the express or e-commerce interface's finer reading before the
     * unified reading stands with a warning. Optional in hand-built configurations (default 5 s).
     */
    refineTimeoutMs: env.GROUP_A_STATUS_REFINE_TIMEOUT_MS as number | undefined,
  };
}

function readExpress(env: Env) {
  if (!env.GROUP_A_EXPRESS_BASE_URL) return null;
  return {
    baseUrl: env.GROUP_A_EXPRESS_BASE_URL,
    /** "the test environment uses the prefix `/expressapi/test`". */
    environment: env.GROUP_A_EXPRESS_ENVIRONMENT,
    username: env.GROUP_A_EXPRESS_USERNAME!,
    password: env.GROUP_A_EXPRESS_PASSWORD!,
    /** One credential pair can serve several account numbers (they travel in the body). */
    accountNumbers: env.GROUP_A_EXPRESS_ACCOUNT_NUMBERS!,
    /**
     * Calls per UTC day per credential (the published test environment quota: 500 service invocations per day); null
     * = no limit of ours (production quotas are not published). Absent (hand-built configurations) = none.
     */
    dailyQuota: (env.GROUP_A_EXPRESS_DAILY_QUOTA ?? (env.GROUP_A_EXPRESS_ENVIRONMENT === 'test' ? 500 : null)) as number | null | undefined,
    /** Value-added service code of cash on delivery in rate requests (assumption XR7). */
    codServiceCode: env.GROUP_A_EXPRESS_COD_SERVICE_CODE as string | undefined,
  };
}

function readEcommerce(env: Env) {
  if (!env.GROUP_A_ECOM_BASE_URL) return null;
  return {
    baseUrl: env.GROUP_A_ECOM_BASE_URL,
    clientId: env.GROUP_A_ECOM_CLIENT_ID!,
    clientSecret: env.GROUP_A_ECOM_CLIENT_SECRET!,
    pickupAccount: env.GROUP_A_ECOM_PICKUP_ACCOUNT ?? null,
    trackPath: env.GROUP_A_ECOM_TRACK_PATH,
    trackParamPackageId: env.GROUP_A_ECOM_TRACK_PARAM_PACKAGE_ID,
    trackParamCarrierId: env.GROUP_A_ECOM_TRACK_PARAM_CARRIER_ID,
    // The members below are optional in hand-built configurations (written before shipping and rating); loadConfig
    // always sets them (defaults: rating-config.ts).
    /** GROUP_A_ECOM_SHIP_PROCESSING_GRACE_MS (default 10 minutes). */
    processingGraceMs: env.GROUP_A_ECOM_SHIP_PROCESSING_GRACE_MS as number | undefined,
    /** Label request's `distributionCenter`, sent on products and duty and tax; rating is refused without it. */
    distributionCenter: (env.GROUP_A_ECOM_DISTRIBUTION_CENTER ?? null) as string | null | undefined,
    /** Country of the distribution center: the only origin country the e-commerce interface quotes (E9). */
    distributionCenterCountry: env.GROUP_A_ECOM_DISTRIBUTION_CENTER_COUNTRY as string | undefined,
    /** Duty and tax path (not published: E10). */
    dutyTaxPath: env.GROUP_A_ECOM_DUTY_TAX_PATH as string | undefined,
  };
}

function readPush(env: Env) {
  return {
    baseUrl: env.GROUP_A_PUSH_BASE_URL ?? env.GROUP_A_TRACK_BASE_URL ?? null,
    subscriptionsPath: env.GROUP_A_PUSH_SUBSCRIPTIONS_PATH,
    secretHeader: env.GROUP_A_PUSH_SECRET_HEADER,
  };
}
