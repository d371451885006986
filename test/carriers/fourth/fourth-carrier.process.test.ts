/**
 * A carrier is a module, really: the fourth carrier written in ./carrier (its configuration section, connectors,
 * module and simulator, with the imports it has as src/carriers/fourth/) is added to a copy of this project exactly as
 * a real one would be: its folder, one import and one line in src/carriers/registry.ts, its value in the Carrier enum
 * (schema/common.graphql, regenerated types, src/domain/carrier.ts). `git diff` of that change names nothing else under
 * src/, and the copy's own server, started as a process, tracks, rates and buys a label with it over real HTTP
 * GraphQL against the carrier's own simulator. The schema of this project never carries the test's value.
 */
import { execFile, spawn } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postGraphQL } from '../../e2e/support.js';
import { startChildServer, type ChildServer } from '../../push/child-server.js';
import { CREATE_SHIPMENT, carrierBShipment } from '../../shipping-api/support.js';
import { FOURTH_API_KEY, startFourthSimulator, type FourthSimulator } from './carrier/simulator.js';

const run = promisify(execFile);
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
/** What the server needs to run from source, and the fourth carrier's folder as this repository holds it. */
const COPIED = ['src', 'schema', 'sandbox', 'package.json', 'tsconfig.json', 'tsconfig.build.json', 'codegen.ts', 'test/carriers/fourth/carrier'];
const SERVER = ['node_modules/.bin/node', '--import', 'tsx', 'src/main.ts'];

async function git(cwd: string, ...args: string[]): Promise<string> {
  const { stdout } = await run('git', ['-c', 'user.name=test', '-c', 'user.email=test@example.invalid', ...args], { cwd });
  return stdout;
}

async function edit(file: string, change: (text: string) => string): Promise<void> {
  const before = await readFile(file, 'utf8');
  const after = change(before);
  expect(after, `${file} unchanged: the anchor moved`).not.toBe(before);
  await writeFile(file, after);
}

/** What a developer adding the carrier does: its folder, one registry import and entry, the enum value, codegen. */
async function addFourthCarrier(copy: string): Promise<void> {
  await cp(join(copy, 'test/carriers/fourth/carrier'), join(copy, 'src/carriers/fourth'), { recursive: true });
  await edit(join(copy, 'src/carriers/registry.ts'), (text) =>
    text
      .replace(/^(import \{ darkStoreModule \} from '\.\/dark-store\/index\.js';)$/m, "$1\nimport { fourthModule } from './fourth/index.js';")
      .replace(/^( {2}darkStoreModule,)$/m, '$1\n  fourthModule,'),
  );
  await edit(join(copy, 'schema/common.graphql'), (text) => text.replace(/(enum Carrier \{[\s\S]*?)\n\}/, '$1\n  "A fourth carrier."\n  TEST_FOURTH\n}'));
  await edit(join(copy, 'src/domain/carrier.ts'), (text) => text.replace("'DARK_STORE'] as const", "'DARK_STORE', 'TEST_FOURTH'] as const"));
  await run(process.execPath, [join(copy, 'node_modules/.bin/graphql-codegen'), '--config', 'codegen.ts'], { cwd: copy });
}

/** `tsc --noEmit` over the copy's src and sandbox, in the background while the server tests run: its exit and output. */
function typecheck(copy: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolveResult) => {
    const tsc = spawn(process.execPath, [join(copy, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json', '--noEmit'], { cwd: copy });
    let output = '';
    tsc.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    tsc.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    tsc.once('exit', (code) => resolveResult({ code, output }));
  });
}

describe('a fourth carrier is one folder, one registry entry and its Carrier enum value', () => {
  let scratch: string;
  let copy: string;
  let simulator: FourthSimulator;
  let server: ChildServer;
  let typechecked: Promise<{ code: number | null; output: string }>;
  let changed: string;
  const gql = (query: string, variables?: Record<string, unknown>) => postGraphQL(`${server.origin}/graphql`, query, variables);
  const baseEnv = (): Record<string, string> => ({
    NODE_ENV: 'development',
    SANDBOX: 'off',
    WATCHERS_ENABLED: 'false',
    TRACKING_FRESHNESS_MS: '0',
    FOURTH_BASE_URL: simulator.url,
    FOURTH_API_KEY,
  });

  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'carrier-subgraph-fourth-'));
    copy = join(scratch, 'project');
    for (const path of COPIED) await cp(join(ROOT, path), join(copy, path), { recursive: true });
    await symlink(await realpath(join(ROOT, 'node_modules')), join(copy, 'node_modules'), 'dir');
    await writeFile(join(copy, '.gitignore'), 'node_modules\n');
    await git(copy, 'init', '-q');
    await git(copy, 'add', '-A');
    await git(copy, 'commit', '-qm', 'the project as it is');
    await addFourthCarrier(copy);
    changed = await git(copy, 'status', '--porcelain', '--untracked-files=normal');
    typechecked = typecheck(copy);
    simulator = await startFourthSimulator();
    await mkdir(join(scratch, 'data'));
    server = await startChildServer({ ...baseEnv(), DATA_DIR: join(scratch, 'data') }, undefined, { cwd: copy, command: SERVER });
  }, 120_000);
  afterAll(async () => {
    await server?.kill();
    await simulator?.close();
    await typechecked?.catch(() => undefined);
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  it('the change touches, under src/, only the registry, the Carrier enum and its generated types, beside its new folder', () => {
    const lines = changed.split('\n').filter(Boolean);
    expect(lines.filter((line) => !line.startsWith('??')).map((line) => line.slice(3)).sort()).toEqual([
      'schema/common.graphql',
      'src/carriers/registry.ts',
      'src/domain/carrier.ts',
      'src/generated/graphql.ts',
    ]);
    expect(lines.filter((line) => line.startsWith('??')).map((line) => line.slice(3))).toEqual(['src/carriers/fourth/']);
  });

  it('it tracks a shipment through GraphQL over its own simulator', async () => {
    const answer = await gql(`{ shipment(carrier: TEST_FOURTH, trackingNumber: "4F0000001") {
      id carrier trackingNumber status { status nativeCode } events { status { status nativeCode } description } } }`);
    expect(answer.errors).toBeUndefined();
    expect(answer.data.shipment).toEqual({
      id: 'TEST_FOURTH:-:4F0000001',
      carrier: 'TEST_FOURTH',
      trackingNumber: '4F0000001',
      status: { status: 'IN_TRANSIT', nativeCode: 'MV' },
      events: [
        { status: { status: 'IN_TRANSIT', nativeCode: 'MV' }, description: 'departed hub' },
        { status: { status: 'IN_TRANSIT', nativeCode: 'PU' }, description: 'picked up' },
      ],
    });
    expect(simulator.calls['POST /track']).toBe(1);
  });

  it('it rates a lane (here the only carrier configured)', async () => {
    const answer = await gql(`{ rates(input: {
      origin: { countryCode: "US", postalCode: "30301" }, destination: { countryCode: "US", postalCode: "10001" }
      packages: [{ weight: { value: 2, unit: KG } }], strategy: CHEAPEST
    }) { best { carrier serviceCode total { amount currency } } quotes { carrier serviceCode serviceName transitDays } } }`);
    expect(answer.errors).toBeUndefined();
    expect(answer.data.rates.best).toEqual({ carrier: 'TEST_FOURTH', serviceCode: 'F-STD', total: { amount: '12.50', currency: 'USD' } });
    expect(answer.data.rates.quotes.map((q: { serviceCode: string }) => q.serviceCode)).toEqual(['F-STD', 'F-FAST']);
    expect(simulator.calls['POST /rates']).toBe(1);
  });

  it('it buys a label with createShipment, once, and the label is tracked like any shipment', async () => {
    const input = carrierBShipment('fourth-order-1', { service: { carrier: 'TEST_FOURTH', serviceCode: 'F-STD' }, orderId: 'ORDER-4001' });
    const first = await gql(CREATE_SHIPMENT, { input });
    expect(first.errors).toBeUndefined();
    expect(first.data.createShipment.userErrors).toEqual([]);
    const label = first.data.createShipment.purchase.label;
    expect(label).toMatchObject({ state: 'PURCHASED', carrier: 'TEST_FOURTH', trackingNumber: '4C00000001', total: { amount: '12.50', currency: 'USD' } });
    expect(label.documents.map((d: { kind: string }) => d.kind)).toEqual(['LABEL']);
    // The same key again: the same label, no second creation at the carrier.
    const again = await gql(CREATE_SHIPMENT, { input });
    expect(again.data.createShipment.purchase).toMatchObject({ replay: 'REPLAYED', label: { id: label.id } });
    expect(simulator.calls['POST /shipments']).toBe(1);
    expect(simulator.created.get('4C00000001')).toMatchObject({ service: 'F-STD', orderId: 'ORDER-4001' });

    const tracked = await gql(`{ shipment(carrier: TEST_FOURTH, trackingNumber: "4C00000001") { status { status nativeCode } } }`);
    expect(tracked.data.shipment).toEqual({ status: { status: 'LABEL_CREATED', nativeCode: 'CR' } });
  });

  it('/readyz lists its upstream beside the others, as the module declares it', async () => {
    const ready = (await (await fetch(`${server.origin}/readyz`)).json()) as { upstreams: Record<string, string> };
    expect(ready.upstreams).toMatchObject({ 'test-fourth': 'configured', 'carrier-b': 'not configured', 'dark-store': 'not configured' });
  });

  it('its configuration section is validated with everyone else\'s: a base URL without its key stops the start, naming the variable', async () => {
    const refused = await startChildServer(
      { ...baseEnv(), FOURTH_API_KEY: '', DATA_DIR: join(scratch, 'refused') },
      undefined,
      { cwd: copy, command: SERVER },
    ).then(
      async (started) => {
        await started.kill();
        return 'started';
      },
      (error: unknown) => String(error),
    );
    expect(refused).toContain('FOURTH_API_KEY: required when FOURTH_BASE_URL is set');
  }, 60_000);

  it('the copy with the fourth carrier typechecks (tsc --noEmit over its src and sandbox)', async () => {
    const { code, output } = await typechecked;
    expect(output).toBe('');
    expect(code).toBe(0);
  }, 120_000);
});
