import { type AnalyticsBridgeControl, analyticsBridgeSimulator } from './analytics-bridge/index.js';
import { carrierBSimulator } from './carrier-b/index.js';
import { type SandboxClock, scaledClock, startOfUtcHour, systemClock } from './core/clock.js';
import { FaultController, type FaultSettings, type LostAnswer, type ScriptedFailure } from './core/faults.js';
import { type RunningSimulator, type SandboxLogger, type SimulatorName, type SimulatorSpec, startSimulator } from './core/simulator.js';
import { createStats, resetStats, type SimulatorStats } from './core/stats.js';
import { SandboxState } from './core/state.js';
import { TokenStore } from './core/tokens.js';
import { DEFAULT_CREDENTIALS, type SandboxContext, type SandboxCredentials, type UnifiedQuota } from './context.js';
import { type DarkStoreControl, darkStoreSimulator } from './dark-store/index.js';
import { ecommerceSimulator } from './group-a/ecommerce.js';
import { expressSimulator } from './group-a/express.js';
import { expressPickups, type PickupEntry } from './group-a/express-pickup.js';
import { type ExpressShippingControl, expressShippingControl } from './group-a/express-ship-ledger.js';
import { type PushSimulator, type PushSimulatorOptions, startPushSimulator } from './group-a/push.js';
import { unifiedSimulator } from './group-a/unified.js';

export { ManualClock, scaledClock, systemClock, type SandboxClock } from './core/clock.js';
export type { FaultSettings, LostAnswer, ScriptedFailure } from './core/faults.js';
export type { SandboxLogger, SimulatorName } from './core/simulator.js';
export type { SimulatorStats } from './core/stats.js';
export type { SandboxCredentials, UnifiedQuota } from './context.js';
export type { PushDelivery, PushSimulator, SimulatedSubscription } from './group-a/push.js';
export type { ExpressShippingControl, UploadedImage, UploadedInvoice } from './group-a/express-ship-ledger.js';
export { DECIDE_ANSWER, type AnalyticsBridgeControl, type BridgeOutage, type StoredEvent, type StoredOperation } from './analytics-bridge/index.js';
export { SANDBOX_DARK_STORE_PINCODES, type DarkStoreControl, type DarkStoreHealthSettings } from './dark-store/index.js';

export const SIMULATOR_NAMES: readonly SimulatorName[] = ['carrierB', 'groupAUnified', 'groupAExpress', 'groupAEcommerce', 'darkStore', 'analyticsBridge'];

export interface StartSandboxOptions {
  /** Interface to listen on; default `127.0.0.1`. */
  host?: string;
  /** Port per simulator; 0 or absent = an ephemeral port. */
  ports?: Partial<Record<SimulatorName, number>>;
  /** Seeds every shipment and fault draw; default `'carrier-subgraph'`. */
  seed?: string;
  /** Drives shipment progress; default: real time, sped up by `timeScale`. */
  clock?: SandboxClock;
  /** Sandbox seconds per real second when no `clock` is given; default 1. */
  timeScale?: number;
  /** Instant the shipment plans are laid out around; default: the start of the clock's current UTC hour. */
  epoch?: Date | string;
  /** Drives token expiry and quotas; default: real time. */
  wallClock?: SandboxClock;
  /** Lifetime of OAuth tokens (Carrier B and e-commerce); default 3600 (the seed's value for Carrier B). */
  tokenLifetimeSec?: number;
  /** Unified tracking quota per key; default the seed's 5000 ms interval and 250 calls per UTC day. */
  unifiedQuota?: Partial<UnifiedQuota>;
  /** Express `/expressapi/test` invocations per credential per UTC day; default the seed's 500. */
  expressTestDailyQuota?: number;
  /** Initial fault settings per simulator. */
  faults?: Partial<Record<SimulatorName, Partial<FaultSettings>>>;
  /** Overrides of the default sandbox credentials. */
  credentials?: { [K in keyof SandboxCredentials]?: Partial<SandboxCredentials[K]> };
  /** Receives one debug line per answer (pino-compatible); silent by default. Never given credentials. */
  logger?: SandboxLogger;
  /** Group A push simulator (own origin, `/track` prefix): paths, secret header, approval delay, duplicate share, `ca`. */
  push?: Omit<PushSimulatorOptions, 'host' | 'timeScale'>;
  /**
   * A file where the simulators keep what they create across restarts (numbers handed out, shipments, packages,
   * pickups, the sandbox clock): started again on the same file, no number is handed out twice and what was created
   * is still found. Absent: memory only (a fresh sandbox every start, as tests want).
   */
  stateFile?: string;
}

export interface Sandbox {
  /**
   * Base URLs the seeds' endpoint paths are appended to: Carrier B `{sandbox_url}` (origin), unified
   * `{track_test_url}` (origin + `/track`), express `{express_url}` (origin; add `/expressapi/test` or `/expressapi`),
   * e-commerce `{ecom_sandbox_url}` (origin), dark store `{fulfilment_url}` (origin; `/health` is its only path),
   * analytics bridge `{base_url}` (origin; every route is under `/bridge`).
   */
  urls: Record<SimulatorName, string>;
  /** `http://127.0.0.1:<port>` of each simulator. */
  origins: Record<SimulatorName, string>;
  credentials: SandboxCredentials;
  /** The dark store's `/health` knobs: status, db, memory.rss (latency and errors: `setFaults('darkStore', ...)`). */
  darkStore: DarkStoreControl;
  /** The analytics bridge's stored events, replay count, outage and origin knobs (sandbox/README.md "Analytics bridge"). */
  analyticsBridge: AnalyticsBridgeControl;
  /** Group A push interface (docs/assumptions.md P1-P6); `push.baseUrl` is its `{track_url}`. */
  push: PushSimulator;
  /** Group A express shipments created by `POST /shipments`, and the uploads received (sandbox/README.md). */
  expressShipping: ExpressShippingControl;
  /** Group A express pickups booked (or adopted from a shipment), each once, with the waybills their request named. */
  expressPickups(): Array<Readonly<PickupEntry>>;
  /** Live counters per simulator. */
  stats: Record<SimulatorName, SimulatorStats>;
  epoch: Date;
  clock: SandboxClock;
  setFaults(name: SimulatorName, settings: Partial<FaultSettings>): void;
  /** The next `count` business calls of `name` answer `status` (500/503 with the upstream's error body, 429 with Retry-After). */
  failNext(name: SimulatorName, failure: ScriptedFailure): void;
  /**
   * The next `count` calls of `name`'s routes that create something are carried out, then their answer is lost
   * (held past the client's timeout, or the connection reset): "a timeout after the carrier has acted".
   */
  loseNextAnswer(name: SimulatorName, lost: LostAnswer): void;
  /** Invalidates every token issued so far (OAuth simulators; no-op for the others). */
  revokeTokens(name: SimulatorName): void;
  resetStats(): void;
  close(): Promise<void>;
}

export async function startSandbox(options: StartSandboxOptions = {}): Promise<Sandbox> {
  const state = options.stateFile ? SandboxState.open(options.stateFile) : undefined;
  // Restarted on a saved state, the clock goes on from where it was at the last save at the latest (a sped-up clock
  // runs ahead of real time): what was created before the restart is never in the sandbox's future.
  const resumeAt = state?.clockAt && state.clockAt.getTime() > Date.now() ? state.clockAt : undefined;
  const clock =
    options.clock ??
    (options.timeScale && options.timeScale !== 1 ? scaledClock(options.timeScale, resumeAt) : resumeAt ? scaledClock(1, resumeAt) : systemClock);
  state?.useClock(() => clock.now());
  const ctx: SandboxContext = {
    seed: options.seed ?? 'carrier-subgraph',
    epoch: options.epoch !== undefined ? new Date(options.epoch) : startOfUtcHour(clock.now()),
    clock,
    wallClock: options.wallClock ?? systemClock,
    credentials: mergeCredentials(options.credentials),
    tokenLifetimeSec: options.tokenLifetimeSec ?? 3600,
    unifiedQuota: { minIntervalMs: 5000, dailyQuota: 250, ...options.unifiedQuota },
    expressTestDailyQuota: options.expressTestDailyQuota ?? 500,
    logger: options.logger,
    state,
  };
  if (Number.isNaN(ctx.epoch.getTime())) throw new Error('epoch is not a valid date');
  const stats = Object.fromEntries(SIMULATOR_NAMES.map((n) => [n, createStats()])) as Record<SimulatorName, SimulatorStats>;
  const faults = Object.fromEntries(
    SIMULATOR_NAMES.map((n) => [n, new FaultController(ctx.seed, n, options.faults?.[n])]),
  ) as Record<SimulatorName, FaultController>;

  const carrierB = carrierBSimulator(ctx, stats.carrierB, faults.carrierB);
  const darkStore = darkStoreSimulator(ctx, stats.darkStore, faults.darkStore);
  const bridge = analyticsBridgeSimulator(ctx, stats.analyticsBridge, faults.analyticsBridge);
  const ecommerceTokens = new TokenStore(ctx.wallClock, ctx.tokenLifetimeSec);
  const tokenStores: Partial<Record<SimulatorName, TokenStore>> = { carrierB: carrierB.tokens, groupAEcommerce: ecommerceTokens };
  const specs: SimulatorSpec[] = [
    carrierB.spec,
    unifiedSimulator(ctx, stats.groupAUnified, faults.groupAUnified),
    expressSimulator(ctx, stats.groupAExpress, faults.groupAExpress),
    ecommerceSimulator(ctx, stats.groupAEcommerce, faults.groupAEcommerce, ecommerceTokens),
    darkStore.spec,
  ].map((spec) => (state ? { ...spec, afterChange: () => state.save() } : spec));
  const host = options.host ?? '127.0.0.1';
  const running: RunningSimulator[] = [];
  try {
    for (const spec of specs) running.push(await startSimulator(spec, host, options.ports?.[spec.name] ?? 0));
    // Its own listener: the bridge can be made to refuse connections for a while and listen again on the same port.
    running.push(await bridge.listen(host, options.ports?.analyticsBridge ?? 0));
  } catch (error) {
    await Promise.all(running.map((r) => r.close()));
    throw error;
  }
  let push: PushSimulator;
  try {
    push = await startPushSimulator(ctx, { host, timeScale: options.timeScale ?? 1, ...options.push });
  } catch (error) {
    await Promise.all(running.map((r) => r.close()));
    throw error;
  }
  const origins = Object.fromEntries(running.map((r) => [r.name, r.origin])) as Record<SimulatorName, string>;
  ctx.logger?.info({ origins, seed: ctx.seed, epoch: ctx.epoch.toISOString() }, 'sandbox simulators listening');
  return {
    urls: { ...origins, groupAUnified: `${origins.groupAUnified}/track` },
    origins,
    credentials: ctx.credentials,
    darkStore: darkStore.control,
    analyticsBridge: bridge.control,
    push,
    expressShipping: expressShippingControl(ctx),
    expressPickups: () => expressPickups(ctx),
    stats,
    epoch: ctx.epoch,
    clock,
    setFaults: (name, settings) => faults[name].set(settings),
    failNext: (name, failure) => faults[name].failNext(failure),
    loseNextAnswer: (name, lost) => faults[name].loseNextAnswer(lost),
    revokeTokens: (name) => tokenStores[name]?.revokeAll(),
    resetStats: () => SIMULATOR_NAMES.forEach((n) => resetStats(stats[n])),
    close: async () => {
      await Promise.all([...running.map((r) => r.close()), push.close()]);
    },
  };
}

function mergeCredentials(overrides: StartSandboxOptions['credentials']): SandboxCredentials {
  return {
    carrierB: { ...DEFAULT_CREDENTIALS.carrierB, ...overrides?.carrierB },
    groupAUnified: { ...DEFAULT_CREDENTIALS.groupAUnified, ...overrides?.groupAUnified },
    groupAExpress: { ...DEFAULT_CREDENTIALS.groupAExpress, ...overrides?.groupAExpress },
    groupAEcommerce: { ...DEFAULT_CREDENTIALS.groupAEcommerce, ...overrides?.groupAEcommerce },
    analyticsBridge: { ...DEFAULT_CREDENTIALS.analyticsBridge, ...overrides?.analyticsBridge },
  };
}
