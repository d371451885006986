import { Router } from 'express';
import type { CarrierUpstream } from '../carriers/module-contract.js';
import type { Config } from '../platform/config.js';
import type { Store } from '../store/store.js';
import type { Lifecycle } from './lifecycle.js';

export interface HealthDeps {
  config: Config;
  store: Store;
  lifecycle: Lifecycle;
  /** 'sandbox': every upstream is a simulator in this process (SANDBOX=on, or auto outside production). */
  mode: 'sandbox' | 'configured';
  /** The newest migration this code ships; readiness needs the database at least there. */
  expectedMigration: number;
  /** A readiness probe that waits longer than this answers 503 (a probe must not hang on a stuck store). */
  storeTimeoutMs?: number;
  /** Every upstream the carrier modules declare (the registry's list), each reported by name. */
  upstreams: readonly CarrierUpstream[];
}

type UpstreamState = 'configured' | 'simulated' | 'not configured';

/**
 * /healthz is liveness: the process runs and its event loop answers; nothing else is checked, so a slow store or
 * upstream never gets a live process restarted. /readyz is readiness: the store answers a real query, the migrations
 * this code needs are applied, and shutdown has not begun; 503 otherwise. Both say whether the upstreams are real
 * carriers or the simulators, because a "ready" sandbox must never be mistaken for production; /readyz also lists the
 * production safeguards an operator waived (`warnings`), so an open deployment is never mistaken for a closed one.
 */
export function healthRouter(deps: HealthDeps): Router {
  const { config, store, lifecycle, mode } = deps;
  const storeTimeoutMs = deps.storeTimeoutMs ?? 2_000;
  const upstreamState = (configured: boolean): UpstreamState => (!configured ? 'not configured' : mode === 'sandbox' ? 'simulated' : 'configured');
  const upstreams = Object.fromEntries(deps.upstreams.map((upstream) => [upstream.name, upstreamState(upstream.configured(config))]));
  const router = Router();

  router.get('/healthz', (_req, res) => {
    res.set('cache-control', 'no-store').json({ status: 'ok', mode });
  });

  router.get('/readyz', async (_req, res) => {
    const migrations = await appliedMigration(store, storeTimeoutMs);
    const storeOk = migrations.ok;
    const migrationsOk = storeOk && migrations.version >= deps.expectedMigration;
    const ready = storeOk && migrationsOk && !lifecycle.draining;
    res
      .status(ready ? 200 : 503)
      .set('cache-control', 'no-store')
      .json({
        status: ready ? 'ready' : 'not ready',
        draining: lifecycle.draining,
        store: storeOk ? { ok: true, kind: store.kind } : { ok: false, kind: store.kind, error: migrations.error },
        migrations: { ok: migrationsOk, applied: storeOk ? migrations.version : null, expected: deps.expectedMigration },
        mode,
        upstreams,
        // The production opt-outs in effect (ROUTER_SHARED_SECRET_DISABLED, AUTH_DIRECTIVES_DISABLED): ready, but open.
        warnings: config.auth.warnings,
      });
  });
  return router;
}

/** The newest applied migration, read from the store itself: one query proves it reachable and migrated. */
async function appliedMigration(store: Store, timeoutMs: number): Promise<{ ok: true; version: number } | { ok: false; error: string }> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    const { rows } = await Promise.race([store.query<{ version: number | null }>('SELECT max(version) AS version FROM schema_migrations'), timeout]);
    return { ok: true, version: Number(rows[0]?.version ?? 0) };
  } catch (error) {
    // The message only (a driver error can carry the connection string in its detail).
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}
