/**
 * `npm run sandbox`: the simulators alone, on fixed ports SANDBOX_PORT_BASE .. +5 (default 4101-4106, in the order of
 * SIMULATOR_NAMES: the dark store is +4, the analytics bridge +5). Prints the `.env` lines that point the subgraph at them, and stops cleanly
 * on SIGINT or SIGTERM.
 *
 * Environment: SANDBOX_PORT_BASE, SANDBOX_HOST (127.0.0.1), SANDBOX_SEED, SANDBOX_TIME_SCALE (1 = real time),
 * SANDBOX_LATENCY_MS (0), SANDBOX_EPOCH (ISO instant; default the start of the current UTC hour), SANDBOX_STATE_FILE
 * (where what the simulators create is kept across restarts; unset: memory only).
 *
 * A port already in use stops it with one line naming the port and SANDBOX_PORT_BASE, not a stack.
 */
// First: under an older Node this stops with "Node 24 is required" before any dependency fails to load.
import '../src/platform/require-node.js';
import { sandboxEnv } from './env.js';
import { SIMULATOR_NAMES, startSandbox, type Sandbox } from './index.js';

function numberFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) {
    console.error(`${name}: expected a non-negative number, got '${raw}'`);
    process.exit(2);
  }
  return value;
}

const portBase = numberFromEnv('SANDBOX_PORT_BASE', 4101);
const latencyMs = numberFromEnv('SANDBOX_LATENCY_MS', 0);
const host = process.env['SANDBOX_HOST'] || '127.0.0.1';
const lastPort = portBase + SIMULATOR_NAMES.length - 1;
let sandbox: Sandbox;
try {
  sandbox = await startSandbox({
    host,
    ports: Object.fromEntries(SIMULATOR_NAMES.map((name, i) => [name, portBase + i])),
    seed: process.env['SANDBOX_SEED'] || 'carrier-subgraph',
    timeScale: numberFromEnv('SANDBOX_TIME_SCALE', 1) || 1,
    ...(process.env['SANDBOX_EPOCH'] ? { epoch: process.env['SANDBOX_EPOCH'] } : {}),
    ...(process.env['SANDBOX_STATE_FILE'] ? { stateFile: process.env['SANDBOX_STATE_FILE'] } : {}),
    faults: Object.fromEntries(SIMULATOR_NAMES.map((name) => [name, { latencyMs }])),
  });
} catch (error) {
  const failure = error as NodeJS.ErrnoException & { port?: number };
  if (failure.code === 'EADDRINUSE' || failure.code === 'EACCES') {
    const port = failure.port ?? '?';
    const why = failure.code === 'EADDRINUSE' ? 'is already in use' : 'may not be used by this user';
    console.error(
      `npm run sandbox: port ${port} on ${host} ${why}; the simulators take ports SANDBOX_PORT_BASE to +${SIMULATOR_NAMES.length - 1} ` +
        `(${portBase}-${lastPort} now): set SANDBOX_PORT_BASE to the start of a free range, e.g. SANDBOX_PORT_BASE=5101 npm run sandbox`,
    );
    process.exit(1);
  }
  throw error;
}

const lines = Object.entries(sandboxEnv(sandbox)).map(([key, value]) => `${key}=${value}`);
console.log(`# Sandbox simulators listening (epoch ${sandbox.epoch.toISOString()}). Paste into .env:`);
console.log(lines.join('\n'));
console.log(`# Unified tracking key with postal-code-only entitlement: ${sandbox.credentials.groupAUnified.maskedApiKey}`);
console.log('# Example numbers: sandbox/README.md. Ctrl-C stops.');

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`# ${signal}: stopping the sandbox`);
  await sandbox.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
