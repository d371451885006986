/**
 * Start and memory benchmark (issue 12 item 4, "Start fast, stay small"). Measures what production runs: the compiled
 * build (`dist/`, rebuilt when older than its inputs) started with `npm run start:prod`'s node command line (its V8
 * flags, SU2, then `--import ./dist/src/platform/tracing.js dist/src/main.js`), NODE_ENV=production and SANDBOX=off,
 * its upstreams pointing at `npm run sandbox` in its own process, the embedded PGlite store in a fresh directory.
 *
 * Per round: a start on an EMPTY data directory (PGlite's initdb and every migration), a clean stop, then a start on
 * that now EXISTING directory. Time to ready is from spawn() to the first 200 from GET /readyz (polled every 20 ms), so
 * it includes Node's own boot; the longest event-loop block is the subgraph's own figure (`startLoopBlockMaxMs` in its
 * "carrier-subgraph ready" log line: perf_hooks.monitorEventLoopDelay over startServer). On the existing store the
 * resident set (VmRSS from /proc) is read at ready, after a warm-up of WARMUP requests (`{ __typename }` and one
 * Carrier B shipment, 10 at a time), and after IDLE_SECONDS idle; heap and external memory come from its /metrics.
 * The bare Apollo hello world (bench/hello-world.mjs) is started the same way in the same round (interleaved), warmed
 * with the same number of `{ hello }` requests, and read after the same idle time: the target is an idle RSS at most
 * 3x the hello world's.
 * Environment: STARTUP_BENCH_ROUNDS (5), STARTUP_BENCH_WARMUP (300), STARTUP_BENCH_IDLE_SECONDS (10),
 * STARTUP_BENCH_SUBGRAPH_NODE_ARGS (extra node flags for the subgraph only, none by default).
 * Run alone: `BENCH=startup npm run bench`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensureBuilt } from '../test/production/build.js';
import { startProdNodeArgs } from '../test/production/node-flags.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const NODE = process.execPath;
const ROUNDS = Number(process.env.STARTUP_BENCH_ROUNDS ?? 5);
const WARMUP = Number(process.env.STARTUP_BENCH_WARMUP ?? 300);
const IDLE_SECONDS = Number(process.env.STARTUP_BENCH_IDLE_SECONDS ?? 10);
/** Extra node flags for the subgraph only, after start:prod's own (e.g. `--max-semi-space-size=2`), to measure a flag's effect. */
const SUBGRAPH_NODE_ARGS = (process.env.STARTUP_BENCH_SUBGRAPH_NODE_ARGS ?? '').split(' ').filter(Boolean);
/** Issue 12 item 4's targets. */
const READY_TARGET_MS = 2_000;
const RSS_TARGET_RATIO = 3;

const TYPENAME = '{ __typename }';
const SHIPMENT = '{ shipment(carrier: CARRIER_B, trackingNumber: "123456789013") { id status { status } } }';

/** Every child runs in its own process group, so killing the group also ends what npm or tsx started below it. */
const children = new Set<ChildProcess>();
function killAll(): void {
  for (const child of children) {
    if (child.pid !== undefined && child.exitCode === null) {
      try { process.kill(-child.pid, 'SIGTERM'); } catch { /* already gone */ }
    }
  }
  children.clear();
}
process.on('exit', killAll);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => { killAll(); process.exit(130); });

function start(command: string, args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  child.on('exit', () => children.delete(child));
  return child;
}

/** SIGTERM and wait for the exit: the next start on the same directory needs its lock released. */
async function stopAndWait(child: ChildProcess): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try { process.kill(-child.pid, 'SIGTERM'); } catch { /* already gone */ }
  await exited;
  children.delete(child);
}

function readUntil(child: ChildProcess, done: (line: string) => boolean, what: string, timeoutMs = 60_000): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const lines: string[] = [];
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
    const timer = setTimeout(() => reject(new Error(`${what}: not ready within ${timeoutMs} ms\n${stderr}`)), timeoutMs);
    const rl = createInterface({ input: child.stdout! });
    rl.on('line', (line) => {
      lines.push(line);
      if (done(line)) { clearTimeout(timer); rl.removeAllListeners('line'); child.stdout?.resume(); resolve(lines); }
    });
    child.on('exit', (code) => { clearTimeout(timer); reject(new Error(`${what} exited (${code}) before it was ready\n${lines.join('\n')}\n${stderr}`)); });
  });
}

async function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

async function freePortRange(count: number): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = 20_000 + Math.floor(Math.random() * 30_000);
    let free = true;
    for (let i = 0; i < count && free; i++) free = await portIsFree(base + i);
    if (free) return base;
  }
  throw new Error('no range of free ports found');
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function ensureBuild(): Promise<string> {
  const main = join(ROOT, 'dist', 'src', 'main.js');
  const before = await stat(main).then((s) => s.mtimeMs, () => 0);
  const cwd = process.cwd();
  process.chdir(ROOT);
  try {
    await ensureBuilt();
  } finally {
    process.chdir(cwd);
  }
  const after = await stat(main).then((s) => s.mtimeMs, () => 0);
  if (after === before) return 'dist/ is current';
  return before === 0 ? 'built dist/ (it was missing)' : 'rebuilt dist/ (it was older than its inputs)';
}

async function startSandbox(): Promise<{ child: ChildProcess; env: Record<string, string> }> {
  const base = await freePortRange(6);
  const child = start('npm', ['run', 'sandbox'], { SANDBOX_PORT_BASE: String(base), SANDBOX_LATENCY_MS: '0' });
  const lines = await readUntil(child, (line) => line.startsWith('# Example numbers'), 'sandbox');
  const env: Record<string, string> = {};
  for (const line of lines) {
    const match = /^([A-Z0-9_]+)=(.*)$/.exec(line);
    if (match) env[match[1]!] = match[2]!;
  }
  return { child, env };
}

/** VmRSS of one process, in MB. */
async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+) kB/m.exec(status);
  if (!match) throw new Error(`no VmRSS for ${pid}`);
  return Number(match[1]) / 1024;
}

interface Started { child: ChildProcess; base: string; readyMs: number; loopBlockMs: number | null; logStartMs: number | null }

async function startSubgraph(upstreamEnv: Record<string, string>, dataDir: string, extraEnv: Record<string, string> = {}): Promise<Started> {
  const port = await freePort();
  const t0 = performance.now();
  // start:prod's flags, then the extra ones (a later V8 flag wins, so e.g. `--wasm-tier-up --wasm-dynamic-tiering`
  // measures the build without SU2), then the entry.
  const prod = startProdNodeArgs(ROOT);
  const child = start(NODE, [...prod.slice(0, -1), ...SUBGRAPH_NODE_ARGS, ...prod.slice(-1)], {
    ...upstreamEnv,
    NODE_ENV: 'production',
    SANDBOX: 'off',
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'info',
    LOG_FORMAT: 'json',
    ...extraEnv,
  });
  const base = `http://127.0.0.1:${port}`;
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
  let readyLine: { startMs?: number; startLoopBlockMaxMs?: number } | null = null;
  const rl = createInterface({ input: child.stdout! });
  rl.on('line', (line) => {
    if (!line.includes('carrier-subgraph ready')) return;
    try { readyLine = JSON.parse(line) as typeof readyLine; } catch { /* not JSON */ }
  });
  const exited = new Promise<never>((_, reject) => child.on('exit', (code) => reject(new Error(`subgraph exited (${code}) before it was ready\n${stderr}`))));
  const deadline = Date.now() + 60_000;
  for (;;) {
    const ready = await Promise.race([fetch(`${base}/readyz`).then((r) => r.ok, () => false), exited]);
    if (ready) break;
    if (Date.now() > deadline) throw new Error(`subgraph not ready within 60 s\n${stderr}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  const readyMs = performance.now() - t0;
  // The ready line is written just before /readyz can answer; give the pipe a moment to deliver it.
  for (let i = 0; i < 50 && readyLine === null; i++) await new Promise((r) => setTimeout(r, 20));
  const line = readyLine as { startMs?: number; startLoopBlockMaxMs?: number } | null;
  return { child, base, readyMs, loopBlockMs: line?.startLoopBlockMaxMs ?? null, logStartMs: line?.startMs ?? null };
}

async function startHelloWorld(): Promise<{ child: ChildProcess; url: string }> {
  const child = start(NODE, ['bench/hello-world.mjs'], { NODE_ENV: 'production' });
  const lines = await readUntil(child, (line) => line.startsWith('HELLO_WORLD_URL='), 'hello world');
  return { child, url: lines.at(-1)!.slice('HELLO_WORLD_URL='.length) };
}

async function post(url: string, query: string): Promise<void> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) });
  const body = (await response.json()) as { data?: unknown; errors?: unknown };
  if (!response.ok || body.errors || !body.data) throw new Error(`${url} ${query}: ${response.status} ${JSON.stringify(body)}`);
}

/** `count` requests, 10 in flight, cycling through `queries`. */
async function warmUp(url: string, queries: string[], count: number): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < count) {
      const i = next++;
      await post(url, queries[i % queries.length]!);
    }
  };
  await Promise.all(Array.from({ length: 10 }, worker));
}

async function metric(base: string, name: string): Promise<number> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${name} `) || l.startsWith(`${name}{`));
  return line ? Number(line.split(' ').at(-1)) : Number.NaN;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
const f = (n: number, digits = 0): string => n.toFixed(digits);
const spread = (values: number[], digits = 0): string => `${f(Math.min(...values), digits)}-${f(Math.max(...values), digits)}`;
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

interface SubgraphRound {
  emptyReadyMs: number; emptyBlockMs: number;
  existingReadyMs: number; existingBlockMs: number;
  rssReady: number; rssWarm: number; rssIdle: number; heapUsed: number; external: number;
}
interface HelloRound { rssReady: number; rssWarm: number; rssIdle: number }

export async function runStartupBench(): Promise<string[]> {
  const out: string[] = [];
  out.push(`${await ensureBuild()}; ${ROUNDS} rounds, NODE_ENV=production, SANDBOX=off, embedded PGlite${SUBGRAPH_NODE_ARGS.length ? `, subgraph node flags ${SUBGRAPH_NODE_ARGS.join(' ')}` : ''}; load average at start ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const dataRoot = await mkdtemp(join(tmpdir(), 'startup-bench-'));
  const sandbox = await startSandbox();
  const ours: SubgraphRound[] = [];
  const hellos: HelloRound[] = [];
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const dataDir = join(await mkdtemp(join(dataRoot, 'round-')), 'db');
      const empty = await startSubgraph(sandbox.env, dataDir);
      await stopAndWait(empty.child);
      const existing = await startSubgraph(sandbox.env, dataDir);
      const pid = existing.child.pid!;
      const rssReady = await rssMb(pid);
      await warmUp(`${existing.base}/graphql`, [TYPENAME, SHIPMENT], WARMUP);
      const rssWarm = await rssMb(pid);
      await sleep(IDLE_SECONDS * 1000);
      const rssIdle = await rssMb(pid);
      const heapUsed = (await metric(existing.base, 'nodejs_heap_size_used_bytes')) / 2 ** 20;
      const external = (await metric(existing.base, 'nodejs_external_memory_bytes')) / 2 ** 20;
      await stopAndWait(existing.child);
      ours.push({
        emptyReadyMs: empty.readyMs, emptyBlockMs: empty.loopBlockMs ?? Number.NaN,
        existingReadyMs: existing.readyMs, existingBlockMs: existing.loopBlockMs ?? Number.NaN,
        rssReady, rssWarm, rssIdle, heapUsed, external,
      });

      const hello = await startHelloWorld();
      const helloReady = await rssMb(hello.child.pid!);
      await warmUp(hello.url, ['{ hello }'], WARMUP);
      const helloWarm = await rssMb(hello.child.pid!);
      await sleep(IDLE_SECONDS * 1000);
      hellos.push({ rssReady: helloReady, rssWarm: helloWarm, rssIdle: await rssMb(hello.child.pid!) });
      await stopAndWait(hello.child);
    }
  } finally {
    killAll();
    await rm(dataRoot, { recursive: true, force: true });
  }
  const col = <T>(rows: T[], key: keyof T): number[] => rows.map((r) => r[key] as number);
  const line = (label: string, values: number[], unit: string, extra = ''): string =>
    `  ${label}: median ${f(median(values))} ${unit} (spread ${spread(values)})${extra}`;
  out.push(`Time to ready (spawn to first 200 from /readyz; target <= ${READY_TARGET_MS} ms on an existing store):`);
  out.push(line('empty data directory', col(ours, 'emptyReadyMs'), 'ms', `, ${f(median(col(ours, 'emptyReadyMs')) / READY_TARGET_MS, 2)}x the 2 s target`));
  out.push(line('existing data directory', col(ours, 'existingReadyMs'), 'ms', `, ${f(median(col(ours, 'existingReadyMs')) / READY_TARGET_MS, 2)}x the 2 s target`));
  out.push('Longest event-loop block during start (monitorEventLoopDelay max over startServer):');
  out.push(line('empty data directory', col(ours, 'emptyBlockMs'), 'ms'));
  out.push(line('existing data directory', col(ours, 'existingBlockMs'), 'ms'));
  out.push(`Resident set (VmRSS) on the existing store; warm = after ${WARMUP} requests, idle = ${IDLE_SECONDS} s later:`);
  out.push(line('subgraph at ready', col(ours, 'rssReady'), 'MB'));
  out.push(line('subgraph warm', col(ours, 'rssWarm'), 'MB'));
  out.push(line('subgraph idle', col(ours, 'rssIdle'), 'MB',
    `; V8 heap used ${f(median(col(ours, 'heapUsed')))} MB, external ${f(median(col(ours, 'external')))} MB (from /metrics)`));
  out.push(line('hello world at ready', col(hellos, 'rssReady'), 'MB'));
  out.push(line('hello world warm', col(hellos, 'rssWarm'), 'MB'));
  out.push(line('hello world idle', col(hellos, 'rssIdle'), 'MB'));
  const ratios = ours.map((r, i) => r.rssIdle / hellos[i]!.rssIdle);
  out.push(`  idle RSS ratio to hello world: median ${f(median(ratios), 2)}x (spread ${spread(ratios, 2)}x; target <= ${RSS_TARGET_RATIO}x)`);
  out.push(`load average at end ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  return out;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const line of await runStartupBench()) console.log(line);
  process.exit(0);
}
