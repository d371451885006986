/**
 * Start and memory benchmark. Measures what production runs: the compiled
 * build (`dist/`, rebuilt when older than its inputs) started with `npm run start:prod`'s node command line (its V8
 * flags, SU2, then `--import ./dist/src/platform/tracing.js dist/src/main.js`), NODE_ENV=production and SANDBOX=off,
 * its upstreams pointing at `npm run sandbox` in its own process, the embedded PGlite store in a fresh directory.
 *
 * Per round: a start on an EMPTY data directory (PGlite's initdb and every migration), a clean stop, then a start on
 * that now EXISTING directory. Time to ready is from spawn() to a 200 from GET /readyz asked when the subgraph writes
 * its "carrier-subgraph ready" line (asked again every 20 ms if not 200 yet), so it includes Node's own boot and is
 * timed as the hello world's start is (its listening line, then one request); the longest event-loop block is the subgraph's own figure (`startLoopBlockMaxMs` in its
 * "carrier-subgraph ready" log line: perf_hooks.monitorEventLoopDelay over startServer). On the existing store the
 * resident set (VmRSS from /proc) is read at ready, after a warm-up of WARMUP requests (`{ __typename }` and one
 * Carrier B shipment, 10 at a time), and after IDLE_SECONDS idle; heap and external memory come from its /metrics.
 * The bare Apollo hello world (bench/hello-world.mjs) is started the same way in the same round (interleaved), warmed
 * with the same number of `{ hello }` requests, and read after the same idle time: the target is an idle RSS at most
 * 2.2x the hello world's, and a time to ready on the existing store at most 2.5x the hello world's start (spawn to its
 * first answer) in the same round.
 * Environment: STARTUP_BENCH_ROUNDS (5), STARTUP_BENCH_WARMUP (300), STARTUP_BENCH_IDLE_SECONDS (5),
 * STARTUP_BENCH_SUBGRAPH_NODE_ARGS (extra node flags for the subgraph only, none by default).
 * Run alone: `BENCH=startup npm run bench`.
 */
import { type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureBuild, killAll, metric, postGraphql, rssMb, startHelloWorld, startProduction, startSandboxProcess, stopAndWait } from './processes.js';
import { median } from './stats.js';

/**
 * Five rounds: each side's start varies by about a fifth from one start to the next on this machine (the hello world
 * 250-360 ms, the subgraph 560-830 ms), so the median of three ratios moved by more than a tenth between runs of one
 * build.
 */
const ROUNDS = Number(process.env.STARTUP_BENCH_ROUNDS ?? 5);
const WARMUP = Number(process.env.STARTUP_BENCH_WARMUP ?? 300);
const IDLE_SECONDS = Number(process.env.STARTUP_BENCH_IDLE_SECONDS ?? 5);
/** Extra node flags for the subgraph only, after start:prod's own (e.g. `--max-semi-space-size=2`), to measure a flag's effect. */
const SUBGRAPH_NODE_ARGS = (process.env.STARTUP_BENCH_SUBGRAPH_NODE_ARGS ?? '').split(' ').filter(Boolean);
/** Targets, against the hello world started in the same round: ready within 2.5 times its start, idle RSS 2.2 times. */
const READY_TARGET_RATIO = 2.5;
const RSS_TARGET_RATIO = 2.2;

const TYPENAME = '{ __typename }';
const SHIPMENT = '{ shipment(carrier: CARRIER_B, trackingNumber: "123456789013") { id status { status } } }';

interface Started { child: ChildProcess; base: string; readyMs: number; loopBlockMs: number | null; logStartMs: number | null }

async function startSubgraph(upstreamEnv: Record<string, string>, dataDir: string, extraEnv: Record<string, string> = {}): Promise<Started> {
  let readyLine: { startMs?: number; startLoopBlockMaxMs?: number } | null = null;
  // start:prod's flags, then the extra ones (a later V8 flag wins, so e.g. `--wasm-tier-up --wasm-dynamic-tiering`
  // measures the build without SU2), then the entry.
  const { child, origin: base, spawnedAt } = await startProduction({
    env: { ...upstreamEnv, DATA_DIR: dataDir, LOG_LEVEL: 'info', LOG_FORMAT: 'json', ...extraEnv },
    nodeArgs: SUBGRAPH_NODE_ARGS,
    pollMs: 20,
    readyLine: 'carrier-subgraph ready',
    onLine: (line) => {
      if (!line.includes('carrier-subgraph ready')) return;
      try { readyLine = JSON.parse(line) as typeof readyLine; } catch { /* not JSON */ }
    },
  });
  const readyMs = performance.now() - spawnedAt;
  // Parsed by onLine, which sees each line before the wait for the ready line does.
  const line = readyLine as { startMs?: number; startLoopBlockMaxMs?: number } | null;
  return { child, base, readyMs, loopBlockMs: line?.startLoopBlockMaxMs ?? null, logStartMs: line?.startMs ?? null };
}

/** `count` requests, 10 in flight, cycling through `queries`. */
async function warmUp(url: string, queries: string[], count: number): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < count) {
      const i = next++;
      await postGraphql(url, queries[i % queries.length]!);
    }
  };
  await Promise.all(Array.from({ length: 10 }, worker));
}

const f = (n: number, digits = 0): string => n.toFixed(digits);
const spread = (values: number[], digits = 0): string => `${f(Math.min(...values), digits)}-${f(Math.max(...values), digits)}`;
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

interface SubgraphRound {
  emptyReadyMs: number; emptyBlockMs: number;
  existingReadyMs: number; existingBlockMs: number;
  rssReady: number; rssWarm: number; rssIdle: number; heapUsed: number; external: number;
}
interface HelloRound { readyMs: number; rssReady: number; rssWarm: number; rssIdle: number }

export async function runStartupBench(): Promise<string[]> {
  const out: string[] = [];
  out.push(`${await ensureBuild()}; ${ROUNDS} rounds, NODE_ENV=production, SANDBOX=off, embedded PGlite${SUBGRAPH_NODE_ARGS.length ? `, subgraph node flags ${SUBGRAPH_NODE_ARGS.join(' ')}` : ''}; load average at start ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const dataRoot = await mkdtemp(join(tmpdir(), 'startup-bench-'));
  const sandbox = await startSandboxProcess(0);
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

      // The hello world's start: spawn to its first answer (its listening line, then one request).
      const helloSpawned = performance.now();
      const hello = await startHelloWorld();
      await postGraphql(hello.url, '{ hello }');
      const helloReadyMs = performance.now() - helloSpawned;
      const helloReady = await rssMb(hello.child.pid!);
      await warmUp(hello.url, ['{ hello }'], WARMUP);
      const helloWarm = await rssMb(hello.child.pid!);
      await sleep(IDLE_SECONDS * 1000);
      hellos.push({ readyMs: helloReadyMs, rssReady: helloReady, rssWarm: helloWarm, rssIdle: await rssMb(hello.child.pid!) });
      await stopAndWait(hello.child);
    }
  } finally {
    killAll();
    await rm(dataRoot, { recursive: true, force: true });
  }
  const col = <T>(rows: T[], key: keyof T): number[] => rows.map((r) => r[key] as number);
  const line = (label: string, values: number[], unit: string, extra = ''): string =>
    `  ${label}: median ${f(median(values))} ${unit} (spread ${spread(values)})${extra}`;
  const readyRatios = ours.map((r, i) => r.existingReadyMs / hellos[i]!.readyMs);
  out.push(`Time to ready (spawn to its ready line and a 200 from /readyz; the hello world: spawn to its listening line and first answer; target on an existing store <= ${READY_TARGET_RATIO}x the hello world's):`);
  out.push(line('empty data directory', col(ours, 'emptyReadyMs'), 'ms'));
  out.push(line('existing data directory', col(ours, 'existingReadyMs'), 'ms'));
  out.push(line('hello world', col(hellos, 'readyMs'), 'ms'));
  out.push(`  existing store / hello world: median ${f(median(readyRatios), 2)}x (spread ${spread(readyRatios, 2)}x) ${median(readyRatios) <= READY_TARGET_RATIO ? 'PASS' : 'MISS'}`);
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
  out.push(`  idle RSS ratio to hello world: median ${f(median(ratios), 2)}x (spread ${spread(ratios, 2)}x; target <= ${RSS_TARGET_RATIO}x) ${median(ratios) <= RSS_TARGET_RATIO ? 'PASS' : 'MISS'}`);
  out.push(`load average at end ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  return out;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const line of await runStartupBench()) console.log(line);
  process.exit(0);
}
