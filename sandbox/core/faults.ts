import { Rng } from './prng.js';

/** Random faults, each a fraction of business answers; drawn from a seeded generator so a run can be repeated. */
export interface FaultSettings {
  /** Added before every answer of the simulator, token and error answers included. */
  latencyMs: number;
  /** Fraction of business calls answered 500 or 503 (half each, by the seeded draw). */
  errorRate: number;
  /** Fraction of business answers whose body is broken (truncated JSON or a wrong shape). */
  malformedRate: number;
}

/** A scripted failure: the next `count` business calls answer `status`. */
export interface ScriptedFailure {
  status: number;
  count: number;
  /** Sent as `Retry-After` (seconds); defaults to 1 for 429 and 503. */
  retryAfterSec?: number;
}

export type InjectedFault =
  | { kind: 'status'; status: number; retryAfterSec?: number }
  | { kind: 'malformed'; style: 'truncated' | 'shape' }
  | { kind: 'none' };

/**
 * "A timeout after the carrier has acted" (issue 9): the next `count` calls of routes that create something (`acts`)
 * are handled in full (the shipment exists at the carrier), then the answer is lost: held `delayMs` (longer than the
 * client's timeout) or the connection is reset.
 */
export interface LostAnswer {
  count: number;
  mode: 'timeout' | 'reset';
  /** For `timeout`: how long the answer is held; default 30 000 ms. */
  delayMs?: number;
}

export const noFaults: FaultSettings = { latencyMs: 0, errorRate: 0, malformedRate: 0 };

export class FaultController {
  private settings: FaultSettings;
  private readonly script: ScriptedFailure[] = [];
  private readonly lost: LostAnswer[] = [];
  private readonly rng: Rng;

  constructor(seed: string, name: string, initial: Partial<FaultSettings> = {}) {
    this.rng = Rng.of(seed, name, 'faults');
    this.settings = validate({ ...noFaults, ...initial });
  }

  get latencyMs(): number {
    return this.settings.latencyMs;
  }

  set(settings: Partial<FaultSettings>): void {
    this.settings = validate({ ...this.settings, ...settings });
  }

  failNext(failure: ScriptedFailure): void {
    if (!Number.isInteger(failure.count) || failure.count < 1) throw new Error('failNext count must be a positive integer');
    if (!Number.isInteger(failure.status) || failure.status < 400 || failure.status > 599) {
      throw new Error('failNext status must be an HTTP error status (400-599)');
    }
    this.script.push({ ...failure });
  }

  loseNextAnswer(lost: LostAnswer): void {
    if (!Number.isInteger(lost.count) || lost.count < 1) throw new Error('loseNextAnswer count must be a positive integer');
    this.lost.push({ ...lost });
  }

  /** For a route that acts: whether this answer, already acted upon, is lost on the way out. */
  afterActing(): { delayMs: number } | { reset: true } | null {
    const next = this.lost[0];
    if (!next) return null;
    next.count -= 1;
    if (next.count <= 0) this.lost.shift();
    return next.mode === 'reset' ? { reset: true } : { delayMs: next.delayMs ?? 30_000 };
  }

  /** Decides, before the handler runs, whether this business call fails outright. Scripted failures come first. */
  beforeHandler(): InjectedFault {
    const scripted = this.script[0];
    if (scripted) {
      scripted.count -= 1;
      if (scripted.count <= 0) this.script.shift();
      const retryAfterSec = scripted.retryAfterSec ?? (scripted.status === 429 || scripted.status === 503 ? 1 : undefined);
      return retryAfterSec === undefined
        ? { kind: 'status', status: scripted.status }
        : { kind: 'status', status: scripted.status, retryAfterSec };
    }
    if (this.settings.errorRate > 0 && this.rng.chance(this.settings.errorRate)) {
      return { kind: 'status', status: this.rng.chance(0.5) ? 500 : 503, retryAfterSec: 1 };
    }
    return { kind: 'none' };
  }

  /** Decides, after the handler answered successfully, whether the answer is broken on the way out. */
  afterHandler(): InjectedFault {
    if (this.settings.malformedRate > 0 && this.rng.chance(this.settings.malformedRate)) {
      return { kind: 'malformed', style: this.rng.chance(0.5) ? 'truncated' : 'shape' };
    }
    return { kind: 'none' };
  }
}

function validate(settings: FaultSettings): FaultSettings {
  for (const rate of ['errorRate', 'malformedRate'] as const) {
    const value = settings[rate];
    if (!(value >= 0 && value <= 1)) throw new Error(`${rate} must be a fraction between 0 and 1, got ${value}`);
  }
  if (!(settings.latencyMs >= 0)) throw new Error(`latencyMs must be >= 0, got ${settings.latencyMs}`);
  return settings;
}
