/**
 * Shared by the benches that measure what production runs: the child processes they start (the compiled subgraph with
 * `npm run start:prod`'s node command line, `npm run sandbox`, the bare Apollo hello world, load generators), the
 * build check before them, and reading a child's /metrics. Every child runs in its own process group, so killing the
 * group also ends what npm or tsx started below it, and every child still running is killed when the bench exits.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { Sandbox } from '../sandbox/index.js';
import { sandboxEnv } from '../sandbox/env.js';
import { ensureBuilt } from '../test/production/build.js';
import { startProdEnv, startProdNodeArgs } from '../test/production/node-flags.js';
import { OPT_OUT_PHRASE } from '../src/platform/auth-config.js';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const NODE = process.execPath;

const children = new Set<ChildProcess>();

export function killAll(signal: NodeJS.Signals = 'SIGTERM'): void {
  for (const child of children) {
    if (child.pid !== undefined && child.exitCode === null) {
      try { process.kill(-child.pid, signal); } catch { /* already gone */ }
    }
  }
  children.clear();
}
process.on('exit', () => killAll());
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => { killAll(); process.exit(130); });

/** `command args` from the repository root, in its own process group, stdout and stderr piped. */
export function start(command: string, args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  child.on('exit', () => children.delete(child));
  return child;
}

/** SIGTERM to the child's group, without waiting for it to exit. */
export function stop(child: ChildProcess): void {
  if (child.pid !== undefined && child.exitCode === null) {
    try { process.kill(-child.pid, 'SIGTERM'); } catch { /* already gone */ }
  }
  children.delete(child);
}

/**
 * SIGTERM and wait for the exit (at most `timeoutMs`): the next start on the same data directory needs its lock
 * released, and a --cpu-prof profile is written on a clean exit.
 */
export async function stopAndWait(child: ChildProcess, timeoutMs = Number.POSITIVE_INFINITY): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try { process.kill(-child.pid, 'SIGTERM'); } catch { return; }
  await (Number.isFinite(timeoutMs) ? Promise.race([exited, new Promise((r) => setTimeout(r, timeoutMs))]) : exited);
  children.delete(child);
}

/** Resolves with the stdout lines up to and including the one `done` accepts; rejects if the child exits first. */
export function readUntil(child: ChildProcess, done: (line: string) => boolean, what: string, timeoutMs = 60_000): Promise<string[]> {
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

export async function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** The first of `count` consecutive free ports (the sandbox listens on SANDBOX_PORT_BASE .. +5). */
export async function freePortRange(count: number): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = 20_000 + Math.floor(Math.random() * 30_000);
    let free = true;
    for (let i = 0; i < count && free; i++) free = await portIsFree(base + i);
    if (free) return base;
  }
  throw new Error('no range of free ports found');
}

export async function freePort(): Promise<number> {
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
export async function ensureBuild(): Promise<string> {
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

/**
 * `npm run sandbox` in its own process, every simulator answering after `latencyMs`; `env` holds the `.env` lines it
 * prints (the upstream URLs and credentials that configure the subgraph).
 */
export async function startSandboxProcess(latencyMs: number): Promise<{ child: ChildProcess; env: Record<string, string> }> {
  const base = await freePortRange(6);
  const child = start('npm', ['run', 'sandbox'], { SANDBOX_PORT_BASE: String(base), SANDBOX_LATENCY_MS: String(latencyMs) });
  const lines = await readUntil(child, (line) => line.startsWith('# Example numbers'), 'sandbox');
  const env: Record<string, string> = {};
  for (const line of lines) {
    const match = /^([A-Z0-9_]+)=(.*)$/.exec(line);
    if (match) env[match[1]!] = match[2]!;
  }
  return { child, env };
}

export interface ProductionServer {
  child: ChildProcess;
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** performance.now() just before spawn(): time to ready counts Node's own boot. */
  spawnedAt: number;
}

export interface ProductionOptions {
  /** The subgraph's environment, over NODE_ENV=production, SANDBOX=off, HOST=127.0.0.1, a free PORT, LOG_LEVEL=warn. */
  env: Record<string, string>;
  /** Extra node flags after start:prod's own (a later V8 flag wins) and before the entry. */
  nodeArgs?: string[];
  /** How often /readyz is polled (default 200 ms). */
  pollMs?: number;
  /** How long it may take to be ready (default 60 s). */
  readyTimeoutMs?: number;
  /** Each stdout line (default: stdout is drained unread). */
  onLine?: (line: string) => void;
  /**
   * A stdout line (this text in it) to wait for before the first /readyz request, which must then answer 200 (polled
   * after that only if it does not): the server's own "ready" event, as the hello world's start is timed, instead of
   * polling from spawn, which adds half a poll interval on average.
   */
  readyLine?: string;
}

/**
 * The compiled subgraph as `npm run start:prod` runs it (its node command line, without .env: every variable is set
 * here), resolved at its first 200 from GET /readyz.
 */
export async function startProduction(options: ProductionOptions): Promise<ProductionServer> {
  const port = await freePort();
  const prod = startProdNodeArgs(ROOT);
  const spawnedAt = performance.now();
  const child = start(NODE, [...prod.slice(0, -1), ...(options.nodeArgs ?? []), ...prod.slice(-1)], {
    // start:prod's variables for node itself (glibc's malloc thresholds), unless the bench's environment sets them.
    ...startProdEnv(ROOT),
    NODE_ENV: 'production',
    // The bench calls the subgraph directly (no router, no client token), as the hello world it is compared with is
    // called; the safeguards are waived so the production start accepts that (it warns, which the bench ignores).
    ROUTER_SHARED_SECRET_DISABLED: OPT_OUT_PHRASE,
    AUTH_DIRECTIVES_DISABLED: OPT_OUT_PHRASE,
    // Production closes /metrics without a token; metricsText sends this one.
    METRICS_TOKEN: BENCH_METRICS_TOKEN,
    SANDBOX: 'off',
    LOG_LEVEL: 'warn',
    ...options.env,
    HOST: '127.0.0.1',
    PORT: String(port),
  });
  const origin = `http://127.0.0.1:${port}`;
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
  const { onLine, readyLine } = options;
  let sawReadyLine: Promise<void> | null = null;
  if (onLine || readyLine) {
    const lines = createInterface({ input: child.stdout! });
    if (onLine) lines.on('line', onLine);
    if (readyLine) sawReadyLine = new Promise((resolve) => lines.on('line', (line) => line.includes(readyLine) && resolve()));
  } else child.stdout?.resume();
  const exited = new Promise<never>((_, reject) => child.on('exit', (code) => reject(new Error(`subgraph exited (${code}) before it was ready`))));
  exited.catch(() => undefined);
  const readyTimeoutMs = options.readyTimeoutMs ?? 60_000;
  const deadline = Date.now() + readyTimeoutMs;
  if (sawReadyLine) {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error(`no "${readyLine}" line within ${readyTimeoutMs / 1000} s`)), readyTimeoutMs); });
    await Promise.race([sawReadyLine, exited, late]).catch((error: Error) => { throw new Error(`${error.message}\n${stderr}`); }).finally(() => clearTimeout(timer));
  }
  for (;;) {
    const ready = await Promise.race([fetch(`${origin}/readyz`).then((r) => r.ok, () => false), exited]).catch((error: Error) => {
      throw new Error(`${error.message}\n${stderr}`);
    });
    if (ready) return { child, origin, spawnedAt };
    if (Date.now() > deadline) throw new Error(`subgraph not ready within ${readyTimeoutMs / 1000} s\n${stderr}`);
    await new Promise((r) => setTimeout(r, options.pollMs ?? 200));
  }
}

/**
 * The variables that point the subgraph at simulators running in the bench's own process (sandbox/env.ts), only
 * those whose names start with one of `prefixes` (e.g. `CARRIER_B_`): an upstream left out makes no background call.
 */
export function inProcessSandboxEnv(sandbox: Pick<Sandbox, 'urls' | 'credentials'>, prefixes: readonly string[]): Record<string, string> {
  return Object.fromEntries(Object.entries(sandboxEnv(sandbox)).filter(([name]) => prefixes.some((prefix) => name.startsWith(prefix))));
}

/**
 * CPU seconds (user + system) a process has used, from /proc/<pid>/stat (Linux; null elsewhere). CPU per request
 * depends far less than req/s or latency on what else the machine runs, so the benches print it beside them.
 */
export function cpuSeconds(pid: number | undefined): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks of 1/100 s
  } catch {
    return null;
  }
}

/** VmRSS of one process (Linux /proc), in MB. */
export async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+) kB/m.exec(status);
  if (!match) throw new Error(`no VmRSS for ${pid}`);
  return Number(match[1]) / 1024;
}

/** The bare Apollo Server 5 + express 5 hello world (bench/hello-world.mjs), NODE_ENV=production. */
export async function startHelloWorld(): Promise<{ child: ChildProcess; url: string }> {
  const child = start(NODE, ['bench/hello-world.mjs'], { NODE_ENV: 'production' });
  const lines = await readUntil(child, (line) => line.startsWith('HELLO_WORLD_URL='), 'hello world');
  return { child, url: lines.at(-1)!.slice('HELLO_WORLD_URL='.length) };
}

/** One GraphQL request that must answer data without errors (a request answering errors would be a fast, meaningless run). */
export async function postGraphql(url: string, query: string): Promise<void> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) });
  const body = (await response.json()) as { data?: unknown; errors?: unknown };
  if (!response.ok || body.errors || !body.data) throw new Error(`${url} ${query}: ${response.status} ${JSON.stringify(body)}`);
}

/** METRICS_TOKEN of the production servers the benches start (a server without a token ignores the header). */
export const BENCH_METRICS_TOKEN = 'bench-metrics-token-0123456789';

/** The Prometheus text of a server's /metrics. */
export async function metricsText(origin: string): Promise<string> {
  return (await fetch(`${origin}/metrics`, { headers: { authorization: `Bearer ${BENCH_METRICS_TOKEN}` } })).text();
}

/**
 * The sum of the samples of `name` whose labels include every one of `labels`, in a Prometheus text exposition;
 * `whenAbsent` when there is none (a labelled counter has no sample before its first increment).
 */
export function sampleSum(text: string, name: string, labels: Record<string, string> = {}, whenAbsent = Number.NaN): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  let total = 0;
  let found = false;
  for (const line of text.split('\n')) {
    if (!(line.startsWith(`${name} `) || line.startsWith(`${name}{`))) continue;
    if (!wanted.every((label) => line.includes(label))) continue;
    total += Number(line.split(' ').at(-1));
    found = true;
  }
  return found ? total : whenAbsent;
}

/** One metric of a running server, as sampleSum reads it. */
export async function metric(origin: string, name: string, labels: Record<string, string> = {}, whenAbsent = Number.NaN): Promise<number> {
  return sampleSum(await metricsText(origin), name, labels, whenAbsent);
}
