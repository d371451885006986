import { insertIdOf } from '../../domain/analytics.js';
import { InputError, NotFoundError } from '../../domain/errors.js';
import type { AnalyticsEventResolvers, MutationResolvers, QueryResolvers } from '../../generated/graphql.js';
import type { OutboxStore } from '../../store/outbox-store.js';
import type { AnalyticsContext, GraphQLContext } from '../context.js';
import { decodeCursor, encodeCursor, pageSize, toConnection } from './connection.js';
import { mutationPayload, notAvailable } from '../errors.js';

/**
 * The analytics outbox over GraphQL (schema/analytics.graphql; issue 11 item 5): its state, its dead letters and the
 * re-queue of one after a fix. Merged in resolvers/index.ts.
 */

const EVENT_ID = /^AnalyticsEvent:([1-9][0-9]{0,17})$/;
const DEAD_CURSOR = 'analytics-dead';

function analyticsOf(ctx: GraphQLContext): AnalyticsContext {
  const analytics = ctx.services.analytics;
  if (!analytics) throw notAvailable('the analytics outbox is not available on this server (it needs the store)', 'ANALYTICS_NOT_AVAILABLE');
  return analytics;
}

/** The outbox row an `AnalyticsEvent.id` names; InputError on `field` when it is not one. */
function rowIdOf(id: string, field: string): string {
  const match = EVENT_ID.exec(id);
  if (!match?.[1]) throw new InputError(field, 'is not an analytics event id (AnalyticsEvent:<n>)');
  return match[1];
}

async function requeue(outbox: OutboxStore, id: string) {
  const rowId = rowIdOf(id, 'input.id');
  const requeued = await outbox.requeue(rowId, new Date());
  if (requeued) return requeued;
  const entry = await outbox.entry(rowId);
  if (!entry) throw new NotFoundError('input.id', 'no analytics event has this id');
  throw new InputError('input.id', `is ${entry.state}, not a dead letter: only a DEAD event is re-queued`);
}

export const analyticsQueries: Pick<QueryResolvers, 'analyticsOutbox' | 'analyticsDeadLetters'> = {
  analyticsOutbox: async (_parent, _args, ctx) => {
    const { outbox, exportConfigured } = analyticsOf(ctx);
    const state = await outbox.state();
    return {
      exportConfigured,
      pending: state.pending,
      exported: state.exported,
      dead: state.dead,
      oldestPendingAt: state.oldestPendingAt?.toISOString() ?? null,
      oldestPendingAgeSeconds: state.oldestPendingAt ? Math.max(0, (Date.now() - state.oldestPendingAt.getTime()) / 1000) : 0,
    };
  },
  analyticsDeadLetters: async (_parent, { first, after }, ctx) => {
    const { outbox } = analyticsOf(ctx);
    const size = pageSize(ctx, first);
    const afterId = decodeCursor(DEAD_CURSOR, after);
    if (afterId !== null && !/^[1-9][0-9]{0,17}$/.test(afterId)) throw new InputError('after', 'is not a cursor this list gave');
    const items = await outbox.deadLetters(afterId, size + 1);
    return toConnection(items, size, (e) => encodeCursor(DEAD_CURSOR, e.id));
  },
};

export const analyticsMutations: Pick<MutationResolvers, 'requeueAnalyticsEvent'> = {
  requeueAnalyticsEvent: (_parent, { input }, ctx) => mutationPayload('event', () => requeue(analyticsOf(ctx).outbox, input.id)),
};

/** `AnalyticsEvent`: an outbox row. */
export const AnalyticsEvent: AnalyticsEventResolvers = {
  id: (entry) => `AnalyticsEvent:${entry.id}`,
  insertId: (entry) => insertIdOf(entry.identity),
  occurredAt: (entry) => entry.occurredAt.toISOString(),
  createdAt: (entry) => entry.createdAt.toISOString(),
  exportedAt: (entry) => entry.exportedAt?.toISOString() ?? null,
};
