import type { CarrierConfigSection } from '../../platform/config.js';
import { optionalText, url } from '../../platform/env-schema.js';

/** The fourth carrier's variables, under its own prefix, composed with everyone else's by src/config.ts. */
const shape = {
  FOURTH_BASE_URL: url.optional(),
  FOURTH_API_KEY: optionalText,
  FOURTH_ACCOUNT: optionalText,
};

export interface FourthConfig {
  baseUrl: string;
  apiKey: string;
  account: string;
}

declare module '../../platform/config.js' {
  interface CarrierSections {
    /** Optional: configurations built by hand (tests) know nothing of it. */
    fourth?: FourthConfig | null;
  }
}

export const fourthConfigSection: CarrierConfigSection<typeof shape> = {
  prefix: 'FOURTH_',
  shape,
  groups: [{ base: 'FOURTH_BASE_URL', required: ['FOURTH_API_KEY'] }],
  read: (env) => ({
    fourth: env.FOURTH_BASE_URL ? { baseUrl: env.FOURTH_BASE_URL, apiKey: env.FOURTH_API_KEY!, account: env.FOURTH_ACCOUNT ?? 'F-1' } : null,
  }),
};
