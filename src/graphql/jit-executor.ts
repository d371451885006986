import { HeaderMap, type ApolloServerPlugin, type BaseContext, type GraphQLRequestContext, type GraphQLRequestListener } from '@apollo/server';
import type { GatewayExecutor, GatewayInterface } from '@apollo/server-gateway-interface';
import { execute, getNamedType, getVariableValues, GraphQLError, isInputObjectType, isScalarType, Kind, typeFromAST, type DocumentNode, type ExecutionResult, type GraphQLSchema, type OperationDefinitionNode } from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import { LRUCache } from 'lru-cache';
import { literalShape, type LiteralShape } from './literal-shape.js';

/** A query operation is compiled once it has been executed this many times (its document kept by Apollo's cache). */
const RUNS_BEFORE_COMPILING = 1;
/** How many shapes' runs are counted at most (a shape forgotten starts counting again). */
const SHAPES_COUNTED = 10_000;

/**
 * Queries run through graphql-jit once their document repeats; everything else through graphql-js's `execute`, as
 * Apollo would run it. graphql-js interprets the operation's AST for every field of every request (collecting fields,
 * coercing each field's arguments, list item by list item); graphql-jit compiles the operation once into a function
 * over the same schema and resolvers: README query 1 executes in about an eighth of the CPU (docs/benchmarks.md).
 * Answers are the same: the same resolvers, scalars' `serialize`, `__resolveType`, and errors with the same messages,
 * paths and original errors, which Apollo then formats as before (a result with errors takes Apollo's own path). One
 * difference is left, in answers that carry an internal fault (a resolver's null for a non-null field) beside other
 * errors: the errors' order, and graphql-jit also lists the other root fields' errors where graphql-js stops at the
 * fault; the fault itself is masked and logged as before.
 *
 * Queries are compiled per shape (literal-shape.ts): documents that differ only in scalar or enum literals of field
 * arguments (a tracking number written into the text) share one compiled query, which reads those literals as
 * variables. Clients that write their numbers into the text, each text asked now and then, otherwise kept one compiled
 * query a text, each run too seldom for V8 to optimise it: README query 1 over 500 texts executed in 28-130 us against
 * 10-14 us for one compiled query (docs/benchmarks.md).
 *
 * Variables are coerced by graphql-js's own `getVariableValues` before every compiled run (a request whose variables do
 * not coerce is answered by graphql-js, word for word, with no resolver run). Those that take input objects (a rate
 * shop's `$input: RateRequestInput!`, `$inputs: [TrackInput!]!`) are handed to the compiled query as graphql-js coerced
 * them: graphql-jit's own coercion leaves out an input field's default (`weight: { value: 2 }` lacks the `unit` that
 * defaults to KG), so the compiled query reads them as federation's pass-through `_Any` instead (`coercedHere`).
 *
 * graphql-js still runs:
 * - a shape seen for the first time (compiling costs far more than one execution: a query written with other
 *   arguments than literals, different every request, is never compiled), and one graphql-jit cannot compile;
 * - mutations (run field by field in order) and subscriptions (the router's callback protocol);
 * - a request whose variables do not coerce;
 * - an operation whose variables take input objects in a schema without federation's `_Any` scalar;
 * - a request Apollo instruments field by field (an inline trace asked with `apollo-federation-include-trace`): Apollo
 *   marks its context with a symbol for that, and its field hooks are graphql-js's.
 * At most `maxCompiled` compiled queries are kept (GRAPHQL_COMPILED_QUERIES_MAX; about 70 KiB each for README query 1),
 * the least recently used dropped first; 0 turns compilation off. Runs are counted per shape, for the last 10,000
 * shapes.
 */
/** graphql-jit's `compileQuery` (a parameter so tests can count compilations). */
export type Compile = (schema: GraphQLSchema, document: DocumentNode, operationName?: string) => CompiledQuery | ExecutionResult;

/** The executor alone (every run through it, none answered by the plugin): see `compiledQueries`. */
export function jitExecutor(schema: GraphQLSchema, maxCompiled: number, compile: Compile = compileQuery): GatewayExecutor {
  return compiledQueries(schema, maxCompiled, compile).executor;
}

/** A run of a compiled query: the query and the variables it reads (the shape's literals among them). */
interface CompiledRun {
  query: CompiledQuery;
  variables: Record<string, unknown>;
}

/** A compiled query, and the variables it takes as graphql-js coerced them (those that hold input objects). */
interface Compiled {
  query: CompiledQuery;
  coercedHere: readonly string[];
}

/**
 * The compiled queries for Apollo: the executor it runs operations with (through its gateway interface, its only way to
 * take one), and a plugin that answers a compiled query before Apollo gets to that executor.
 *
 * Why the plugin: for every operation it hands to a gateway executor, Apollo builds a request context whose
 * `response.http.status` is an accessor pair made for that request; V8 keeps such accessors in the old generation, so
 * until the next full collection they hold the request's whole context (the answer, the loaders, the request) through
 * every young-generation collection, and all of it was promoted: about 5 % of everything a README query 1 request
 * allocated, one to two full collections a second under load (docs/benchmarks.md). A query the plugin answers never
 * reaches that context. It answers (`responseForOperation`, the hook Apollo gives a plugin to answer an operation
 * itself) only what needs nothing of Apollo's execution step:
 * - a query already compiled, whose variables coerce, run compiled, with no error in its result: the answer is the
 *   result as it is, which is what Apollo's execution step would send for it;
 * - a result with errors is not answered here: it is handed to the executor, which returns it to Apollo without running
 *   the query again, so Apollo reports and formats its errors as for any other (didEncounterErrors, formatError);
 * - `answerHere(requestContext)` false (a request whose fields Apollo traces, see app.ts): the executor decides, as
 *   before.
 * Everything else goes on to the executor unchanged (a first run, graphql-js, mutations, subscriptions).
 */
export function compiledQueries(
  schema: GraphQLSchema,
  maxCompiled: number,
  compile: Compile = compileQuery,
  answerHere: (requestContext: GraphQLRequestContext<BaseContext>) => boolean = () => true,
): { executor: GatewayExecutor; plugin: ApolloServerPlugin } {
  /** Each parsed operation's shape (literal-shape.ts), once: Apollo keeps the parsed document while its text repeats. */
  const shapes = new WeakMap<OperationDefinitionNode, LiteralShape | null>();
  /** Runs per shape key, the least recently run forgotten past SHAPES_COUNTED; -Infinity: graphql-jit cannot compile it. */
  const runs = new LRUCache<string, number>({ max: SHAPES_COUNTED });
  /**
   * The compiled queries, least recently used dropped first. An LRU cache rather than a Map re-keyed on every run (a
   * delete and a set): deleting a Map's only entry shrinks its table and the set grows a new one, two tables a request.
   */
  const compiled = maxCompiled > 0 ? new LRUCache<string, Compiled>({ max: maxCompiled }) : null;
  /** Per request context: the run the plugin already decided (a result with errors to hand over, or graphql-js). */
  const decided = new WeakMap<object, ExecutionResult | 'graphql-js'>();

  /** How this run of `operation` goes: compiled (counted, compiled on its second run), or null for graphql-js. */
  const prepare = (document: DocumentNode, operation: OperationDefinitionNode, variableValues: Record<string, unknown> | undefined): CompiledRun | null => {
    if (!compiled || operation.operation !== 'query') return null;
    let shape = shapes.get(operation);
    if (shape === undefined) {
      shape = literalShape(schema, document, operation);
      shapes.set(operation, shape);
    }
    if (shape === null) return null;
    let entry = compiled.get(shape.key);
    if (!entry) {
      const seen = runs.get(shape.key) ?? 0;
      runs.set(shape.key, seen + 1);
      if (seen < RUNS_BEFORE_COMPILING) return null;
      const passThrough = inputObjectsPassedThrough(schema, shape.document, operation.name?.value);
      const made = passThrough && compile(schema, passThrough.document, operation.name?.value);
      if (!passThrough || !made || !isCompiledQuery(made)) {
        runs.set(shape.key, Number.NEGATIVE_INFINITY);
        return null;
      }
      entry = { query: made, coercedHere: passThrough.names };
      compiled.set(shape.key, entry);
    }
    let coerced: Record<string, unknown> | null = null;
    if (operation.variableDefinitions?.length) {
      const checked = getVariableValues(schema, operation.variableDefinitions, variableValues ?? {}, { maxErrors: 50 });
      if ('errors' in checked) return null;
      coerced = checked.coerced;
    }
    // graphql-jit reads the variables it is given into an object of its own: the shape's values are passed as they are.
    let variables = shape.values ? (variableValues ? { ...variableValues, ...shape.values } : shape.values) : (variableValues ?? {});
    if (entry.coercedHere.length > 0) {
      variables = { ...variables };
      // A variable graphql-js left out (nullable, not given, no default) stays out: its argument is absent, not null.
      for (const name of entry.coercedHere) {
        if (coerced && Object.hasOwn(coerced, name)) variables[name] = coerced[name];
        else delete variables[name];
      }
    }
    return { query: entry.query, variables };
  };

  const executor: GatewayExecutor = async (requestContext) => {
    const { document, operation, request, context } = requestContext;
    const variableValues = request.variables ?? undefined;
    const graphqlJs = (): Promise<ExecutionResult> | ExecutionResult =>
      execute({ schema, document, contextValue: context, variableValues, operationName: request.operationName ?? undefined });
    const before = decided.get(context);
    if (before !== undefined) {
      decided.delete(context);
      return before === 'graphql-js' ? await graphqlJs() : before;
    }
    if (Object.getOwnPropertySymbols(context).length > 0) return await graphqlJs();
    const run = prepare(document, operation, variableValues);
    if (!run) return await graphqlJs();
    return withOriginalErrors((await run.query.query(undefined, context, run.variables)) as ExecutionResult);
  };

  const listener: GraphQLRequestListener<BaseContext> = {
    async responseForOperation(requestContext) {
      const { document, operation, request, contextValue } = requestContext;
      if (!compiled || !operation || operation.operation !== 'query' || !answerHere(requestContext)) return null;
      const run = prepare(document, operation, request.variables ?? undefined);
      if (!run) {
        decided.set(contextValue, 'graphql-js');
        return null;
      }
      const result = withOriginalErrors((await run.query.query(undefined, contextValue, run.variables)) as ExecutionResult);
      if (result.errors?.length) {
        decided.set(contextValue, result);
        return null;
      }
      return { http: { status: undefined, headers: new HeaderMap() }, body: { kind: 'single', singleResult: result } };
    },
  };
  return { executor, plugin: { requestDidStart: async () => listener } };
}

/**
 * The document graphql-jit compiles: each variable whose type is or holds an input object declared as federation's
 * `_Any` (no default), so the compiled query takes its value as given, which is graphql-js's coercion of it (defaults
 * filled in, custom scalars parsed once). graphql-jit coerces the other variables itself: scalars, enums and lists of
 * them coerce alike (a router's `$representations: [_Any!]!`, a `$number: String!`); literal arguments are coerced by
 * graphql-js's own code in both. Only the operation run is changed (`operationName`; none: the document's only one).
 * Null when a variable's type is unknown, or input objects are taken and the schema has no `_Any` (not a subgraph):
 * graphql-js runs the operation.
 */
function inputObjectsPassedThrough(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | undefined,
): { document: DocumentNode; names: string[] } | null {
  const names: string[] = [];
  let unknown = false;
  const definitions = document.definitions.map((definition) => {
    if (definition.kind !== Kind.OPERATION_DEFINITION || !definition.variableDefinitions?.length) return definition;
    // Only the operation run (the one compiled); the document's others are left as they are.
    if (operationName !== undefined && definition.name?.value !== operationName) return definition;
    const variableDefinitions = definition.variableDefinitions.map((variable) => {
      const type = typeFromAST(schema, variable.type);
      if (!type) unknown = true;
      if (!type || !isInputObjectType(getNamedType(type))) return variable;
      names.push(variable.variable.name.value);
      return { ...variable, type: { kind: Kind.NAMED_TYPE, name: { kind: Kind.NAME, value: ANY } }, defaultValue: undefined } as typeof variable;
    });
    return { ...definition, variableDefinitions };
  });
  if (unknown) return null;
  if (names.length === 0) return { document, names };
  const any = schema.getType(ANY);
  if (!any || !isScalarType(any) || any.parseValue('x') !== 'x') return null;
  return { document: { ...document, definitions }, names };
}

/** Federation's representation scalar: its parseValue hands the value on as it is. */
const ANY = '_Any';

/**
 * graphql-jit raises the executor's own errors (a null for a non-null field, a value a scalar or enum cannot
 * serialise) without an original error, where graphql-js gives one: an unexpected fault is found (and logged with its
 * stack, OperationObserver) by its original error, so one is given here as graphql-js would. Resolvers' errors keep
 * theirs.
 */
function withOriginalErrors(result: ExecutionResult): ExecutionResult {
  if (!result.errors?.some((error) => !error.originalError)) return result;
  const errors = result.errors.map((error) => {
    if (error.originalError) return error;
    const located = new GraphQLError(error.message, { path: error.path, originalError: new Error(error.message), extensions: error.extensions });
    // graphql-jit gives the locations alone (no nodes or source to derive them from).
    (located as { locations: GraphQLError['locations'] }).locations = error.locations;
    return located;
  });
  return { ...result, errors };
}

/**
 * The schema handed to Apollo through its gateway interface, whose only purpose here is to give Apollo an executor
 * (Apollo Server has no other way to take one). The schema never changes, so there is nothing to watch or stop.
 */
export function schemaWithExecutor(schema: GraphQLSchema, executor: GatewayExecutor): GatewayInterface {
  return {
    onSchemaLoadOrUpdate(callback) {
      callback({ apiSchema: schema, coreSupergraphSdl: '' });
      return () => undefined;
    },
    async load() {
      return { schema, executor };
    },
    async stop() {},
  };
}
