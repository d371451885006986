import type { ApolloServerPlugin } from '@apollo/server';
import {
  GraphQLError,
  Kind,
  getNamedType,
  isAbstractType,
  isCompositeType,
  isInterfaceType,
  isObjectType,
  valueFromASTUntyped,
  type ConstDirectiveNode,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import { collectFields, collectSubfields } from 'graphql/execution/collectFields.js';
import { variablesAsSent } from './request-budget.js';

/**
 * @authenticated and @requiresScopes, enforced in the subgraph as Apollo Router enforces them: a field (or a field
 * returning a type) marked @authenticated needs a verified token; one marked @requiresScopes(scopes: [[a, b], [c]])
 * needs every scope of at least one inner list (a AND b, OR c). Read from the built schema's own AST, so a directive
 * added to the schema is enforced without a list kept here.
 *
 * Written here because no installed library does it for Apollo Server: graphql-armor has no authorization plugin,
 * Apollo Server leaves these directives to the router, and @envelop/generic-auth (the one Hive Gateway uses) is an
 * envelop plugin, present only as a development dependency of the gateway, so it is not in the production image.
 */

/** What one field of the operation needs; `scopes` null = no scope rule. */
export interface FieldRequirement {
  /** `Type.field` as the schema names it. */
  coordinate: string;
  authenticated: boolean;
  scopes: string[][] | null;
}

export interface VerifiedClaims {
  /** The token's scopes: `scope` (space-separated string) and `scp` (array or string), as Apollo Router reads them. */
  scopes: ReadonlySet<string>;
}

/** The token as the transport presented it: verified claims, none sent, or refused (expired, bad signature, ...). */
export type Credentials = { kind: 'verified'; claims: VerifiedClaims } | { kind: 'none' } | { kind: 'invalid'; reason: string };

interface Rule {
  authenticated: boolean;
  scopes: string[][] | null;
}

/**
 * The rules of one schema, by field coordinate and by type name, and the walk of an operation as it will execute
 * (fragments expanded, @skip/@include applied, every alias, `_entities`' inline fragments by type).
 */
export class DirectiveRules {
  private readonly fields = new Map<string, Rule>();
  private readonly types = new Map<string, Rule>();
  /** Verdicts of operations without variables (their walk depends only on the document). */
  private readonly remembered = new WeakMap<OperationDefinitionNode, FieldRequirement[]>();

  constructor(private readonly schema: GraphQLSchema) {
    const names = federationDirectiveNames(schema);
    for (const type of Object.values(schema.getTypeMap())) {
      if (type.name.startsWith('__')) continue;
      const typeRule = ruleOf(directivesOf(type), names);
      if (typeRule) this.types.set(type.name, typeRule);
      if (!isObjectType(type) && !isInterfaceType(type)) continue;
      for (const field of Object.values(type.getFields())) {
        const rule = ruleOf([...(field.astNode?.directives ?? [])], names);
        if (rule) this.fields.set(`${type.name}.${field.name}`, rule);
      }
    }
  }

  /** Whether any rule exists at all (none: nothing to check, no token needed). */
  get empty(): boolean {
    return this.fields.size === 0 && this.types.size === 0;
  }

  /** The protected fields the operation would execute, each once, in document order. */
  requirements(document: DocumentNode, operation: OperationDefinitionNode, rawVariables: Record<string, unknown>): FieldRequirement[] {
    const cacheable = (operation.variableDefinitions?.length ?? 0) === 0;
    const known = cacheable ? this.remembered.get(operation) : undefined;
    if (known) return known;
    const found = this.walk(document, operation, rawVariables);
    if (cacheable) this.remembered.set(operation, found);
    return found;
  }

  private walk(document: DocumentNode, operation: OperationDefinitionNode, rawVariables: Record<string, unknown>): FieldRequirement[] {
    const rootType = this.schema.getRootType(operation.operation);
    if (!rootType) return [];
    const variables = variablesAsSent(this.schema, operation, rawVariables);
    const fragments: Record<string, FragmentDefinitionNode> = Object.create(null);
    for (const definition of document.definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments[definition.name.value] = definition;
    }
    // Keyed by where the rule is written (the field, or a type it returns): both must hold, each is checked once.
    const found = new Map<string, FieldRequirement>();
    const add = (coordinate: string, rule: Rule | undefined, source: string) => {
      if (!rule || found.has(`${coordinate} ${source}`)) return;
      found.set(`${coordinate} ${source}`, { coordinate, authenticated: rule.authenticated, scopes: rule.scopes });
    };
    // A type is visited once per selection set that reaches it; recursion ends with the document's own depth.
    const visit = (type: GraphQLObjectType, selected: Map<string, readonly FieldNode[]>): void => {
      for (const nodes of selected.values()) {
        const node = nodes[0]!;
        const field = type.getFields()[node.name.value];
        if (!field) continue; // __typename and introspection
        const coordinate = `${type.name}.${field.name}`;
        add(coordinate, this.fields.get(coordinate), '');
        // A rule written on an interface's field holds for every implementation selected through it.
        for (const iface of type.getInterfaces()) add(coordinate, this.fields.get(`${iface.name}.${field.name}`), `${iface.name}.`);
        const returned = getNamedType(field.type);
        add(coordinate, this.types.get(returned.name), returned.name);
        if (!isCompositeType(returned)) continue;
        const possible = isAbstractType(returned) ? this.schema.getPossibleTypes(returned) : isObjectType(returned) ? [returned] : [];
        for (const runtimeType of possible) {
          add(coordinate, this.types.get(runtimeType.name), runtimeType.name);
          visit(runtimeType, collectSubfields(this.schema, fragments, variables, runtimeType, nodes));
        }
      }
    };
    visit(rootType, collectFields(this.schema, fragments, variables, rootType, operation.selectionSet));
    return [...found.values()];
  }
}

/**
 * The refusal for the first field the credentials do not satisfy, or null. No token (or a refused one) on an
 * @authenticated or @requiresScopes field: UNAUTHENTICATED (401); a verified token without any of the required scope
 * sets: FORBIDDEN (403). The message names the field and what it needs, never the token.
 */
export function authorize(requirements: readonly FieldRequirement[], credentials: Credentials): GraphQLError | null {
  for (const requirement of requirements) {
    const field = requirement.coordinate.slice(requirement.coordinate.indexOf('.') + 1);
    if (credentials.kind !== 'verified') {
      const why = credentials.kind === 'none' ? 'no bearer token was forwarded' : `the bearer token was refused (${credentials.reason})`;
      return new GraphQLError(`${field}: needs an authenticated caller, and ${why}`, {
        extensions: { code: 'UNAUTHENTICATED', field: requirement.coordinate, http: { status: 401 } },
      });
    }
    const { scopes } = requirement;
    if (scopes && !scopes.some((set) => set.every((scope) => credentials.claims.scopes.has(scope)))) {
      const needed = scopes.map((set) => set.join(' and ')).join(', or ');
      return new GraphQLError(`${field}: the caller's token lacks the scope it needs (${needed})`, {
        extensions: { code: 'FORBIDDEN', field: requirement.coordinate, requiredScopes: scopes, http: { status: 403 } },
      });
    }
  }
  return null;
}

/** The scopes of a verified payload: `scope` as a space-separated string, `scp` as an array (or a string). */
export function scopesOf(payload: Record<string, unknown>): Set<string> {
  const scopes = new Set<string>();
  const take = (value: unknown) => {
    if (typeof value === 'string') for (const scope of value.split(' ')) if (scope) scopes.add(scope);
    if (Array.isArray(value)) for (const scope of value) if (typeof scope === 'string' && scope) scopes.add(scope);
  };
  take(payload.scope);
  take(payload.scp);
  return scopes;
}

interface DirectiveNames {
  authenticated: string;
  requiresScopes: string;
}

/**
 * The names the schema uses for the two directives: as imported by its federation `@link` (an `{ name, as }` import
 * renames), else the namespaced `federation__` form a schema that does not import them writes.
 */
function federationDirectiveNames(schema: GraphQLSchema): DirectiveNames {
  const names: DirectiveNames = { authenticated: 'federation__authenticated', requiresScopes: 'federation__requiresScopes' };
  for (const node of [schema.astNode, ...schema.extensionASTNodes]) {
    for (const directive of node?.directives ?? []) {
      if (directive.name.value !== 'link') continue;
      const args = Object.fromEntries((directive.arguments ?? []).map((a) => [a.name.value, valueFromASTUntyped(a.value)]));
      if (typeof args.url !== 'string' || !args.url.startsWith('https://specs.apollo.dev/federation/')) continue;
      for (const item of Array.isArray(args.import) ? (args.import as unknown[]) : []) {
        const name = typeof item === 'string' ? item : (item as { name?: unknown })?.name;
        const as = typeof item === 'string' ? item : ((item as { as?: unknown })?.as ?? name);
        if (typeof name !== 'string' || typeof as !== 'string') continue;
        if (name === '@authenticated') names.authenticated = as.replace(/^@/, '');
        if (name === '@requiresScopes') names.requiresScopes = as.replace(/^@/, '');
      }
    }
  }
  return names;
}

function directivesOf(type: GraphQLNamedType): ConstDirectiveNode[] {
  return [...(type.astNode?.directives ?? []), ...type.extensionASTNodes.flatMap((node) => [...(node.directives ?? [])])];
}

function ruleOf(directives: readonly ConstDirectiveNode[], names: DirectiveNames): Rule | null {
  let authenticated = false;
  let scopes: string[][] | null = null;
  for (const directive of directives) {
    if (directive.name.value === names.authenticated) authenticated = true;
    if (directive.name.value === names.requiresScopes) {
      const value = directive.arguments?.find((a) => a.name.value === 'scopes')?.value;
      const sets = value ? (valueFromASTUntyped(value) as unknown) : [];
      scopes = Array.isArray(sets) ? sets.map((set) => (Array.isArray(set) ? set.map(String) : [String(set)])) : [];
    }
  }
  return authenticated || scopes ? { authenticated: authenticated || scopes !== null, scopes } : null;
}

/**
 * Over HTTP (POST, the fast path, GET, the router's subscription callbacks: every request reaches Apollo): after the
 * operation is resolved and before any resolver runs, so a refused request makes no upstream call and no write. The
 * token is read from the request's `Authorization` header and verified only when the operation selects a protected
 * field. graphql-ws runs the same check per operation (src/server/graphql-ws.ts).
 */
export function directiveAuthPlugin(rules: DirectiveRules, verify: (authorization: unknown) => Promise<Credentials>): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ document, operation, request }) {
          if (!operation) return;
          const refusal = await checkDirectives(rules, document, operation, request.variables ?? {}, () => verify(request.http?.headers.get('authorization')));
          if (refusal) throw refusal;
        },
      };
    },
  };
}

/** The refusal for an operation, or null; the token is verified (`credentials`) only when a protected field is selected. */
export async function checkDirectives(
  rules: DirectiveRules,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
  credentials: () => Promise<Credentials>,
): Promise<GraphQLError | null> {
  if (rules.empty) return null;
  const requirements = rules.requirements(document, operation, variables);
  if (requirements.length === 0) return null;
  return authorize(requirements, await credentials());
}
