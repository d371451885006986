import type { SandboxClock } from './core/clock.js';
import { Rng, uuidFrom } from './core/prng.js';
import type { SandboxLogger } from './core/simulator.js';
import type { SandboxState } from './core/state.js';

/** Every credential the sandbox accepts. Fixed defaults so `.env` lines stay valid across restarts. */
export interface SandboxCredentials {
  carrierB: { clientId: string; clientSecret: string; accountNumber: string };
  groupAUnified: {
    /** Entitled to everything: full addresses and person names. */
    apiKey: string;
    /** Entitled to postal-code level only: addresses carry `@policy: "postal-code"`, person names are absent. */
    maskedApiKey: string;
  };
  groupAExpress: { username: string; password: string; accountNumber: string };
  /** `pickupAccount` and `distributionCenter`: the account's label-request `pickup` and `distributionCenter` (E9). */
  groupAEcommerce: { clientId: string; clientSecret: string; pickupAccount: string; distributionCenter: string };
  /** The analytics bridge's one Project (seed 002 B): its id (`project_id=`), Project token and one Server key. */
  analyticsBridge: { projectId: string; projectToken: string; serverKey: string };
}

export const DEFAULT_CREDENTIALS: SandboxCredentials = {
  carrierB: { clientId: 'sandbox-carrier-b-client', clientSecret: 'sandbox-carrier-b-secret', accountNumber: '740561073' },
  groupAUnified: { apiKey: 'sandbox-unified-key-full', maskedApiKey: 'sandbox-unified-key-masked' },
  groupAExpress: { username: 'sandbox-express-user', password: 'sandbox-express-pass', accountNumber: '950000001' },
  groupAEcommerce: { clientId: 'sandbox-ecom-client', clientSecret: 'sandbox-ecom-secret', pickupAccount: '5351244', distributionCenter: 'USATL1' },
  analyticsBridge: { projectId: '2600001', projectToken: 'sandbox-bridge-project-token', serverKey: 'sandbox-bridge-server-key' },
};

export interface UnifiedQuota {
  /** At most one call per key in this many milliseconds (the seed: "at most one call every five seconds"). */
  minIntervalMs: number;
  /** Calls per key per UTC day (the seed: "250 calls per day"; assumption U4: the UTC calendar day). */
  dailyQuota: number;
}

/** What every simulator reads: the resolved options. */
export interface SandboxContext {
  seed: string;
  /** The instant the shipments' plans are laid out around (see data/plan.ts). */
  epoch: Date;
  /** Drives shipment progress. */
  clock: SandboxClock;
  /** Drives token expiry and quotas. */
  wallClock: SandboxClock;
  credentials: SandboxCredentials;
  tokenLifetimeSec: number;
  unifiedQuota: UnifiedQuota;
  expressTestDailyQuota: number;
  logger: SandboxLogger | undefined;
  /** Where the ledgers keep what they created across restarts; undefined: memory only (sandbox/core/state.ts). */
  state?: SandboxState | undefined;
}

/** Transaction ids drawn from the seed, so two runs with the same seed and calls give the same ids. */
export function transactionIds(seed: string, name: string): () => string {
  const rng = Rng.of(seed, name, 'transaction-ids');
  return () => uuidFrom(rng);
}
