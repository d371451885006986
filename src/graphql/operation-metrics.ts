import type { ApolloServerPlugin } from '@apollo/server';
import type { GraphQLError, GraphQLFormattedError, OperationTypeNode } from 'graphql';
import { UpstreamError } from '../domain/errors.js';
import type { Logger } from '../platform/logger.js';
import type { Metrics } from '../platform/metrics.js';
import type { CounterSeries, HistogramSeries } from '../platform/tally-metrics.js';
import { recordUpstreamFailure } from '../platform/upstream-failures.js';
import { domainCause, unexpectedCause } from './errors.js';

/**
 * Distinct operation names kept as label values; later names are counted as `__other`. Names come from clients, so
 * without a bound a caller could grow /metrics without limit.
 */
const MAX_OPERATION_NAMES = 100;
const OPERATION_NAME = /^[_A-Za-z][_0-9A-Za-z]{0,99}$/;

export type OperationOutcome = 'success' | 'partial' | 'error';

export interface FinishedOperation {
  operationName: string | null | undefined;
  /** null when the document never resolved to an operation (parse or validation failure). */
  operationType: OperationTypeNode | null | undefined;
  startedAt: bigint;
  errors: readonly GraphQLFormattedError[] | undefined;
  hasData: boolean;
}

/** The metric series of one operation name and type, found once and kept (see tally-metrics.ts). */
interface OperationSeries {
  success: CounterSeries<OperationCounterLabel>;
  partial: CounterSeries<OperationCounterLabel>;
  error: CounterSeries<OperationCounterLabel>;
  duration: HistogramSeries<'operation_name' | 'operation_type'>;
}

type OperationCounterLabel = 'operation_name' | 'operation_type' | 'outcome';

/**
 * Per-operation metrics and the error side of observability, for every transport (Apollo over HTTP, graphql-ws):
 * `graphql_operations_total{operation_name,operation_type,outcome}`, `graphql_operation_duration_seconds`,
 * `graphql_errors_total{code}`; each unexpected error logged with its stack; each upstream failure a resolver raised
 * counted and logged if nothing below did (see upstream-failures.ts).
 */
export class OperationObserver {
  private readonly names = new Set<string>();
  /**
   * By operation type, then by operation name label, so that a request finds its series without building a key;
   * bounded as the names are (MAX_OPERATION_NAMES and the rest).
   */
  private readonly series = new Map<string, Map<string, OperationSeries>>();

  constructor(
    private readonly metrics: Metrics,
    private readonly logger: Logger,
  ) {}

  /** Called with the raw errors of one execution (located GraphQL errors, with their original errors). */
  inspectErrors(errors: readonly GraphQLError[], operationName: string | null | undefined): void {
    for (const error of errors) {
      const cause = domainCause(error);
      if (cause instanceof UpstreamError) {
        recordUpstreamFailure(cause, { metrics: this.metrics, logger: this.logger });
        continue;
      }
      const unexpected = unexpectedCause(error);
      if (unexpected) {
        this.logger.error(
          { err: unexpected, path: error.path?.join('.'), operationName: operationName ?? null },
          'unexpected error while executing an operation',
        );
      }
    }
  }

  finish(operation: FinishedOperation): void {
    const series = this.seriesOf(this.label(operation.operationName), operation.operationType ?? 'unknown');
    const errors = operation.errors ?? [];
    const outcome: OperationOutcome = errors.length === 0 ? 'success' : operation.hasData ? 'partial' : 'error';
    series[outcome].value++;
    series.duration.observe(Number(process.hrtime.bigint() - operation.startedAt) / 1e9);
    if (errors.length > 0) this.countErrors(errors);
  }

  private seriesOf(name: string, type: string): OperationSeries {
    let byName = this.series.get(type);
    if (!byName) {
      byName = new Map();
      this.series.set(type, byName);
    }
    let series = byName.get(name);
    if (!series) {
      const labels = { operation_name: name, operation_type: type };
      const operations = this.metrics.graphqlOperations;
      series = {
        success: operations.seriesFor({ ...labels, outcome: 'success' }),
        partial: operations.seriesFor({ ...labels, outcome: 'partial' }),
        error: operations.seriesFor({ ...labels, outcome: 'error' }),
        duration: this.metrics.graphqlOperationDuration.seriesFor(labels),
      };
      byName.set(name, series);
    }
    return series;
  }

  /** `graphql_errors_total{code}` for errors sent outside an operation's one answer (subscription events). */
  countErrors(errors: readonly GraphQLFormattedError[]): void {
    for (const error of errors) {
      const code = error.extensions?.['code'];
      this.metrics.graphqlErrors.inc({ code: typeof code === 'string' ? code : 'INTERNAL_SERVER_ERROR' });
    }
  }

  private label(name: string | null | undefined): string {
    if (!name) return '__anonymous';
    if (!OPERATION_NAME.test(name)) return '__invalid';
    if (this.names.has(name)) return name;
    if (this.names.size >= MAX_OPERATION_NAMES) return '__other';
    this.names.add(name);
    return name;
  }
}

/** The observer as an Apollo plugin (HTTP and the router's subscription callbacks). */
export function operationObserverPlugin(observer: OperationObserver): ApolloServerPlugin {
  return {
    async requestDidStart() {
      const startedAt = process.hrtime.bigint();
      return {
        async didEncounterErrors({ errors, operationName }) {
          observer.inspectErrors(errors, operationName);
        },
        async willSendResponse({ response, operationName, operation }) {
          if (response.body.kind !== 'single') return;
          const { data, errors } = response.body.singleResult;
          observer.finish({ operationName, operationType: operation?.operation, startedAt, errors, hasData: data !== undefined && data !== null });
        },
      };
    },
  };
}
