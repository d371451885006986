import { startSandbox, type Sandbox, type StartSandboxOptions } from '../../../sandbox/index.js';
import type { TrackRequest } from '../../../src/domain/tracking.js';
import { trackRequest as sharedTrackRequest } from '../../support/track-request.js';
import { createLogger } from '../../../src/platform/logger.js';
import { createMetrics } from '../../../src/platform/metrics.js';

export const timeouts = { connectTimeoutMs: 2_000, headersTimeoutMs: 5_000, bodyTimeoutMs: 5_000 };

export function platform() {
  return { timeouts, retryBaseDelayMs: 10, metrics: createMetrics(), logger: createLogger('silent') };
}

export function trackRequest(trackingNumber: string, extra: Partial<TrackRequest> = {}): TrackRequest {
  return sharedTrackRequest('GROUP_A', trackingNumber, extra);
}

/** When the sandbox answered each business call of a path (its logger gets one line per answer). */
export interface AnswerLog {
  at: number;
  path: string;
  status: number;
}

export async function sandboxWithLog(options: StartSandboxOptions = {}): Promise<{ sandbox: Sandbox; answers: AnswerLog[] }> {
  const answers: AnswerLog[] = [];
  const record = (fields: object) => {
    const { path, status } = fields as { path?: unknown; status?: unknown };
    if (typeof path === 'string' && typeof status === 'number') answers.push({ at: Date.now(), path, status });
  };
  const sandbox = await startSandbox({ ...options, logger: { debug: record, info: () => {} } });
  return { sandbox, answers };
}

/** Milliseconds between consecutive entries. */
export function gaps(times: number[]): number[] {
  return times.slice(1).map((t, i) => t - (times[i] as number));
}
