import { analyticsBridgeSimulator } from './analytics-bridge/index.js';
import { carrierBSimulator } from './carrier-b/index.js';
import { scaledClock, startOfUtcHour, systemClock } from './core/clock.js';
import { FaultController } from './core/faults.js';
import { startSimulator } from './core/simulator.js';
import { createStats, resetStats } from './core/stats.js';
import { TokenStore } from './core/tokens.js';
import { DEFAULT_CREDENTIALS } from './context.js';
import { darkStoreSimulator } from './dark-store/index.js';
import { ecommerceSimulator } from './group-a/ecommerce.js';
import { expressSimulator } from './group-a/express.js';
import { expressShippingControl } from './group-a/express-ship-ledger.js';
import { startPushSimulator } from './group-a/push.js';
import { unifiedSimulator } from './group-a/unified.js';
export { ManualClock, scaledClock, systemClock } from './core/clock.js';
export { DECIDE_ANSWER } from './analytics-bridge/index.js';
export { SANDBOX_DARK_STORE_PINCODES } from './dark-store/index.js';
export const SIMULATOR_NAMES = ['carrierB', 'groupAUnified', 'groupAExpress', 'groupAEcommerce', 'darkStore', 'analyticsBridge'];
export async function startSandbox(options = {}) {
    const clock = options.clock ?? (options.timeScale && options.timeScale !== 1 ? scaledClock(options.timeScale) : systemClock);
    const ctx = {
        seed: options.seed ?? 'carrier-subgraph',
        epoch: options.epoch !== undefined ? new Date(options.epoch) : startOfUtcHour(clock.now()),
        clock,
        wallClock: options.wallClock ?? systemClock,
        credentials: mergeCredentials(options.credentials),
        tokenLifetimeSec: options.tokenLifetimeSec ?? 3600,
        unifiedQuota: { minIntervalMs: 5000, dailyQuota: 250, ...options.unifiedQuota },
        expressTestDailyQuota: options.expressTestDailyQuota ?? 500,
        logger: options.logger,
    };
    if (Number.isNaN(ctx.epoch.getTime()))
        throw new Error('epoch is not a valid date');
    const stats = Object.fromEntries(SIMULATOR_NAMES.map((n) => [n, createStats()]));
    const faults = Object.fromEntries(SIMULATOR_NAMES.map((n) => [n, new FaultController(ctx.seed, n, options.faults?.[n])]));
    const carrierB = carrierBSimulator(ctx, stats.carrierB, faults.carrierB);
    const darkStore = darkStoreSimulator(ctx, stats.darkStore, faults.darkStore);
    const bridge = analyticsBridgeSimulator(ctx, stats.analyticsBridge, faults.analyticsBridge);
    const ecommerceTokens = new TokenStore(ctx.wallClock, ctx.tokenLifetimeSec);
    const tokenStores = { carrierB: carrierB.tokens, groupAEcommerce: ecommerceTokens };
    const specs = [
        carrierB.spec,
        unifiedSimulator(ctx, stats.groupAUnified, faults.groupAUnified),
        expressSimulator(ctx, stats.groupAExpress, faults.groupAExpress),
        ecommerceSimulator(ctx, stats.groupAEcommerce, faults.groupAEcommerce, ecommerceTokens),
        darkStore.spec,
    ];
    const host = options.host ?? '127.0.0.1';
    const running = [];
    try {
        for (const spec of specs)
            running.push(await startSimulator(spec, host, options.ports?.[spec.name] ?? 0));
        // Its own listener: the bridge can be made to refuse connections for a while and listen again on the same port.
        running.push(await bridge.listen(host, options.ports?.analyticsBridge ?? 0));
    }
    catch (error) {
        await Promise.all(running.map((r) => r.close()));
        throw error;
    }
    let push;
    try {
        push = await startPushSimulator(ctx, { host, timeScale: options.timeScale ?? 1, ...options.push });
    }
    catch (error) {
        await Promise.all(running.map((r) => r.close()));
        throw error;
    }
    const origins = Object.fromEntries(running.map((r) => [r.name, r.origin]));
    ctx.logger?.info({ origins, seed: ctx.seed, epoch: ctx.epoch.toISOString() }, 'sandbox simulators listening');
    return {
        urls: { ...origins, groupAUnified: `${origins.groupAUnified}/track` },
        origins,
        credentials: ctx.credentials,
        darkStore: darkStore.control,
        analyticsBridge: bridge.control,
        push,
        expressShipping: expressShippingControl(ctx),
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
function mergeCredentials(overrides) {
    return {
        carrierB: { ...DEFAULT_CREDENTIALS.carrierB, ...overrides?.carrierB },
        groupAUnified: { ...DEFAULT_CREDENTIALS.groupAUnified, ...overrides?.groupAUnified },
        groupAExpress: { ...DEFAULT_CREDENTIALS.groupAExpress, ...overrides?.groupAExpress },
        groupAEcommerce: { ...DEFAULT_CREDENTIALS.groupAEcommerce, ...overrides?.groupAEcommerce },
        analyticsBridge: { ...DEFAULT_CREDENTIALS.analyticsBridge, ...overrides?.analyticsBridge },
    };
}
