/**
 * When src/graphql/jit-executor.ts compiles an operation and when it leaves it to graphql-js: a query is compiled on its
 * second run (never on its first, so a document used once costs no compilation) and then reused; mutations, requests
 * whose variables do not coerce, and requests Apollo instruments field by field (a symbol on the context) stay on
 * graphql-js. Both executors answer the same (the over-HTTP comparison: test/e2e/compiled-queries.e2e.test.ts). In an
 * Apollo Server, a compiled answer without errors comes from the plugin, before Apollo's gateway execution step; one
 * with errors is run once and handed to that step.
 */
import type { GatewayGraphQLRequestContext } from '@apollo/server-gateway-interface';
import { buildSchema, execute as graphqlExecute, GraphQLBoolean, GraphQLEnumType, GraphQLError, GraphQLInt, GraphQLList, GraphQLNonNull, GraphQLObjectType, GraphQLSchema, GraphQLString, getOperationAST, parse } from 'graphql';
import { compileQuery } from 'graphql-jit';
import { describe, expect, it, vi } from 'vitest';
import { ApolloServer } from '@apollo/server';
import { compiledQueries, jitExecutor, schemaWithExecutor, type Compile } from '../../src/graphql/jit-executor.js';

/** A query with an argument and a failing field, a mutation; the resolvers' calls recorded. */
function schemaCounting(): { schema: GraphQLSchema; calls: string[] } {
  const calls: string[] = [];
  const query = new GraphQLObjectType({
    name: 'Query',
    fields: {
      double: {
        type: new GraphQLNonNull(GraphQLInt),
        args: { n: { type: new GraphQLNonNull(GraphQLInt) } },
        resolve: (_root, { n }: { n: number }) => {
          calls.push(`double(${n})`);
          return n * 2;
        },
      },
      items: {
        type: new GraphQLList(new GraphQLObjectType({ name: 'Item', fields: { name: { type: new GraphQLNonNull(GraphQLString) } } })),
        resolve: () => [{ name: 'a' }, { name: null }],
      },
      fails: {
        type: GraphQLString,
        resolve: () => {
          throw new GraphQLError('refused', { extensions: { code: 'BAD_USER_INPUT' } });
        },
      },
    },
  });
  const mutation = new GraphQLObjectType({ name: 'Mutation', fields: { touch: { type: GraphQLBoolean, resolve: () => true } } });
  return { schema: new GraphQLSchema({ query, mutation }), calls };
}

function requestFor(query: string, variables?: Record<string, unknown>, context: object = {}): GatewayGraphQLRequestContext {
  const document = parse(query);
  return { document, operation: getOperationAST(document)!, request: { query, variables }, context } as unknown as GatewayGraphQLRequestContext;
}

/** The weights schema's resolvers: each weight shown as "<value> <unit>"; `given` says whether its argument was there. */
function withResolvers(schema: GraphQLSchema): GraphQLSchema {
  type Weight = { value: number; unit: string };
  const fields = schema.getQueryType()!.getFields();
  const show = (w: Weight) => `${w.value} ${w.unit}`;
  fields['weigh']!.resolve = (_root, { w }: { w: Weight }) => show(w);
  fields['weighAll']!.resolve = (_root, { ws }: { ws: Weight[] }) => ws.map(show);
  fields['echo']!.resolve = (_root, { s }: { s: string }) => s;
  fields['given']!.resolve = (_root, args: Record<string, unknown>) => ('w' in args ? `w: ${JSON.stringify(args['w'])}` : 'no w');
  return schema;
}

describe('which runs are compiled', () => {
  it('a query runs through graphql-js first, is compiled on its second run, and the compiled query is reused', async () => {
    const { schema } = schemaCounting();
    const compiled = vi.fn<Compile>((...args) => compileQuery(...args));
    const execute = jitExecutor(schema, 10, compiled);
    const request = requestFor('query($n: Int!) { a: double(n: $n) b: double(n: 2) fails }', { n: 5 });
    const first = await execute(request);
    expect(compiled).toHaveBeenCalledTimes(0);
    const second = await execute(request);
    expect(compiled).toHaveBeenCalledTimes(1);
    const third = await execute({ ...request, request: { ...request.request, variables: { n: 7 } } } as GatewayGraphQLRequestContext);
    expect(compiled).toHaveBeenCalledTimes(1);
    expect(second).toEqual(first);
    expect(first.data).toEqual({ a: 10, b: 4, fails: null });
    expect(first.errors?.map((e) => [e.message, e.path, e.extensions])).toEqual([['refused', ['fails'], { code: 'BAD_USER_INPUT' }]]);
    expect(third.data).toEqual({ a: 14, b: 4, fails: null });
  });

  it('mutations, variables that do not coerce, and an instrumented request stay on graphql-js', async () => {
    const { schema, calls } = schemaCounting();
    const compiled = vi.fn<Compile>((...args) => compileQuery(...args));
    const execute = jitExecutor(schema, 10, compiled);
    const mutation = requestFor('mutation { touch }');
    const badVariables = requestFor('query($n: Int!) { double(n: $n) }', { n: 'five' });
    const instrumented = requestFor('{ double(n: 1) }', undefined, { [Symbol('apollo field hooks')]: () => undefined });
    for (let i = 0; i < 3; i++) {
      expect((await execute(mutation)).data).toEqual({ touch: true });
      const refused = await execute(badVariables);
      expect(refused.data).toBeUndefined();
      expect(refused.errors?.[0]?.message).toBe('Variable "$n" got invalid value "five"; Int cannot represent non-integer value: "five"');
      expect((await execute(instrumented)).data).toEqual({ double: 2 });
    }
    // The query with bad variables is compiled on its second run, but never run compiled: graphql-js answers it.
    expect(compiled.mock.calls.map(([, document]) => document)).toEqual([badVariables.document]);
    expect(calls).toEqual(['double(1)', 'double(1)', 'double(1)']);
  });

  it('at most GRAPHQL_COMPILED_QUERIES_MAX compiled queries are kept, the least recently used dropped first; 0 compiles none', async () => {
    const { schema } = schemaCounting();
    const compiled = vi.fn<Compile>((...args) => compileQuery(...args));
    const execute = jitExecutor(schema, 2, compiled);
    const [a, b, c] = ['{ a: double(n: 1) }', '{ b: double(n: 2) }', '{ c: double(n: 3) }'].map((query) => requestFor(query));
    for (const request of [a, a, b, b, a, c, c]) await execute(request!);
    // a and b compiled on their second runs; a used again, so c's compilation dropped b, not a. (What is compiled is
    // each document with its literal lifted into a variable: named here by its text.)
    expect(compiled.mock.calls.map(([, document]) => document.loc?.source.body)).toEqual([a!.request.query, b!.request.query, c!.request.query]);
    await execute(a!);
    await execute(b!);
    expect(compiled).toHaveBeenCalledTimes(4);
    expect((await execute(b!)).data).toEqual({ b: 4 });

    const none = vi.fn<Compile>((...args) => compileQuery(...args));
    const off = jitExecutor(schema, 0, none);
    for (let i = 0; i < 3; i++) expect((await off(a!)).data).toEqual({ a: 2 });
    expect(none).not.toHaveBeenCalled();
  });

  it('documents that differ only in argument literals share one compiled query, each answering with its own literals', async () => {
    const { schema, calls } = schemaCounting();
    const compiled = vi.fn<Compile>((...args) => compileQuery(...args));
    const execute = jitExecutor(schema, 10, compiled);
    const texts = [1, 2, 3, 4].map((n) => `query($m: Int!) { x: double(n: ${n}) y: double(n: $m) items { name } }`);
    const answers = [];
    for (const [i, text] of texts.entries()) answers.push(await execute(requestFor(text, { m: 10 + i })));
    // The first text ran on graphql-js, the second compiled the shape, the others reused it.
    expect(compiled).toHaveBeenCalledTimes(1);
    expect(answers.map((answer) => answer.data)).toEqual([1, 2, 3, 4].map((n, i) => ({ x: n * 2, y: (10 + i) * 2, items: [{ name: 'a' }, null] })));
    expect(calls).toEqual(['double(1)', 'double(10)', 'double(2)', 'double(11)', 'double(3)', 'double(12)', 'double(4)', 'double(13)']);
    // The same locations and paths in the errors of every text (the shape's text is the same but for the literals).
    expect(new Set(answers.map((answer) => JSON.stringify(answer.errors)))).toHaveProperty('size', 1);
    // Another length of literal is another shape (its fields sit elsewhere in the text): compiled apart.
    expect((await execute(requestFor('query($m: Int!) { x: double(n: 12) y: double(n: $m) items { name } }', { m: 1 }))).data).toMatchObject({ x: 24, y: 2 });
    await execute(requestFor('query($m: Int!) { x: double(n: 13) y: double(n: $m) items { name } }', { m: 1 }));
    expect(compiled).toHaveBeenCalledTimes(2);
  });

  it('literals in fragments, in one of several operations and beside directives answer as graphql-js does, text after text', async () => {
    const { schema } = schemaCounting();
    const compiled = vi.fn<Compile>((...args) => compileQuery(...args));
    const execute = jitExecutor(schema, 10, compiled);
    const texts = [1, 2, 3].map((n) => [
      `query A { ...F c: double(n: ${n}) @include(if: true) d: double(n: 7) @skip(if: true) } query B { x: double(n: ${n + 3}) } fragment F on Query { a: double(n: ${n}) fails }`,
    ][0]!);
    for (const text of texts) {
      for (const operationName of ['A', 'B']) {
        const document = parse(text);
        const request = { document, operation: getOperationAST(document, operationName)!, request: { query: text, operationName }, context: {} } as unknown as GatewayGraphQLRequestContext;
        const reference = await graphqlExecute({ schema, document, operationName });
        const ours = await execute(request);
        // Apollo writes the answer's members in its own order: the data and the errors are compared apart.
        expect(JSON.stringify(ours.data)).toBe(JSON.stringify(reference.data));
        expect(JSON.stringify(ours.errors)).toBe(JSON.stringify(reference.errors));
      }
    }
    // One shape per operation (the other operation's literals are blanked, not lifted): each compiled on its second text.
    expect(compiled).toHaveBeenCalledTimes(2);
  });

  it("variables holding input objects run compiled with graphql-js's coercion: fields' defaults filled, an omitted one absent", async () => {
    // An input object whose field has a default, a list of them, and federation's `_Any` (what a subgraph schema has).
    const sdl = 'input Weight { value: Float! unit: String! = "KG" } type Query { weigh(w: Weight!): String! weighAll(ws: [Weight!]!): [String!]! given(w: Weight): String! echo(s: String!): String! }';
    const schema = withResolvers(buildSchema(`scalar _Any ${sdl}`));
    const compiled = vi.fn<Compile>((...args) => compileQuery(...args));
    const execute = jitExecutor(schema, 10, compiled);
    const query = 'query($w: Weight!, $ws: [Weight!]!, $o: Weight) { weigh(w: $w) weighAll(ws: $ws) given(w: $o) }';
    const runs = [
      { w: { value: 2 }, ws: [{ value: 1 }, { value: 3, unit: 'LB' }] },
      { w: { value: 5, unit: 'LB' }, ws: [{ value: 4 }] },
      { w: { value: 7 }, ws: [], o: null },
      { w: { value: 8 }, ws: [], o: { value: 9 } },
    ];
    const answers = [];
    for (const variables of runs) {
      const request = requestFor(query, variables);
      const reference = await graphqlExecute({ schema, document: request.document, variableValues: variables });
      const ours = await execute(request);
      expect(JSON.stringify(ours)).toBe(JSON.stringify(reference));
      answers.push(ours.data);
    }
    // Compiled on its second run; from then on the defaults (KG) came from graphql-js's coercion, as on the first; an
    // omitted nullable input object is an absent argument, an explicit null a null one.
    expect(compiled).toHaveBeenCalledTimes(1);
    expect(answers).toEqual([
      { weigh: '2 KG', weighAll: ['1 KG', '3 LB'], given: 'no w' },
      { weigh: '5 LB', weighAll: ['4 KG'], given: 'no w' },
      { weigh: '7 KG', weighAll: [], given: 'w: null' },
      { weigh: '8 KG', weighAll: [], given: 'w: {"value":9,"unit":"KG"}' },
    ]);
    // Two operations in one document declaring `$w` with different types, each run by its name, each answering its own.
    const two = 'query A($w: Weight!) { weigh(w: $w) } query B($w: String!) { echo(s: $w) }';
    for (let i = 0; i < 3; i++) {
      for (const [operationName, w, expected] of [['A', { value: 1 }, { weigh: '1 KG' }], ['B', 'hi', { echo: 'hi' }]] as const) {
        const document = parse(two);
        const request = { document, operation: getOperationAST(document, operationName)!, request: { query: two, operationName, variables: { w } }, context: {} };
        expect((await execute(request as unknown as GatewayGraphQLRequestContext)).data).toEqual(expected);
      }
    }
    expect(compiled).toHaveBeenCalledTimes(3);
    // A request whose input object does not coerce is answered by graphql-js, word for word.
    const refused = await execute(requestFor(query, { w: { unit: 'KG' }, ws: [] }));
    expect(refused.errors?.map((e) => e.message)).toEqual(['Variable "$w" got invalid value { unit: "KG" }; Field "value" of required type "Float!" was not provided.']);

    // Without `_Any` (not a subgraph schema), such an operation stays on graphql-js.
    const plain = withResolvers(buildSchema(sdl));
    const none = vi.fn<Compile>((...args) => compileQuery(...args));
    const plainExecute = jitExecutor(plain, 10, none);
    for (let i = 0; i < 3; i++) expect((await plainExecute(requestFor('query($w: Weight!) { weigh(w: $w) }', { w: { value: 1 } }))).data).toEqual({ weigh: '1 KG' });
    expect(none).not.toHaveBeenCalled();
  });

  it("a fault the executor raises (a null for a non-null field) has graphql-js's message, path, locations and an original error", async () => {
    const { schema } = schemaCounting();
    const execute = jitExecutor(schema, 10);
    const request = requestFor('{ items { name } }');
    const seen = (result: Awaited<ReturnType<typeof execute>>) => ({
      data: result.data,
      errors: result.errors?.map((error) => ({ ...error.toJSON(), original: error.originalError?.message })),
    });
    const first = seen(await execute(request));
    expect(first.errors).toEqual([
      { message: 'Cannot return null for non-nullable field Item.name.', locations: [{ line: 1, column: 11 }], path: ['items', 1, 'name'], original: 'Cannot return null for non-nullable field Item.name.' },
    ]);
    expect(seen(await execute(request))).toEqual(first);
  });
});

describe('compiled queries answered before Apollo builds its gateway request context', () => {
  /** An Apollo Server on `schema` with the compiled queries' executor and plugin, the executor's runs counted. */
  async function apolloWith(schema: GraphQLSchema, answerHere?: Parameters<typeof compiledQueries>[3]) {
    const { executor, plugin } = compiledQueries(schema, 10, compileQuery, answerHere);
    const executorRuns = vi.fn(executor);
    const seenErrors: string[] = [];
    const server = new ApolloServer({
      gateway: schemaWithExecutor(schema, executorRuns),
      plugins: [plugin, { requestDidStart: async () => ({ didEncounterErrors: async ({ errors }) => void seenErrors.push(...errors.map((e) => e.message)) }) }],
    });
    await server.start();
    const run = async (query: string, variables?: Record<string, unknown>) => {
      const response = await server.executeOperation({ query, variables });
      return response.body.kind === 'single' ? response.body.singleResult : null;
    };
    return { server, run, executorRuns, seenErrors };
  }

  it('a compiled query without errors is answered by the plugin; the executor runs only its first, uncompiled run', async () => {
    const { schema, calls } = schemaCounting();
    const { server, run, executorRuns } = await apolloWith(schema);
    const answers = [];
    for (const n of [1, 2, 3]) answers.push(await run('query($n: Int!) { double(n: $n) }', { n }));
    expect(answers).toEqual([{ data: { double: 2 } }, { data: { double: 4 } }, { data: { double: 6 } }]);
    expect(executorRuns).toHaveBeenCalledTimes(1);
    expect(calls).toEqual(['double(1)', 'double(2)', 'double(3)']);
    await server.stop();
  });

  it("a compiled result with errors runs once and reaches Apollo's error handling as graphql-js's does", async () => {
    const { schema, calls } = schemaCounting();
    const { server, run, executorRuns, seenErrors } = await apolloWith(schema);
    const query = '{ double(n: 5) fails }';
    const first = await run(query); // graphql-js, through the executor
    const second = await run(query); // compiled in the plugin, handed to the executor for its errors
    expect(second).toEqual(first);
    expect(first?.errors).toEqual([{ message: 'refused', locations: [{ line: 1, column: 16 }], path: ['fails'], extensions: { code: 'BAD_USER_INPUT' } }]);
    expect(calls).toEqual(['double(5)', 'double(5)']);
    expect(executorRuns).toHaveBeenCalledTimes(2);
    expect(seenErrors).toEqual(['refused', 'refused']);
    await server.stop();
  });

  it('a request the plugin must leave to Apollo (its fields timed) is run by the executor, compiled all the same', async () => {
    const { schema, calls } = schemaCounting();
    const { server, run, executorRuns } = await apolloWith(schema, () => false);
    for (const n of [1, 2, 3]) expect(await run(`{ double(n: ${n}) }`)).toEqual({ data: { double: n * 2 } });
    expect(executorRuns).toHaveBeenCalledTimes(3);
    expect(calls).toEqual(['double(1)', 'double(2)', 'double(3)']);
    await server.stop();
  });
});

/**
 * graphql-jit as patched at install (patches/graphql-jit+0.8.9.patch, applied by `npm install`'s postinstall): a leaf's
 * null and error checks are written into the compiled query, and the error's locations and path are built only when the
 * leaf fails, rather than passed as fresh arrays to a runtime check for every leaf of every result.
 */
describe('leaf checks in compiled queries (graphql-jit as patched at install)', () => {
  const Level = new GraphQLEnumType({ name: 'Level', values: { LOW: { value: 'low' }, HIGH: { value: 'high' } } });
  const Entry = new GraphQLObjectType({
    name: 'Entry',
    fields: {
      label: { type: new GraphQLNonNull(GraphQLString) },
      note: { type: GraphQLString },
      level: { type: Level },
      count: { type: GraphQLInt },
    },
  });
  const Group = new GraphQLObjectType({ name: 'Group', fields: { entries: { type: new GraphQLList(new GraphQLNonNull(Entry)) } } });
  const schema = new GraphQLSchema({
    query: new GraphQLObjectType({
      name: 'Query',
      fields: {
        groups: {
          type: new GraphQLList(Group),
          resolve: () => [
            { entries: [{ label: 'a', note: 'fine', level: 'low', count: 1 }, { label: 'b', note: new Error('note unreadable'), level: 'high', count: 2.5 }] },
            { entries: [{ label: null, note: null, level: 'low', count: 3 }] },
            { entries: [{ label: new Error('label refused'), level: 'low', count: 4 }] },
            { entries: [{ label: 'd', level: 'medium', count: 'x' }] },
          ],
        },
      },
    }),
  });
  const query = '{ groups { entries { label note level count } } }';
  const flat = (result: { data?: unknown; errors?: readonly GraphQLError[] }) => ({
    data: result.data,
    errors: result.errors?.map((error) => ({ ...error.toJSON(), original: error.originalError?.message })),
  });

  it('a null non-null leaf, an Error as a leaf, and a value a scalar or enum refuses answer as graphql-js does, with the list indexes in their paths', async () => {
    const compiled = compileQuery(schema, parse(query));
    if (!('query' in compiled)) throw new Error('not compiled');
    const ours = flat((await compiled.query(undefined, undefined, {})) as { data?: unknown; errors?: readonly GraphQLError[] });
    const reference = flat(await graphqlExecute({ schema, document: parse(query) }));
    expect(JSON.stringify(ours.data)).toBe(JSON.stringify(reference.data));
    const byPath = <E extends { path?: unknown }>(errors: E[] | undefined): E[] => [...(errors ?? [])].sort((a, b) => JSON.stringify(a.path).localeCompare(JSON.stringify(b.path)));
    expect(byPath(ours.errors).map(({ message, path, locations }) => ({ message, path, locations }))).toEqual(
      byPath(reference.errors).map(({ message, path, locations }) => ({ message, path, locations })),
    );
    expect(byPath(ours.errors).map((error) => error.path)).toEqual([
      ['groups', 0, 'entries', 1, 'count'],
      ['groups', 0, 'entries', 1, 'note'],
      ['groups', 1, 'entries', 0, 'label'],
      ['groups', 2, 'entries', 0, 'label'],
      ['groups', 3, 'entries', 0, 'level'],
      ['groups', 3, 'entries', 0, 'count'],
    ].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))));
    expect(ours.errors?.find((error) => error.message === 'label refused')?.original).toBe('label refused');
  });

  it('the compiled query calls no runtime leaf check (the patch is applied)', () => {
    const compiled = compileQuery(schema, parse(query), undefined, { debug: true } as Parameters<typeof compileQuery>[3]) as unknown as Record<string, string>;
    const source = compiled['__DO_NOT_USE_THIS_OR_YOU_WILL_BE_FIRED_compilation']!;
    expect(source).toContain('LevelSerializer');
    expect(source).not.toMatch(/checkNullableLeaf|checkNonNullLeaf/);
  });
});
