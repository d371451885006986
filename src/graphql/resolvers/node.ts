import { InputError } from '../../domain/errors.js';
import { checkStatusChangeId, parseShipmentId, storedIdOf } from '../../domain/ids.js';
import { checkText } from '../../domain/text-bounds.js';
import type { NodeResolvers, QueryResolvers } from '../../generated/graphql.js';
import type { GraphQLContext } from '../context.js';
import { checkPickupId } from '../inputs/pickups.js';
import { checkLabelId, checkTenderId } from '../inputs/shipment-parts.js';
import { operationSelectsEvents } from '../selection.js';
import type { GraphQLResolveInfo } from 'graphql';
import { pickupsOf } from './pickups.js';
import { pushService } from './push.js';
import { realtimeServices } from './realtime-services.js';
import { loadShipmentById } from './shipment-lookup.js';
import { shippingOf } from './shipping.js';
import { watcherOf } from './watch.js';

/**
 * Relay global object identification: `node(id:)` and `nodes(ids:)` read an id's form, then ask the type's own lookup
 * (the same one `label(id:)`, `watch(id:)`, `shipmentById` use, so the same checks and rules apply). Which type an
 * answer is cannot be read from a domain object, so each found object is remembered with its type for `__resolveType`.
 */
const typeOfNode = new WeakMap<object, NodeType>();

type NodeType = 'Shipment' | 'Label' | 'Tender' | 'Pickup' | 'ShipmentWatch' | 'ShipmentStatusChange' | 'PushSubscription' | 'Document';

/** Id forms by prefix; a shipment id (`<CARRIER>:<division or ->:<number>[:<unique id>]`) is read by parseShipmentId. */
const BY_PREFIX: Array<{ prefixes: string[]; type: NodeType; find: NodeForm['find'] }> = [
  { prefixes: ['Label:'], type: 'Label', find: (ctx, id, field) => shippingOf(ctx).api.label(checkLabelId(id, field)) },
  { prefixes: ['Tender:'], type: 'Tender', find: (ctx, id, field) => shippingOf(ctx).api.tenderById(checkTenderId(id, field)) },
  { prefixes: ['Pickup:'], type: 'Pickup', find: (ctx, id, field) => pickupsOf(ctx).pickup(checkPickupId(id, field)) },
  { prefixes: ['ShipmentWatch:'], type: 'ShipmentWatch', find: (ctx, id, field) => watcherOf(ctx).getWatch(id, field) },
  {
    prefixes: ['StatusChange:'],
    type: 'ShipmentStatusChange',
    find: (ctx, id, field) => realtimeServices(ctx).statusLog.getChange(checkStatusChangeId(id, field)),
  },
  // The `<Type>:<key>` form and the stored form clients of earlier versions hold.
  { prefixes: ['PushSubscription:', 'push_'], type: 'PushSubscription', find: (ctx, id) => pushService(ctx).get(storedIdOf('PushSubscription', id)) },
  { prefixes: ['Document:', 'doc_'], type: 'Document', find: (ctx, id) => shippingOf(ctx).api.document(storedIdOf('Document', id)) },
];

interface NodeForm {
  id: string;
  field: string;
  type: NodeType;
  find: (ctx: GraphQLContext, id: string, field: string, info: GraphQLResolveInfo) => Promise<object | null>;
}

/** Which type an id names, by its form alone (no lookup): BAD_USER_INPUT on `field` for an id we never hand out. */
function formOf(rawId: string, field: string): NodeForm {
  const id = checkText(rawId, field, 'id');
  if (parseShipmentId(id)) {
    return { id, field, type: 'Shipment', find: (ctx, shipmentId, f, info) => loadShipmentById(ctx, shipmentId, f, operationSelectsEvents(info)) };
  }
  const form = BY_PREFIX.find(({ prefixes }) => prefixes.some((p) => id.startsWith(p) && id.length > p.length));
  if (!form) throw new InputError(field, 'is not an id of this subgraph');
  return { id, field, type: form.type, find: form.find };
}

async function findNode(ctx: GraphQLContext, form: NodeForm, info: GraphQLResolveInfo): Promise<object | null> {
  return remember(await form.find(ctx, form.id, form.field, info), form.type);
}

function remember<T extends object>(found: T | null, type: NodeType): T | null {
  if (found) typeOfNode.set(found, type);
  return found;
}

export const Node: NodeResolvers = {
  __resolveType: (node) => typeOfNode.get(node as object) ?? null,
};

export const nodeQueries: Pick<QueryResolvers, 'node' | 'nodes'> = {
  node: (_parent, { id }, ctx, info) => findNode(ctx, formOf(id, 'id'), info) as never,
  nodes: (_parent, { ids }, ctx, info) => {
    const max = ctx.limits.maxPageSize;
    if (ids.length > max) throw new InputError('ids', `at most ${max} ids (MAX_PAGE_SIZE)`);
    // Every id's form is checked before any lookup; then each is looked up on its own, so one failing lookup nulls
    // its item (with its error) and not the list.
    const forms = ids.map((id, index) => formOf(id, `ids.${index}`));
    return forms.map((form) => findNode(ctx, form, info)) as never;
  },
};
