/**
 * @authenticated / @requiresScopes enforced by the subgraph (production's default; AUTH_ENFORCE_DIRECTIVES=true here):
 * the rules are read from the schema itself, the walk follows the operation as it will execute (aliases, named and
 * inline fragments, @skip/@include, `_entities` by type), and every transport reaches the check: POST (fast path), GET
 * (express), graphql-ws. The production start with its defaults is tested in test/production/fails-closed.test.ts.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSubgraphSchema } from '@apollo/subgraph';
import { parse } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DirectiveRules, authorize, scopesOf, type FieldRequirement } from '../../src/graphql/directive-auth.js';
import { buildSchema } from '../../src/server/schema.js';
import { startE2E, type E2E } from '../e2e/support.js';
import { testKeys, wsOperation, type TestKeys } from '../production/auth-support.js';
import { CREATE_SHIPMENT, carrierBShipment } from '../shipping-api/support.js';

const TEST_SCHEMA = parse(`
  extend schema @link(url: "https://specs.apollo.dev/federation/v2.9", import: ["@key", { name: "@authenticated", as: "@mustLogIn" }, "@requiresScopes"])
  type Query { open: Parcel, secret: String @mustLogIn, vault: Vault }
  type Parcel @key(fields: "id") { id: ID!, owner: String @requiresScopes(scopes: [["a", "b"], ["c"]]), label: String }
  type Vault @mustLogIn { gold: Int }
  interface Node { id: ID!, note: String @requiresScopes(scopes: [["n"]]) }
  type Box implements Node { id: ID!, note: String }
  extend type Query { node: Node }
`);

function requirementsOf(rules: DirectiveRules, source: string, variables: Record<string, unknown> = {}): FieldRequirement[] {
  const document = parse(source);
  const operation = document.definitions.find((d) => d.kind === 'OperationDefinition')!;
  return rules.requirements(document, operation as never, variables);
}

describe('the rules, read from the schema', () => {
  const rules = new DirectiveRules(buildSubgraphSchema([{ typeDefs: TEST_SCHEMA, resolvers: {} }]));

  it('follow a renamed import, aliases, named fragments, a type marked as a whole and an interface field', () => {
    expect(requirementsOf(rules, '{ x: secret }')).toEqual([{ coordinate: 'Query.secret', authenticated: true, scopes: null }]);
    expect(requirementsOf(rules, '{ open { ...F } } fragment F on Parcel { owner }')).toEqual([
      { coordinate: 'Parcel.owner', authenticated: true, scopes: [['a', 'b'], ['c']] },
    ]);
    expect(requirementsOf(rules, '{ vault { gold } }')).toEqual([{ coordinate: 'Query.vault', authenticated: true, scopes: null }]);
    expect(requirementsOf(rules, '{ open { id label } }')).toEqual([]);
    expect(requirementsOf(rules, '{ node { id ... on Box { note } } }')).toEqual([{ coordinate: 'Box.note', authenticated: true, scopes: [['n']] }]);
  });

  it('skip what @skip/@include leave out, with variables and their defaults', () => {
    expect(requirementsOf(rules, 'query($s: Boolean = true) { open { id } secret @skip(if: $s) }')).toEqual([]);
    expect(requirementsOf(rules, 'query($s: Boolean = true) { secret @skip(if: $s) }', { s: false })).toHaveLength(1);
  });

  it('reach entity fields through `_entities` inline fragments', () => {
    expect(requirementsOf(rules, 'query($r: [_Any!]!) { _entities(representations: $r) { ... on Parcel { owner } } }', { r: [{ __typename: 'Parcel', id: '1' }] })).toEqual([
      { coordinate: 'Parcel.owner', authenticated: true, scopes: [['a', 'b'], ['c']] },
    ]);
  });

  it('scope sets: every scope of one set; scopes from `scope` and `scp`', () => {
    const owner: FieldRequirement[] = [{ coordinate: 'Parcel.owner', authenticated: true, scopes: [['a', 'b'], ['c']] }];
    const verified = (scopes: string[]) => ({ kind: 'verified' as const, claims: { scopes: new Set(scopes) } });
    expect(authorize(owner, verified(['a', 'b']))).toBeNull();
    expect(authorize(owner, verified(['c']))).toBeNull();
    expect(authorize(owner, verified(['a']))?.extensions).toMatchObject({ code: 'FORBIDDEN', field: 'Parcel.owner' });
    expect(authorize(owner, { kind: 'none' })?.extensions).toMatchObject({ code: 'UNAUTHENTICATED', field: 'Parcel.owner' });
    expect([...scopesOf({ scope: 'a  b', scp: ['c'] })]).toEqual(['a', 'b', 'c']);
  });

  it("every mutation that buys, cancels, tenders or books in this subgraph's schema is protected", () => {
    const ours = new DirectiveRules(buildSchema());
    for (const field of ['createShipment', 'cancelShipment', 'tenderLabels', 'createReturn', 'cancelReturn', 'schedulePickup', 'updatePickup', 'cancelPickup']) {
      const found = requirementsOf(ours, `mutation { ${field} { __typename } }`);
      expect(found, field).toEqual([expect.objectContaining({ coordinate: `Mutation.${field}`, authenticated: true })]);
    }
  });
});

describe('enforced over every transport (AUTH_ENFORCE_DIRECTIVES=true)', () => {
  let e2e: E2E;
  let keys: TestKeys;
  let dir: string;
  beforeAll(async () => {
    keys = await testKeys();
    dir = await mkdtemp(join(tmpdir(), 'directive-auth-'));
    await writeFile(join(dir, 'jwks.json'), JSON.stringify(keys.jwks));
    e2e = await startE2E({ env: { AUTH_ENFORCE_DIRECTIVES: 'true', AUTH_JWKS_FILE: join(dir, 'jwks.json'), AUTH_JWT_AUDIENCE: keys.audience } });
  });
  afterAll(async () => {
    await e2e?.close();
    await rm(dir, { recursive: true, force: true });
  });
  const creations = () => e2e.sandbox.stats.carrierB.calls['POST /ship/v1/shipments'] ?? 0;

  it('GET: a protected query without a token is UNAUTHENTICATED; with the scope it answers', async () => {
    const url = `${e2e.server.url}?query=${encodeURIComponent('{ analyticsOutbox { pending } }')}`;
    const refused = await fetch(url, { headers: { 'apollo-require-preflight': 'true' } });
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as any).errors[0].extensions).toMatchObject({ code: 'UNAUTHENTICATED', field: 'Query.analyticsOutbox' });
    const allowed = await fetch(url, { headers: { 'apollo-require-preflight': 'true', authorization: `Bearer ${await keys.token('analytics:manage')}` } });
    expect(((await allowed.json()) as any).data.analyticsOutbox.pending).toEqual(expect.any(Number));
  });

  it('POST: an aliased createShipment inside a named fragment is refused before any carrier call', async () => {
    const before = creations();
    const query = 'mutation($input: CreateShipmentInput!) { ...Buy } fragment Buy on Mutation { bought: createShipment(input: $input) { purchase { replay } } }';
    const answer = await e2e.gql(query, { input: carrierBShipment('directive-alias') });
    expect(answer.errors?.[0]?.extensions).toMatchObject({ code: 'UNAUTHENTICATED', field: 'Mutation.createShipment' });
    expect(creations()).toBe(before);
  });

  it('graphql-ws: no token is refused before any carrier call; the token in connection_init buys', async () => {
    const before = creations();
    const refused = await wsOperation(e2e.server.url.replace(/\/graphql$/, ''), {}, CREATE_SHIPMENT, { input: carrierBShipment('directive-ws-none') });
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(creations()).toBe(before);
    const bought = await wsOperation(e2e.server.url.replace(/\/graphql$/, ''), { authorization: `Bearer ${await keys.token('shipping:purchase')}` }, CREATE_SHIPMENT, {
      input: carrierBShipment('directive-ws-ok'),
    });
    expect(bought.data?.createShipment.purchase.replay).toBe('NEW');
    expect(creations()).toBe(before + 1);
  });

  it('graphql-ws: the token on the upgrade request is read when connection_init carries none', async () => {
    const origin = e2e.server.url.replace(/\/graphql$/, '');
    const query = '{ analyticsOutbox { pending } }';
    const refused = await wsOperation(origin, {}, query, undefined, { authorization: `Bearer ${await keys.token('shipping:purchase')}` });
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN', field: 'Query.analyticsOutbox' });
    const allowed = await wsOperation(origin, {}, query, undefined, { authorization: `Bearer ${await keys.token('analytics:manage')}` });
    expect(allowed.data?.analyticsOutbox.pending).toEqual(expect.any(Number));
  });

  it('a malformed bearer token is refused as UNAUTHENTICATED', async () => {
    const answer = await fetch(e2e.server.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer not.a.jwt' },
      body: JSON.stringify({ query: '{ analyticsOutbox { pending } }' }),
    });
    expect(((await answer.json()) as any).errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });
});
