/**
 * Production load benchmark (issue 12 item 5). Measures what production runs: the compiled build (`dist/`, rebuilt
 * with `npm run build` when missing or older than its inputs), started with `npm run start:prod`'s node flags with
 * NODE_ENV=production, the simulators in their own process (`npm run sandbox`), and the load from a third process
 * (autocannon's CLI, 50 connections). A bare Apollo Server 5 + express 5 hello world (bench/hello-world.mjs) runs
 * beside it, and the runs are interleaved (hello, subgraph, hello, subgraph ...), so every figure is a ratio to what
 * the same machine did a moment before: req/s against the hello world's, p50 against one upstream round trip.
 * Upstream calls per request come from the subgraph's own `upstream_calls_total` on /metrics (before and after a run).
 * Environment: LOAD_BENCH_SECONDS (10 per run), LOAD_BENCH_ROUNDS (3 interleaved pairs per case),
 * LOAD_BENCH_CONNECTIONS (50), LOAD_BENCH_SUBGRAPH_NODE_ARGS (extra node flags for the subgraph, none).
 * Run alone: `BENCH=load npm run bench`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensureBuilt } from '../test/production/build.js';
import { startProdNodeArgs } from '../test/production/node-flags.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const NODE = process.execPath;
const SECONDS = Number(process.env.LOAD_BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.LOAD_BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.LOAD_BENCH_CONNECTIONS ?? 50);
/** Extra node flags for the subgraph, after start:prod's own (a later V8 flag wins), to weigh a flag's throughput cost. */
const SUBGRAPH_NODE_ARGS = (process.env.LOAD_BENCH_SUBGRAPH_NODE_ARGS ?? '').split(' ').filter(Boolean);
/** Issue 12: the 50 ms case served 221 req/s before the issue; the target is three times that. */
const BASELINE_50MS_RPS = 221;

const HELLO = '{ hello }';
const TYPENAME = '{ __typename }';
const SHIPMENT = '{ shipment(carrier: CARRIER_B, trackingNumber: "123456789013") { id status { status } } }';

interface Case { name: string; query: string; latencyMs: number; target: string }
const CASES: Case[] = [
  { name: '{ __typename }', query: TYPENAME, latencyMs: 0, target: '>= 0.9x hello world' },
  { name: 'one Carrier B shipment, upstream 0 ms', query: SHIPMENT, latencyMs: 0, target: '>= 0.5x hello world' },
  { name: 'one Carrier B shipment, upstream 50 ms', query: SHIPMENT, latencyMs: 50, target: `>= ${3 * BASELINE_50MS_RPS} req/s (3x ${BASELINE_50MS_RPS})` },
];

interface Run { rps: number; p50: number; p99: number; samples: number; failures: number }

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

function stop(child: ChildProcess): void {
  if (child.pid !== undefined && child.exitCode === null) {
    try { process.kill(-child.pid, 'SIGTERM'); } catch { /* already gone */ }
  }
  children.delete(child);
}

/** Resolves with the stdout lines up to and including the one `done` accepts; rejects if the child exits first. */
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

/** The sandbox listens on five consecutive ports from SANDBOX_PORT_BASE. */
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

/**
 * What start:prod runs is dist/; a benchmark of a stale build would measure old code. The production tests' own check
 * (dist/ newer than src, sandbox, schema, package.json, tsconfigs, else `npm run build`), run from the repository root.
 */
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

async function startSandbox(latencyMs: number): Promise<{ child: ChildProcess; env: Record<string, string> }> {
  const base = await freePortRange(5);
  const child = start('npm', ['run', 'sandbox'], { SANDBOX_PORT_BASE: String(base), SANDBOX_LATENCY_MS: String(latencyMs) });
  const lines = await readUntil(child, (line) => line.startsWith('# Example numbers'), 'sandbox');
  const env: Record<string, string> = {};
  for (const line of lines) {
    const match = /^([A-Z0-9_]+)=(.*)$/.exec(line);
    if (match) env[match[1]!] = match[2]!;
  }
  return { child, env };
}

async function startSubgraph(upstreamEnv: Record<string, string>, dataDir: string): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const prod = startProdNodeArgs(ROOT);
  const child = start(NODE, [...prod.slice(0, -1), ...SUBGRAPH_NODE_ARGS, ...prod.slice(-1)], {
    ...upstreamEnv,
    NODE_ENV: 'production',
    SANDBOX: 'off',
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'warn',
  });
  const base = `http://127.0.0.1:${port}`;
  const exited = new Promise<never>((_, reject) => child.on('exit', (code) => reject(new Error(`subgraph exited (${code}) before it was ready`))));
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
  child.stdout?.resume();
  const deadline = Date.now() + 60_000;
  for (;;) {
    const ready = await Promise.race([fetch(`${base}/readyz`).then((r) => r.ok, () => false), exited]).catch((error: Error) => {
      throw new Error(`${error.message}\n${stderr}`);
    });
    if (ready) return { child, url: `${base}/graphql` };
    if (Date.now() > deadline) throw new Error(`subgraph not ready within 60 s\n${stderr}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function startHelloWorld(): Promise<{ child: ChildProcess; url: string }> {
  const child = start(NODE, ['bench/hello-world.mjs'], { NODE_ENV: 'production' });
  const lines = await readUntil(child, (line) => line.startsWith('HELLO_WORLD_URL='), 'hello world');
  return { child, url: lines.at(-1)!.slice('HELLO_WORLD_URL='.length) };
}

/** A request that answers with GraphQL errors would be a fast, meaningless run: check the answer before loading it. */
async function checkAnswer(url: string, query: string): Promise<void> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) });
  const body = (await response.json()) as { data?: unknown; errors?: unknown };
  if (!response.ok || body.errors || !body.data) throw new Error(`${url} ${query}: ${response.status} ${JSON.stringify(body)}`);
}

/** autocannon's CLI in its own process, so generating load does not share an event loop with what it measures. */
async function load(url: string, query: string): Promise<Run> {
  const child = start(join(ROOT, 'node_modules', '.bin', 'autocannon'), [
    '--json', '-c', String(CONNECTIONS), '-d', String(SECONDS), '-m', 'POST',
    '-H', 'content-type=application/json', '-b', JSON.stringify({ query }), url,
  ], {});
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => { out += chunk.toString(); });
  child.stderr?.resume();
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`autocannon exited ${code}`);
  const result = JSON.parse(out) as {
    requests: { average: number; total: number }; latency: { p50: number; p99: number }; errors: number; timeouts: number; non2xx: number;
  };
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    samples: result.requests.total,
    failures: result.errors + result.timeouts + result.non2xx,
  };
}

async function upstreamCalls(graphqlUrl: string): Promise<number> {
  const text = await (await fetch(graphqlUrl.replace(/\/graphql$/, '/metrics'))).text();
  let total = 0;
  for (const line of text.split('\n')) if (line.startsWith('upstream_calls_total{')) total += Number(line.split(' ').at(-1));
  return total;
}

/**
 * CPU seconds (user + system) a process has used, from /proc/<pid>/stat (Linux; null elsewhere). CPU per request
 * depends far less than req/s on what else the machine runs, so it is printed beside the ratio of req/s.
 */
function cpuSeconds(pid: number | undefined): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks of 1/100 s
  } catch {
    return null;
  }
}

/** Runs `run` and returns its result with the CPU microseconds per request `pid` spent meanwhile (null off Linux). */
async function withCpu(pid: number | undefined, run: () => Promise<Run>): Promise<Run & { cpuUs: number | null }> {
  const before = cpuSeconds(pid);
  const result = await run();
  const after = cpuSeconds(pid);
  return { ...result, cpuUs: before === null || after === null || result.samples === 0 ? null : ((after - before) * 1e6) / result.samples };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
const f = (n: number, digits = 2): string => n.toFixed(digits);

export async function runLoadBench(): Promise<string[]> {
  const out: string[] = [];
  out.push(`${await ensureBuild()}; ${ROUNDS} interleaved pairs of ${SECONDS} s runs, ${CONNECTIONS} connections, NODE_ENV=production${SUBGRAPH_NODE_ARGS.length ? `, subgraph node flags ${SUBGRAPH_NODE_ARGS.join(' ')}` : ''}; load average at start ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const dataRoot = await mkdtemp(join(tmpdir(), 'load-bench-'));
  try {
    const hello = await startHelloWorld();
    await checkAnswer(hello.url, HELLO);
    for (const latencyMs of [...new Set(CASES.map((c) => c.latencyMs))]) {
      const sandbox = await startSandbox(latencyMs);
      const subgraph = await startSubgraph(sandbox.env, await mkdtemp(join(dataRoot, `latency-${latencyMs}-`)));
      for (const c of CASES.filter((c) => c.latencyMs === latencyMs)) {
        await checkAnswer(subgraph.url, c.query);
        const hellos: Array<Run & { cpuUs: number | null }> = [];
        const ours: Array<Run & { cpuUs: number | null }> = [];
        let calls = 0;
        for (let round = 0; round < ROUNDS; round++) {
          hellos.push(await withCpu(hello.child.pid, () => load(hello.url, HELLO)));
          const before = await upstreamCalls(subgraph.url);
          ours.push(await withCpu(subgraph.child.pid, () => load(subgraph.url, c.query)));
          calls += (await upstreamCalls(subgraph.url)) - before;
        }
        const ratios = ours.map((run, i) => run.rps / hellos[i]!.rps);
        const samples = ours.reduce((sum, run) => sum + run.samples, 0);
        const failures = ours.reduce((sum, run) => sum + run.failures, 0);
        const rps = median(ours.map((r) => r.rps));
        out.push(`${c.name} (target ${c.target}):`);
        out.push(`  subgraph ${f(rps, 0)} req/s, p50 ${f(median(ours.map((r) => r.p50)), 1)} ms, p99 ${f(median(ours.map((r) => r.p99)), 1)} ms`
          + ` (median of ${ROUNDS} runs, ${samples} samples, ${failures} errors/non-2xx)`);
        out.push(`  hello world ${f(median(hellos.map((r) => r.rps)), 0)} req/s, p50 ${f(median(hellos.map((r) => r.p50)), 1)} ms, p99 ${f(median(hellos.map((r) => r.p99)), 1)} ms`);
        out.push(`  ratio to hello world ${f(median(ratios))}x (spread over runs ${f(Math.min(...ratios))}-${f(Math.max(...ratios))}x)`);
        const cpuRatios = ours.flatMap((run, i) => (run.cpuUs !== null && hellos[i]!.cpuUs !== null ? [hellos[i]!.cpuUs! / run.cpuUs] : []));
        if (cpuRatios.length > 0) {
          out.push(`  CPU per request: subgraph ${f(median(ours.map((r) => r.cpuUs!)), 0)} us, hello world ${f(median(hellos.map((r) => r.cpuUs!)), 0)} us;`
            + ` hello world's / subgraph's ${f(median(cpuRatios))}x (spread ${f(Math.min(...cpuRatios))}-${f(Math.max(...cpuRatios))}x; /proc/<pid>/stat user+system over each run)`);
        }
        if (latencyMs > 0) {
          out.push(`  p50 ${f(median(ours.map((r) => r.p50)) / latencyMs)} upstream round trips; ${f(rps / BASELINE_50MS_RPS)}x the ${BASELINE_50MS_RPS} req/s before issue 12`);
        }
        out.push(`  upstream calls per request ${f(calls / samples, 4)} (${calls} calls over ${samples} requests, from /metrics upstream_calls_total)`);
      }
      stop(subgraph.child);
      stop(sandbox.child);
    }
    stop(hello.child);
  } finally {
    killAll();
    await rm(dataRoot, { recursive: true, force: true });
  }
  return out;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const line of await runLoadBench()) console.log(line);
  process.exit(0);
}
