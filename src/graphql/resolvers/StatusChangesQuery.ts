import { checkStatusChangeId } from '../../domain/ids.js';
import type { QueryResolvers } from '../../generated/graphql.js';
import { validateStatusChangeFilter } from '../inputs/status-change-filter.js';
import { pageSize, toConnection } from './connection.js';
import { realtimeServices } from './realtime-services.js';

/**
 * Query.statusChanges: the log read as a Relay page, with the subscription's validation. Edge cursors are the log's
 * own cursors, so the last one can be handed to `shipmentStatusChanged(cursor:)`. Merged into Query in index.ts.
 */
export const StatusChangesQuery: Pick<QueryResolvers, 'statusChange' | 'statusChanges'> = {
  statusChange: async (_parent, { id }, ctx) => {
    const cursor = checkStatusChangeId(id, 'id');
    return await realtimeServices(ctx).statusLog.getChange(cursor);
  },
  statusChanges: async (_parent, args, ctx) => {
    const { statusLog } = realtimeServices(ctx);
    const filter = validateStatusChangeFilter(args.filter);
    const size = pageSize(ctx, args.first);
    const after = await statusLog.checkCursor(args.after, 'after');
    const changes = await statusLog.readAfter(filter, after, size + 1);
    return toConnection(changes, size, (change) => change.cursor);
  },
};
