import { Rng } from './prng.js';
export const noFaults = { latencyMs: 0, errorRate: 0, malformedRate: 0 };
export class FaultController {
    settings;
    script = [];
    lost = [];
    rng;
    constructor(seed, name, initial = {}) {
        this.rng = Rng.of(seed, name, 'faults');
        this.settings = validate({ ...noFaults, ...initial });
    }
    get latencyMs() {
        return this.settings.latencyMs;
    }
    set(settings) {
        this.settings = validate({ ...this.settings, ...settings });
    }
    failNext(failure) {
        if (!Number.isInteger(failure.count) || failure.count < 1)
            throw new Error('failNext count must be a positive integer');
        if (!Number.isInteger(failure.status) || failure.status < 400 || failure.status > 599) {
            throw new Error('failNext status must be an HTTP error status (400-599)');
        }
        this.script.push({ ...failure });
    }
    loseNextAnswer(lost) {
        if (!Number.isInteger(lost.count) || lost.count < 1)
            throw new Error('loseNextAnswer count must be a positive integer');
        this.lost.push({ ...lost });
    }
    /** For a route that acts: whether this answer, already acted upon, is lost on the way out. */
    afterActing() {
        const next = this.lost[0];
        if (!next)
            return null;
        next.count -= 1;
        if (next.count <= 0)
            this.lost.shift();
        return next.mode === 'reset' ? { reset: true } : { delayMs: next.delayMs ?? 30_000 };
    }
    /** Decides, before the handler runs, whether this business call fails outright. Scripted failures come first. */
    beforeHandler() {
        const scripted = this.script[0];
        if (scripted) {
            scripted.count -= 1;
            if (scripted.count <= 0)
                this.script.shift();
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
    afterHandler() {
        if (this.settings.malformedRate > 0 && this.rng.chance(this.settings.malformedRate)) {
            return { kind: 'malformed', style: this.rng.chance(0.5) ? 'truncated' : 'shape' };
        }
        return { kind: 'none' };
    }
}
function validate(settings) {
    for (const rate of ['errorRate', 'malformedRate']) {
        const value = settings[rate];
        if (!(value >= 0 && value <= 1))
            throw new Error(`${rate} must be a fraction between 0 and 1, got ${value}`);
    }
    if (!(settings.latencyMs >= 0))
        throw new Error(`latencyMs must be >= 0, got ${settings.latencyMs}`);
    return settings;
}
