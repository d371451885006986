/**
 * Federation directives a router acts on (issue 7 items 4 and 5): `@cost`/`@listSize` let a router's demand control
 * price the fields that fan out upstream or return pages; `@authenticated`/`@requiresScopes` let it enforce who may
 * call a mutation. Checked on the built subgraph schema and through @apollo/composition's supergraph.
 */
import { composeServices } from '@apollo/composition';
import { ApolloGateway } from '@apollo/gateway';
import { printSubgraphSchema } from '@apollo/subgraph';
import { parse, print, type DirectiveNode, type DocumentNode, type FieldDefinitionNode, type ObjectTypeDefinitionNode, type ObjectTypeExtensionNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { buildSchema } from '../../src/server/schema.js';

const sdl = printSubgraphSchema(buildSchema());
const document = parse(sdl);

/** Field definitions by `Type.field`, merged over a type's definitions and extensions. */
function fields(of: DocumentNode): Map<string, FieldDefinitionNode> {
  const byCoordinate = new Map<string, FieldDefinitionNode>();
  for (const definition of of.definitions) {
    if (definition.kind !== 'ObjectTypeDefinition' && definition.kind !== 'ObjectTypeExtension') continue;
    const type = definition as ObjectTypeDefinitionNode | ObjectTypeExtensionNode;
    for (const field of type.fields ?? []) byCoordinate.set(`${type.name.value}.${field.name.value}`, field);
  }
  return byCoordinate;
}

const FIELDS = fields(document);

function directive(coordinate: string, name: string): DirectiveNode | undefined {
  const field = FIELDS.get(coordinate);
  expect(field, `${coordinate} exists`).toBeDefined();
  return field!.directives?.find((d) => d.name.value === name);
}

/** `@requiresScopes(scopes: [["a"]])` -> [["a"]]. */
function scopesOf(coordinate: string): string[][] {
  const node = directive(coordinate, 'requiresScopes');
  const arg = node?.arguments?.find((a) => a.name.value === 'scopes');
  if (!arg || arg.value.kind !== 'ListValue') return [];
  return arg.value.values.map((inner) => (inner.kind === 'ListValue' ? inner.values.map((v) => (v.kind === 'StringValue' ? v.value : '?')) : []));
}

describe('federation directives for the router', () => {
  it('links federation v2.9 importing @cost, @listSize, @authenticated and @requiresScopes', () => {
    expect(sdl).toMatch(/@link\(url: "https:\/\/specs\.apollo\.dev\/federation\/v2\.9"/);
    for (const name of ['@cost', '@listSize', '@authenticated', '@requiresScopes']) expect(sdl).toContain(`"${name}"`);
  });

  it('every mutation requires authentication and a scope: shipments:watch for watches, push:manage for push subscriptions, shipping:purchase for what spends money', () => {
    const mutations = [...FIELDS.keys()].filter((c) => c.startsWith('Mutation.'));
    expect(mutations.sort()).toEqual([
      'Mutation.cancelPickup',
      'Mutation.cancelReturn',
      'Mutation.cancelShipment',
      'Mutation.createPushSubscription',
      'Mutation.createReturn',
      'Mutation.createShipment',
      'Mutation.deletePushSubscription',
      'Mutation.fetchShipmentDocument',
      'Mutation.requeueAnalyticsEvent',
      'Mutation.schedulePickup',
      'Mutation.settleLabel',
      'Mutation.settlePickup',
      'Mutation.subscribeEmailNotifications',
      'Mutation.tenderLabels',
      'Mutation.unwatchShipment',
      'Mutation.updatePickup',
      'Mutation.uploadCommercialInvoice',
      'Mutation.uploadShipmentImage',
      'Mutation.validateShipment',
      'Mutation.watchShipment',
    ]);
    // Issue 9: a label, a return tag and a manifest or close are charged by the carrier (docs/assumptions.md SG11).
    // Settling a lost purchase decides whether a label was bought: the same access as buying it.
    for (const spends of ['createShipment', 'createReturn', 'tenderLabels', 'settleLabel']) expect(scopesOf(`Mutation.${spends}`)).toEqual([['shipping:purchase']]);
    for (const manages of ['validateShipment', 'cancelShipment', 'cancelReturn', 'uploadShipmentImage', 'uploadCommercialInvoice', 'fetchShipmentDocument']) {
      expect(scopesOf(`Mutation.${manages}`)).toEqual([['shipping:manage']]);
    }
    for (const coordinate of mutations) expect(directive(coordinate, 'authenticated'), coordinate).toBeDefined();
    expect(scopesOf('Mutation.watchShipment')).toEqual([['shipments:watch']]);
    expect(scopesOf('Mutation.unwatchShipment')).toEqual([['shipments:watch']]);
    expect(scopesOf('Mutation.createPushSubscription')).toEqual([['push:manage']]);
    expect(scopesOf('Mutation.deletePushSubscription')).toEqual([['push:manage']]);
    // Issue 10: booking, changing and cancelling a pickup sends a driver or calls one off (PK6).
    for (const pickup of ['schedulePickup', 'updatePickup', 'cancelPickup', 'settlePickup']) expect(scopesOf(`Mutation.${pickup}`)).toEqual([['pickups:manage']]);
    // Issue 10: an email subscription makes the carrier send mail to the addresses given (AR7).
    expect(scopesOf('Mutation.subscribeEmailNotifications')).toEqual([['notifications:manage']]);
    // Issue 11: re-queuing a dead letter sends it to the analytics bridge again (AX7); its queries need the scope too.
    for (const coordinate of ['Mutation.requeueAnalyticsEvent', 'Query.analyticsOutbox', 'Query.analyticsDeadLetters']) {
      expect(scopesOf(coordinate), coordinate).toEqual([['analytics:manage']]);
      expect(directive(coordinate, 'authenticated'), coordinate).toBeDefined();
    }
  });

  it('every connection is sized by its `first` argument for demand control', () => {
    for (const coordinate of ['Query.statusChanges', 'Query.watches', 'Query.pushSubscriptions', 'Query.pickups', 'Query.analyticsDeadLetters', 'Query.untenderedLabels']) {
      const listSize = directive(coordinate, 'listSize');
      expect(listSize, coordinate).toBeDefined();
      expect(print(listSize!)).toBe('@listSize(assumedSize: 100, slicingArguments: ["first"], sizedFields: ["edges"], requireOneSlicingArgument: false)');
    }
  });

  it('fields that fan out upstream carry a cost: a shipment (every field returning one), its scan history, and the track list', () => {
    expect(sdl).toMatch(
      /type Shipment implements Node @key\(fields: "id"\) @key\(fields: "carrier trackingNumber"\) @key\(fields: "carrierName trackingNumber"\) @cost\(weight: \d+\)/,
    );
    expect(directive('Shipment.events', 'cost')).toBeDefined();
    expect(directive('Query.track', 'listSize')).toBeDefined();
    expect(directive('Query.shipmentsByReference', 'listSize')).toBeDefined();
  });

  it('@apollo/composition composes the subgraph and keeps the directives in the supergraph', () => {
    const result = composeServices([{ name: 'carriers', url: 'http://127.0.0.1:1/graphql', typeDefs: parse(sdl) }]);
    expect(result.errors ?? []).toEqual([]);
    const supergraph = fields(parse(result.supergraphSdl ?? ''));
    const printedDirectives = (coordinate: string): string[] => (supergraph.get(coordinate)?.directives ?? []).map((d) => print(d));
    expect(printedDirectives('Mutation.watchShipment')).toEqual(
      expect.arrayContaining(['@authenticated', '@requiresScopes(scopes: [["shipments:watch"]])']),
    );
    expect(printedDirectives('Mutation.deletePushSubscription')).toEqual(
      expect.arrayContaining(['@authenticated', '@requiresScopes(scopes: [["push:manage"]])']),
    );
    expect(printedDirectives('Query.statusChanges').join(' ')).toContain('slicingArguments: ["first"], sizedFields: ["edges"]');
    expect(printedDirectives('Shipment.events').join(' ')).toMatch(/@cost\(weight: \d+\)/);
    // The Node interface (Relay global object identification) composes beside the Shipment entity.
    expect(supergraph.has('Query.node') && supergraph.has('Query.nodes')).toBe(true);
    expect(result.supergraphSdl).toMatch(/type Shipment implements Node\b/);
  });

  it('@apollo/gateway, which cannot enforce @authenticated/@requiresScopes, refuses the supergraph instead of serving the mutations unguarded', async () => {
    const result = composeServices([{ name: 'carriers', url: 'http://127.0.0.1:1/graphql', typeDefs: parse(sdl) }]);
    const gateway = new ApolloGateway({ supergraphSdl: result.supergraphSdl! });
    await expect(gateway.load()).rejects.toThrow(/authenticated\/v0\.1 is for: SECURITY but is unsupported/);
    await gateway.stop().catch(() => undefined);
  });
});
