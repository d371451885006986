/**
 * `npm run sandbox`: the simulators alone, on fixed ports SANDBOX_PORT_BASE .. +5 (default 4101-4106, in the order of
 * SIMULATOR_NAMES: the dark store is +4, the analytics bridge +5). Prints the `.env` lines that point the subgraph at them, and stops cleanly
 * on SIGINT or SIGTERM.
 *
 * Environment: SANDBOX_PORT_BASE, SANDBOX_HOST (127.0.0.1), SANDBOX_SEED, SANDBOX_TIME_SCALE (1 = real time),
 * SANDBOX_LATENCY_MS (0), SANDBOX_EPOCH (ISO instant; default the start of the current UTC hour).
 */
// First: under an older Node this stops with "Node 24 is required" before any dependency fails to load.
import '../src/platform/require-node.js';
import { sandboxEnv } from './env.js';
import { SIMULATOR_NAMES, startSandbox } from './index.js';
function numberFromEnv(name, fallback) {
    const raw = process.env[name];
    if (raw === undefined || raw === '')
        return fallback;
    const value = Number(raw);
    if (!Number.isFinite(value) || value < 0) {
        console.error(`${name}: expected a non-negative number, got '${raw}'`);
        process.exit(2);
    }
    return value;
}
const portBase = numberFromEnv('SANDBOX_PORT_BASE', 4101);
const latencyMs = numberFromEnv('SANDBOX_LATENCY_MS', 0);
const sandbox = await startSandbox({
    host: process.env['SANDBOX_HOST'] || '127.0.0.1',
    ports: Object.fromEntries(SIMULATOR_NAMES.map((name, i) => [name, portBase + i])),
    seed: process.env['SANDBOX_SEED'] || 'carrier-subgraph',
    timeScale: numberFromEnv('SANDBOX_TIME_SCALE', 1) || 1,
    ...(process.env['SANDBOX_EPOCH'] ? { epoch: process.env['SANDBOX_EPOCH'] } : {}),
    faults: Object.fromEntries(SIMULATOR_NAMES.map((name) => [name, { latencyMs }])),
});
const lines = Object.entries(sandboxEnv(sandbox)).map(([key, value]) => `${key}=${value}`);
console.log(`# Sandbox simulators listening (epoch ${sandbox.epoch.toISOString()}). Paste into .env:`);
console.log(lines.join('\n'));
console.log(`# Unified tracking key with postal-code-only entitlement: ${sandbox.credentials.groupAUnified.maskedApiKey}`);
console.log('# Example numbers: sandbox/README.md. Ctrl-C stops.');
let stopping = false;
async function stop(signal) {
    if (stopping)
        return;
    stopping = true;
    console.log(`# ${signal}: stopping the sandbox`);
    await sandbox.close();
    process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
