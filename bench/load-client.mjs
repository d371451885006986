/**
 * Closed-loop load client for bench/load.ts, run as its own process so generating load never shares an event loop
 * with the server it measures (autocannon's API; its CLI sends one body only). Input: the path of a JSON file
 * { url, seconds, connections, bodies?: string[], template?: string, from?: number }.
 * - `bodies`: sent in rotation across all connections (request i sends bodies[i % length]);
 * - `template`: every request sends it with each `%N%` replaced by the next number of one counter starting at `from`
 *   (10 digits, zero-padded), so no two requests of a run, nor of runs given distinct `from`, ask the same number.
 * An answer whose status is not 200 or whose body holds `"errors"` counts as a failure. Output: one JSON line on stdout
 * { rps, p50, p99, samples, failures }.
 */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

const spec = JSON.parse(readFileSync(process.argv[2], 'utf8'));
let next = 0;
let failures = 0;
const bodyFor = spec.template
  ? () => spec.template.replaceAll('%N%', String(spec.from + next++).padStart(10, '0'))
  : () => spec.bodies[next++ % spec.bodies.length];

const result = await autocannon({
  url: spec.url,
  connections: spec.connections,
  duration: spec.seconds,
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  requests: [{
    setupRequest: (request) => ({ ...request, body: bodyFor() }),
    onResponse: (status, body) => { if (status !== 200 || body.includes('"errors"')) failures++; },
  }],
});
console.log(JSON.stringify({
  rps: result.requests.average,
  p50: result.latency.p50,
  p99: result.latency.p99,
  samples: result.requests.total,
  failures: failures + result.errors + result.timeouts + result.non2xx,
}));
