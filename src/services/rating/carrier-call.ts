import type { RatingConnector } from '../../carriers/types.js';
import { UpstreamError } from '../../domain/errors.js';
import type { RateOutcome, RateRequest } from '../../domain/rating.js';
import { boundedDeadline, DeadlineExceededError, withDeadline, type RequestDeadline } from '../../platform/http/deadline.js';

/** The variable whose deadline ended a carrier's wait, named in its timeout outcome (RateFailure.limit). */
export type DeadlineLimit = 'RATE_CARRIER_DEADLINE_MS' | 'REQUEST_DEADLINE_MS';

/** A carrier that did not answer within its deadline: UPSTREAM_DEADLINE_EXCEEDED, naming the variable that ended it. */
export class CarrierDeadlineError extends UpstreamError {
  constructor(
    readonly limit: DeadlineLimit,
    readonly limitMs: number | null,
    upstream: UpstreamError['upstream'],
    operation: string,
  ) {
    const after = limitMs === null || !Number.isFinite(limitMs) ? '' : ` of ${limitMs} ms`;
    super(`no answer within the deadline${after} (${limit}); the other carriers' quotes stand`, {
      code: 'UPSTREAM_DEADLINE_EXCEEDED',
      upstream,
      operation,
    });
    this.name = 'CarrierDeadlineError';
  }
}

export type RatingOperation = 'rate' | 'available';

/**
 * Asks one connector under its own deadline: RATE_CARRIER_DEADLINE_MS, combined with the request's deadline
 * (boundedDeadline, cleared once the connector answered) so neither is overrun. The connector runs with that signal as its ambient deadline (the upstream
 * client cancels its HTTP request and retry waits by it). Past the deadline, or if the connector rejects despite its
 * contract, the answer is a failed outcome: this never rejects, so one carrier never fails the others.
 */
export async function callCarrier(
  connector: RatingConnector,
  operation: RatingOperation,
  request: RateRequest,
  limits: { carrierDeadlineMs: number; requestDeadline: RequestDeadline | undefined },
  onUnexpected: (error: unknown, connector: RatingConnector) => void,
): Promise<RateOutcome> {
  const requestSignal = limits.requestDeadline?.signal;
  const bounded = boundedDeadline(limits.carrierDeadlineMs, requestSignal);
  const { signal } = bounded;
  const limitOf = (): CarrierDeadlineError =>
    requestSignal?.aborted
      ? new CarrierDeadlineError('REQUEST_DEADLINE_MS', limits.requestDeadline?.ms ?? null, connector.upstream, `${connector.upstream} ${operation}`)
      : new CarrierDeadlineError('RATE_CARRIER_DEADLINE_MS', limits.carrierDeadlineMs, connector.upstream, `${connector.upstream} ${operation}`);
  const ask = operation === 'available' && connector.available ? () => connector.available!(request) : () => connector.rate(request);
  try {
    const outcome = await withDeadline({ signal, ms: limits.carrierDeadlineMs }, ask);
    // The upstream client may see the signal first and answer its own deadline failure: name the right variable.
    if (!outcome.ok && outcome.error.code === 'UPSTREAM_DEADLINE_EXCEEDED' && signal.aborted) {
      return { ...outcome, error: limitOf() };
    }
    return outcome;
  } catch (error) {
    if (error instanceof DeadlineExceededError) return failed(connector, limitOf());
    if (error instanceof UpstreamError) return failed(connector, error);
    // A connector's bug is ours, not the carrier's: logged with its stack, shown as this carrier's failure only.
    onUnexpected(error, connector);
    return failed(connector, unexpectedFailure(connector, operation));
  } finally {
    bounded.done();
  }
}

/** What the client sees of a connector's bug: this carrier's failure, nothing of our code (the log has the stack). */
export function unexpectedFailure(connector: Pick<RatingConnector, 'upstream'>, operation: string): UpstreamError {
  return new UpstreamError('the connector failed unexpectedly (logged); the other carriers are unaffected', {
    code: 'UPSTREAM_UNAVAILABLE',
    upstream: connector.upstream,
    operation: `${connector.upstream} ${operation}`,
  });
}

export function failed(connector: Pick<RatingConnector, 'carrier' | 'division' | 'upstream'>, error: UpstreamError): RateOutcome {
  return {
    ok: false,
    carrier: connector.carrier,
    division: connector.division,
    upstream: connector.upstream,
    error,
    workableServices: [],
    warnings: [],
  };
}
