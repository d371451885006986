import { z } from 'zod';
import type { CarrierConfigSection } from '../../platform/config.js';
import { decimalAmount, optionalText, positive, type SectionOf, url } from '../../platform/env-schema.js';

/** The dark-store network's variables (DARK_STORE_*): only `GET /health` is published; catchment and charges are ours. */
const shape = {
  DARK_STORE_BASE_URL: url.optional(),
  DARK_STORE_PINCODES: z.string().optional(),
  DARK_STORE_PINCODES_FILE: optionalText,
  DARK_STORE_HEALTH_INTERVAL_MS: positive(15_000),
  DARK_STORE_HEALTH_MAX_AGE_MS: z.coerce.number().int().positive().optional(),
  DARK_STORE_COUNTRY: z.string().regex(/^[A-Z]{2}$/, 'an ISO 3166-1 alpha-2 code in upper case').default('IN'),
  DARK_STORE_CURRENCY: z.string().regex(/^[A-Z]{3}$/, 'an ISO 4217 code in upper case').default('INR'),
  DARK_STORE_STORAGE_PER_UNIT_PER_DAY: decimalAmount('0.30'),
  DARK_STORE_ORDER_PROCESSING_PER_ITEM: decimalAmount('2'),
  DARK_STORE_COD_HANDLING_PER_ORDER: decimalAmount('20'),
};

/** The dark-store network as `readDarkStore` builds it; the catchment is read and checked by catchment.ts. */
export type DarkStoreConfig = SectionOf<ReturnType<typeof readDarkStore>>;

declare module '../../platform/config.js' {
  interface CarrierSections {
    /** The dark store (src/carriers/dark-store/config.ts); null when DARK_STORE_BASE_URL is unset. */
    darkStore: DarkStoreConfig | null;
  }
}

export const darkStoreConfigSection: CarrierConfigSection<typeof shape> = {
  prefix: 'DARK_STORE_',
  shape,
  read: (env) => ({ darkStore: readDarkStore(env) }),
};

function readDarkStore(env: z.output<z.ZodObject<typeof shape>>) {
  if (!env.DARK_STORE_BASE_URL) return null;
  return {
    /** `{fulfilment_url}`: `/health` is appended. */
    baseUrl: env.DARK_STORE_BASE_URL,
    /** DARK_STORE_PINCODES as given (comma-separated), null when unset. */
    pincodes: env.DARK_STORE_PINCODES ?? null,
    /** DARK_STORE_PINCODES_FILE: one pincode per line, `#` comments. */
    pincodesFile: env.DARK_STORE_PINCODES_FILE ?? null,
    healthIntervalMs: env.DARK_STORE_HEALTH_INTERVAL_MS,
    /** A health reading older than this counts as unhealthy; default three intervals. */
    healthMaxAgeMs: env.DARK_STORE_HEALTH_MAX_AGE_MS ?? 3 * env.DARK_STORE_HEALTH_INTERVAL_MS,
    /** ISO 3166-1 alpha-2 country the store delivers in (lanes elsewhere are refused). */
    country: env.DARK_STORE_COUNTRY,
    /** ISO 4217 currency of the charges (the specification says "currency units"). */
    currency: env.DARK_STORE_CURRENCY,
    /** The stated charges, decimal strings. */
    charges: {
      storagePerUnitPerDay: env.DARK_STORE_STORAGE_PER_UNIT_PER_DAY,
      orderProcessingPerItem: env.DARK_STORE_ORDER_PROCESSING_PER_ITEM,
      codHandlingPerOrder: env.DARK_STORE_COD_HANDLING_PER_ORDER,
    },
  };
}
