import { InputError } from '../../domain/errors.js';
import type { QueryResolvers } from '../../generated/graphql.js';
import { validateStatusChangeFilter } from '../../services/realtime/filter-input.js';
import { toGraphQLError } from '../errors.js';
import { realtimeServices } from './realtime-services.js';

export const MAX_STATUS_CHANGES_PAGE = 1_000;

/** Query.statusChanges: the log read as a page, with the subscription's validation. Merged into Query in index.ts. */
export const StatusChangesQuery: Pick<QueryResolvers, 'statusChanges'> = {
  statusChanges: async (_parent, args, ctx) => {
    try {
      const { statusLog } = realtimeServices(ctx);
      const filter = validateStatusChangeFilter(args.filter);
      const limit = args.limit ?? 100;
      if (!Number.isInteger(limit) || limit < 1 || limit > MAX_STATUS_CHANGES_PAGE) {
        throw new InputError('limit', `must be between 1 and ${MAX_STATUS_CHANGES_PAGE}`);
      }
      const after = await statusLog.checkCursor(args.after, 'after');
      return await statusLog.readAfter(filter, after, limit);
    } catch (error) {
      throw toGraphQLError(error);
    }
  },
};
