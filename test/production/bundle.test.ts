/**
 * The compiled start runs from the esbuild bundle `npm run build` writes (SR2, scripts/bundle.mjs): dist/src/main.js
 * loads dist/src/bundle/ and the packages left out of it, about a hundred module files instead of ~1,200, and what the
 * bundle must keep working does: the schema and the migrations found from the bundle's own location. With tracing
 * configured it loads dist/src/bundle-traced/ instead (ST1), whose graphql, express and OpenTelemetry API come from
 * node_modules, where the preload hooks them: the GraphQL operation, the HTTP request and the undici call to the carrier
 * are still traced. Child processes with NODE_ENV=production, upstreams on simulators in this process.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxEnv } from '../../sandbox/env.js';
import { startSandbox, type Sandbox } from '../../sandbox/index.js';
import { startChildServer } from '../push/child-server.js';
import { SAFEGUARDS_WAIVED } from './auth-support.js';
import { ensureBuilt } from './build.js';
import { startProdNodeArgs } from './node-flags.js';
import { startOtlpReceiver } from '../support/otlp-receiver.js';

/**
 * Counts the files (file: URLs) Node loads as modules, names the packages among them that a start without tracing
 * takes from its bundle (ST1), and says whether Node's own bundled undici was loaded (an ES import of node:http builds
 * a facade that loads it: see src/server/app.ts), on stderr when the process exits.
 */
const COUNT_MODULES = `data:text/javascript,${encodeURIComponent(`
import { registerHooks } from 'node:module';
let files = 0;
const fromNodeModules = new Set();
registerHooks({ load(url, context, next) {
  if (url.startsWith('file:')) files += 1;
  const bundled = /\\/node_modules\\/(graphql|express|undici|@opentelemetry\\/api|graphql-scalars)\\//.exec(url);
  if (bundled) fromNodeModules.add(bundled[1]);
  return next(url, context);
} });
process.on('exit', () => {
  process.stderr.write('MODULE_FILES_LOADED=' + files + '\\n');
  process.stderr.write('BUNDLED_PACKAGES_FROM_NODE_MODULES=' + [...fromNodeModules].sort().join(',') + '\\n');
  process.stderr.write('NODE_BUNDLED_UNDICI=' + process.moduleLoadList.some((m) => m.includes('internal/deps/undici/undici')) + '\\n');
});
`)}`;

const SHIPMENT = 'query TraceMe { shipment(carrier: CARRIER_B, trackingNumber: "100000000003") { trackingNumber } }';

async function shipment(origin: string, headers: Record<string, string> = {}): Promise<unknown> {
  const answer = await fetch(`${origin}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ query: SHIPMENT }) });
  return answer.json();
}

describe('the compiled start runs from the bundle (SR2)', () => {
  let sandbox: Sandbox;
  let dataDir: string;
  beforeAll(async () => {
    await ensureBuilt();
    sandbox = await startSandbox({});
    dataDir = await mkdtemp(join(tmpdir(), 'carrier-subgraph-bundle-'));
  }, 300_000);
  afterAll(async () => {
    await sandbox?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const env = (): Record<string, string> => ({ ...sandboxEnv(sandbox), NODE_ENV: 'production', ...SAFEGUARDS_WAIVED, SANDBOX: 'off', DATA_DIR: dataDir });

  it('every file of the bundle is ASCII only, so V8 keeps the sources it loads one byte a character (scripts/bundle-ascii.mjs)', async () => {
    const dir = join('dist', 'src', 'bundle');
    const files = (await readdir(dir)).filter((name) => name.endsWith('.js'));
    const withNonAscii = [];
    for (const name of files) if (/[^\x00-\x7f]/.test(await readFile(join(dir, name), 'utf8'))) withNonAscii.push(name);
    expect(withNonAscii).toEqual([]);
  });

  it("the bundle hashes query texts with Node's crypto, not a JavaScript sha256 (Apollo's createHash falls back to one inside a bundle)", async () => {
    const dir = join('dist', 'src', 'bundle');
    const files = (await readdir(dir)).filter((name) => name.endsWith('.js'));
    expect(files.length).toBeGreaterThan(0);
    const texts = await Promise.all(files.map((name) => readFile(join(dir, name), 'utf8')));
    expect(texts.some((text) => text.includes('processGraphQLRequest'))).toBe(true);
    expect(texts.filter((text) => text.includes('node_modules/sha.js/')).length).toBe(0);
  });

  it("Apollo's Accept negotiation, Content-Type parsing and query hashing in the bundle are src/server/apollo-negotiator.ts, apollo-mime-type.ts and apollo-create-hash.ts (scripts/bundle.mjs)", async () => {
    const dir = join('dist', 'src', 'bundle');
    const texts = await Promise.all((await readdir(dir)).filter((name) => name.endsWith('.js')).map((name) => readFile(join(dir, name), 'utf8')));
    const apollo = texts.find((text) => text.includes('processGraphQLRequest'))!;
    expect(apollo).toContain('// dist/src/server/apollo-negotiator.js');
    expect(texts.some((text) => text.includes('// dist/src/server/apollo-create-hash.js'))).toBe(true);
    // negotiator's own module is bundled once, for the shim to call: Apollo's three call sites name the shim.
    expect(apollo.match(/new RememberingNegotiator\(/g)?.length).toBeGreaterThanOrEqual(3);
    // Apollo's two Content-Type checks (its CSRF check, a GET's) name the shim.
    expect(apollo).toContain('// dist/src/server/apollo-mime-type.js');
    expect(apollo.match(/RememberingMIMEType\.parse\(/g)?.length).toBe(2);
  });

  it("the bundle a start without tracing loads holds one graphql (graphql-scalars' three scalars built on it) and imports graphql, express and the OpenTelemetry API from nowhere else; the traced bundle takes them from node_modules; both carry undici's Pool without its entry (ST1)", async () => {
    const chunks = async (dir: string): Promise<string> =>
      (await Promise.all((await readdir(dir)).filter((name) => name.endsWith('.js')).map((name) => readFile(join(dir, name), 'utf8')))).join('\n');
    const plain = await chunks(join('dist', 'src', 'bundle'));
    const traced = await chunks(join('dist', 'src', 'bundle-traced'));
    const imported = (text: string, name: string): boolean => new RegExp(`(from |import\\(|require\\()"${name}(/[^"]*)?"`).test(text);
    for (const name of ['graphql', 'express', '@opentelemetry/api', 'graphql-scalars', 'undici']) expect(imported(plain, name), name).toBe(false);
    for (const name of ['graphql', 'express', '@opentelemetry/api']) expect(imported(traced, name), name).toBe(true);
    // graphql's own modules once (its CommonJS files, never its .mjs twins), and the scalars inside beside them.
    expect(plain.match(/^\/\/ \S*node_modules\/graphql\/type\/definition\.m?js$/gm)).toEqual([expect.stringMatching(/definition\.js$/)]);
    expect(plain).toMatch(/^\/\/ \S*node_modules\/graphql-scalars\/esm\/scalars\/iso-date\/DateTime\.js$/m);
    for (const text of [plain, traced]) {
      expect(text).toMatch(/^\/\/ \S*node_modules\/undici\/lib\/dispatcher\/pool\.js$/m);
      expect(text).not.toMatch(/^\/\/ \S*node_modules\/undici\/index\.js$/m);
    }
    expect(await readFile(join('dist', 'src', 'main.js'), 'utf8')).toContain("Symbol.for('carrier-subgraph.tracing')");
  });

  it("graphql-jit's JSON serialiser (fast-json-stringify, ajv) is left out of both bundles, which carry the stand-in's error in its place; PGlite's WebAssembly worker module is tsc's one, imported by the entry and the bundles alike (scripts/bundle.mjs)", async () => {
    for (const dir of [join('dist', 'src', 'bundle'), join('dist', 'src', 'bundle-traced')]) {
      const text = (await Promise.all((await readdir(dir)).filter((name) => name.endsWith('.js')).map((name) => readFile(join(dir, name), 'utf8')))).join('\n');
      expect(text).toMatch(/^\/\/ \S*node_modules\/graphql-jit\/dist\/execution\.js$/m);
      expect(text).not.toMatch(/^\/\/ \S*node_modules\/(fast-json-stringify|ajv)\//m);
      expect(text).toContain('customJSONSerializer is not in this build');
      // One copy of the worker's state: the bundles import dist/src/store/pglite-wasm.js and pglite-early.js.
      expect(text).toContain('from "../store/pglite-wasm.js"');
      expect(text).toContain('import "../store/pglite-early.js"');
      expect(text).not.toContain('Atomics.wait(workerData.go');
    }
    const entry = await readFile(join('dist', 'src', 'main.js'), 'utf8');
    expect(entry.indexOf("import './store/pglite-early.js'")).toBeGreaterThan(entry.indexOf("import './platform/require-node.js'"));
    expect(entry.indexOf("import './store/pglite-early.js'")).toBeLessThan(entry.indexOf('await import('));
  });

  it("start:prod's start without tracing loads fewer than 150 module files (graphql, express, undici and the OpenTelemetry API from its bundle, none from node_modules) and not Node's bundled undici, serves a query and exits 0", async () => {
    const child = await startChildServer(env(), undefined, { command: ['node_modules/.bin/node', '--import', COUNT_MODULES, ...startProdNodeArgs()], startTimeoutMs: 90_000 });
    try {
      expect(await shipment(child.origin)).toMatchObject({ data: { shipment: { trackingNumber: '100000000003' } } });
      // Apollo's answers to Accept headers, each asked twice (the second answer is the remembered negotiation).
      const cases: Array<[string | undefined, number, string]> = [
        [undefined, 200, 'application/json; charset=utf-8'],
        ['application/json', 200, 'application/json; charset=utf-8'],
        ['application/graphql-response+json, application/json;q=0.9', 200, 'application/graphql-response+json; charset=utf-8'],
        ['text/html', 406, 'application/json; charset=utf-8'],
      ];
      for (const [accept, status, type] of [...cases, ...cases]) {
        const answer = await fetch(`${child.origin}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...(accept ? { accept } : {}) }, body: JSON.stringify({ query: '{ __typename }' }) });
        expect([answer.status, answer.headers.get('content-type')], String(accept)).toEqual([status, type]);
      }
      // Apollo's CSRF check reads each Content-Type's essence (remembered per value): a simple request's type is
      // refused without a preflight header, JSON is not; each asked twice.
      const contentTypes: Array<[string, number, RegExp]> = [
        ['text/plain', 400, /CSRF|preflight/i],
        ['Text/Plain; charset=utf-8', 400, /CSRF|preflight/i],
        ['application/json; charset=utf-8', 200, /__typename/],
      ];
      for (const [contentType, status, said] of [...contentTypes, ...contentTypes]) {
        const answer = await fetch(`${child.origin}/graphql`, { method: 'POST', headers: { 'content-type': contentType }, body: JSON.stringify({ query: '{ __typename }' }) });
        const text = await answer.text();
        expect([answer.status, said.test(text)], `${contentType}: ${text}`).toEqual([status, true]);
      }
      child.process.kill('SIGTERM');
      expect(await child.exited).toEqual({ code: 0, signal: null });
      const count = Number(/MODULE_FILES_LOADED=(\d+)/.exec(child.output())?.[1]);
      expect(count, child.output()).toBeGreaterThan(0);
      expect(count).toBeLessThan(150);
      expect(child.output()).toContain('BUNDLED_PACKAGES_FROM_NODE_MODULES=\n');
      expect(child.output()).toContain('NODE_BUNDLED_UNDICI=false');
    } finally {
      await child.kill();
    }
  }, 180_000);

  it('with OTEL_EXPORTER_OTLP_ENDPOINT set, the start loads the traced bundle (graphql, express and the OpenTelemetry API from node_modules) and exports the HTTP request, the GraphQL operation and its undici call to the carrier', async () => {
    const receiver = await startOtlpReceiver();
    const child = await startChildServer(
      { ...env(), OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json', OTEL_BSP_SCHEDULE_DELAY: '600000' },
      undefined,
      { command: ['node_modules/.bin/node', '--import', COUNT_MODULES, ...startProdNodeArgs()], startTimeoutMs: 90_000 },
    );
    try {
      const traceId = '0af7651916cd43dd8448eb211c80319d';
      expect(await shipment(child.origin, { traceparent: `00-${traceId}-b7ad6b7169203331-01` })).toMatchObject({ data: { shipment: { trackingNumber: '100000000003' } } });
      child.process.kill('SIGTERM');
      expect((await child.exited).code).toBe(0);
      const ofTrace = receiver.spans.filter((span) => span.traceId === traceId);
      expect(ofTrace.find((s) => s.scope.includes('instrumentation-http') && s.name === 'POST /graphql'), JSON.stringify(ofTrace)).toBeDefined();
      expect(ofTrace.find((s) => s.scope.includes('instrumentation-graphql') && s.name === 'query TraceMe')).toBeDefined();
      expect(ofTrace.find((s) => s.scope.includes('instrumentation-undici') && String(s.attributes['url.full']).includes('/track/v1/trackingnumbers'))).toBeDefined();
      expect(child.output()).toContain(`"requestId":"${traceId}"`);
      // The traced bundle (ST1): what the preload hooks came from node_modules.
      expect(child.output()).toContain('BUNDLED_PACKAGES_FROM_NODE_MODULES=@opentelemetry/api,express,graphql,graphql-scalars\n');
    } finally {
      await child.kill();
      await receiver.close();
    }
  }, 180_000);
});
