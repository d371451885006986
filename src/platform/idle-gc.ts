/**
 * Memory handed back when the server goes idle (SR4, IDLE_GC_MS): once no HTTP request has arrived for `idleMs`, one
 * memory-reducing garbage collection, then nothing more until the next request. Under load V8 grows its young
 * generation to two 32 MB semi-spaces and keeps them, and its own memory reducer, which would shrink them, did not run
 * in this process (it judged the allocation rate too high: `--trace-memory-reducer`, the background jobs allocate a
 * little all the time), so an idle server kept ~30 MB it no longer used. The collection is V8's "last resort" one
 * (full collections with the memory-reducing flag, until nothing more is freed: the young generation shrinks and
 * freed pages are unmapped at once); a plain full collection freed the same objects but kept the pages (measured: RSS
 * unchanged until V8's reducer came by 8 s later). It blocks the event loop for its length (logged as gcMs: a few
 * hundred ms on a loaded 2-core machine), which is why it waits for a quiet spell and runs at most once per spell: a
 * busy server never pays it. Probes and scrapes (/healthz, /readyz, /metrics) neither count as activity nor delay it:
 * an orchestrator's probe every few seconds would otherwise keep it from ever running.
 *
 * V8 offers the collection only as `gc()` behind `--expose-gc`; the flag is set when the first collection is due (a
 * flag on node's command line would cost Node's own code cache, see SU2), and `gc` is taken from a fresh context.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

type Gc = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

let exposed: Gc | null = null;

/** V8's memory-reducing full collection, synchronous. */
export function memoryReducingGc(): void {
  if (!exposed) {
    setFlagsFromString('--expose-gc');
    exposed = runInNewContext('gc') as Gc;
  }
  // A last-resort collection also drops the bytecode of every function not running (V8 forces its code flushing then),
  // so the next requests would compile the whole request path again: measured, README query 1 cost ~40 % more CPU
  // per request in the load bench's runs that followed an idle spell. Bytecode flushing is off for this one collection.
  setFlagsFromString('--no-flush-bytecode');
  try {
    exposed({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  } finally {
    setFlagsFromString('--flush-bytecode');
  }
}

/** Paths that are not activity: liveness and readiness probes, metrics scrapes. */
const NOT_ACTIVITY = new Set(['/healthz', '/readyz', '/metrics']);

export interface IdleGcLogger {
  debug(obj: object, msg?: string): void;
}

export interface IdleGcOptions {
  /** Quiet time before the collection, in ms; 0 turns it off. */
  idleMs: number;
  logger: IdleGcLogger;
  /** The collection (default: memoryReducingGc); tests count calls. */
  collect?: () => void;
  now?: () => number;
}

export interface IdleGc {
  /** Called for every HTTP request, with its path (the query string is ignored). */
  request(url: string | undefined): void;
  stop(): void;
}

export function startIdleGc(options: IdleGcOptions): IdleGc {
  const { idleMs, logger } = options;
  const collect = options.collect ?? memoryReducingGc;
  const now = options.now ?? (() => performance.now());
  if (idleMs <= 0) return { request() {}, stop() {} };
  let last = now();
  // Armed by a request; disarmed by the collection it leads to. A start with no request yet counts as activity: the
  // start itself allocated most of what a collection would free.
  let armed = true;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;

  const schedule = (delay: number): void => {
    timer = setTimeout(check, delay);
    timer.unref();
  };
  function check(): void {
    timer = null;
    if (stopped || !armed) return;
    const quiet = now() - last;
    if (quiet < idleMs) {
      schedule(idleMs - quiet);
      return;
    }
    armed = false;
    const before = process.memoryUsage();
    const cpu = process.cpuUsage();
    const started = now();
    collect();
    const gcMs = Math.round(now() - started);
    const used = process.cpuUsage(cpu);
    const after = process.memoryUsage();
    logger.debug(
      {
        idleMs, gcMs, cpuMs: Math.round((used.user + used.system) / 1000),
        heapUsedBefore: before.heapUsed, heapUsedAfter: after.heapUsed, rssBefore: before.rss, rssAfter: after.rss,
      },
      'idle: memory-reducing garbage collection',
    );
  }
  schedule(idleMs);

  return {
    request(url) {
      if (stopped) return;
      const path = url === undefined ? '' : url.split('?', 1)[0]!;
      if (NOT_ACTIVITY.has(path)) return;
      last = now();
      armed = true;
      // One timer at a time: a request only moves the time the pending check measures from.
      if (!timer) schedule(idleMs);
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
