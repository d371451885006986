import { UpstreamError } from '../domain/errors.js';
import { recordUpstreamFailure } from '../platform/upstream-failures.js';
import { domainCause, unexpectedCause } from './errors.js';
/**
 * Distinct operation names kept as label values; later names are counted as `__other`. Names come from clients, so
 * without a bound a caller could grow /metrics without limit.
 */
const MAX_OPERATION_NAMES = 100;
const OPERATION_NAME = /^[_A-Za-z][_0-9A-Za-z]{0,99}$/;
/**
 * Per-operation metrics and the error side of observability, for every transport (Apollo over HTTP, graphql-ws):
 * `graphql_operations_total{operation_name,operation_type,outcome}`, `graphql_operation_duration_seconds`,
 * `graphql_errors_total{code}`; each unexpected error logged with its stack; each upstream failure a resolver raised
 * counted and logged if nothing below did (see upstream-failures.ts).
 */
export class OperationObserver {
    metrics;
    logger;
    names = new Set();
    constructor(metrics, logger) {
        this.metrics = metrics;
        this.logger = logger;
    }
    /** Called with the raw errors of one execution (located GraphQL errors, with their original errors). */
    inspectErrors(errors, operationName) {
        for (const error of errors) {
            const cause = domainCause(error);
            if (cause instanceof UpstreamError) {
                recordUpstreamFailure(cause, { metrics: this.metrics, logger: this.logger });
                continue;
            }
            const unexpected = unexpectedCause(error);
            if (unexpected) {
                this.logger.error({ err: unexpected, path: error.path?.join('.'), operationName: operationName ?? null }, 'unexpected error while executing an operation');
            }
        }
    }
    finish(operation) {
        const labels = { operation_name: this.label(operation.operationName), operation_type: operation.operationType ?? 'unknown' };
        const errors = operation.errors ?? [];
        const outcome = errors.length === 0 ? 'success' : operation.hasData ? 'partial' : 'error';
        this.metrics.graphqlOperations.inc({ ...labels, outcome });
        this.metrics.graphqlOperationDuration.observe(labels, Number(process.hrtime.bigint() - operation.startedAt) / 1e9);
        this.countErrors(errors);
    }
    /** `graphql_errors_total{code}` for errors sent outside an operation's one answer (subscription events). */
    countErrors(errors) {
        for (const error of errors) {
            const code = error.extensions?.['code'];
            this.metrics.graphqlErrors.inc({ code: typeof code === 'string' ? code : 'INTERNAL_SERVER_ERROR' });
        }
    }
    label(name) {
        if (!name)
            return '__anonymous';
        if (!OPERATION_NAME.test(name))
            return '__invalid';
        if (this.names.has(name))
            return name;
        if (this.names.size >= MAX_OPERATION_NAMES)
            return '__other';
        this.names.add(name);
        return name;
    }
}
/** The observer as an Apollo plugin (HTTP and the router's subscription callbacks). */
export function operationObserverPlugin(observer) {
    return {
        async requestDidStart() {
            const startedAt = process.hrtime.bigint();
            return {
                async didEncounterErrors({ errors, operationName }) {
                    observer.inspectErrors(errors, operationName);
                },
                async willSendResponse({ response, operationName, operation }) {
                    if (response.body.kind !== 'single')
                        return;
                    const { data, errors } = response.body.singleResult;
                    observer.finish({ operationName, operationType: operation?.operation, startedAt, errors, hasData: data !== undefined && data !== null });
                },
            };
        },
    };
}
