import { z } from 'zod';
import type { CarrierConfigSection } from '../../platform/config.js';
import { optionalText, positive, type SectionOf, url } from '../../platform/env-schema.js';

/** Carrier B's variables (CARRIER_B_*); the base URL makes the three credentials required. */
const shape = {
  CARRIER_B_BASE_URL: url.optional(),
  CARRIER_B_CLIENT_ID: optionalText,
  CARRIER_B_CLIENT_SECRET: optionalText,
  CARRIER_B_ACCOUNT_NUMBER: optionalText,
  CARRIER_B_LOCALE: z.string().regex(/^[a-z]{2}_[A-Z]{2}$/, 'shape xx_XX').optional(),
  // How long after a creation was sent the carrier may still be creating it (a held request): a reference lookup
  // proves "not created" only after it (label-jobs.ts).
  CARRIER_B_SHIP_PROCESSING_GRACE_MS: positive(600_000),
};

/** Carrier B's section as `readCarrierB` builds it (null when CARRIER_B_BASE_URL is unset). */
export type CarrierBConfig = SectionOf<ReturnType<typeof readCarrierB>>;

declare module '../../platform/config.js' {
  interface CarrierSections {
    /** Carrier B (src/carriers/carrier-b/config.ts); null when CARRIER_B_BASE_URL is unset. */
    carrierB: CarrierBConfig | null;
  }
}

export const carrierBConfigSection: CarrierConfigSection<typeof shape> = {
  prefix: 'CARRIER_B_',
  shape,
  groups: [{ base: 'CARRIER_B_BASE_URL', required: ['CARRIER_B_CLIENT_ID', 'CARRIER_B_CLIENT_SECRET', 'CARRIER_B_ACCOUNT_NUMBER'] }],
  read: (env) => ({ carrierB: readCarrierB(env) }),
};

function readCarrierB(env: z.output<z.ZodObject<typeof shape>>) {
  if (!env.CARRIER_B_BASE_URL) return null;
  return {
    baseUrl: env.CARRIER_B_BASE_URL,
    clientId: env.CARRIER_B_CLIENT_ID!,
    clientSecret: env.CARRIER_B_CLIENT_SECRET!,
    accountNumber: env.CARRIER_B_ACCOUNT_NUMBER!,
    locale: env.CARRIER_B_LOCALE ?? null,
    /** CARRIER_B_SHIP_PROCESSING_GRACE_MS (optional for hand-built configurations; default 10 minutes). */
    processingGraceMs: env.CARRIER_B_SHIP_PROCESSING_GRACE_MS as number | undefined,
  };
}
