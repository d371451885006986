/**
 * The rating bench's simulators in a process of their own (forked by bench/rating.ts with an IPC channel), so neither
 * they nor the bench's 50 clients share an event loop with what they measure: in one process, the simulators' answers
 * waited behind the clients' work and the other way round, and the bench's timings were partly its own.
 * `npm run sandbox` does not serve here: a case gives each carrier its own latency and reads each carrier's call counts.
 * Messages in: { id, op: 'setFaults', name, settings } | { id, op: 'resetStats' } | { id, op: 'calls', name }.
 * Messages out: { ready: { urls, origins, credentials } } once, then { id, result } for each message in.
 */
import { ManualClock, startSandbox, type FaultSettings, type SimulatorName } from '../sandbox/index.js';

type Request =
  | { id: number; op: 'setFaults'; name: SimulatorName; settings: Partial<FaultSettings> }
  | { id: number; op: 'resetStats' }
  | { id: number; op: 'calls'; name: SimulatorName };

const epoch = process.env.RATING_SIMULATORS_EPOCH ?? '2026-03-10T12:00:00Z';
const sandbox = await startSandbox({
  seed: 'bench-seed',
  epoch,
  clock: new ManualClock(epoch),
  // The bench makes more express calls than the test environment's 500 a day; the quota is not what is measured.
  expressTestDailyQuota: 1_000_000,
});

process.on('message', (message: Request) => {
  let result: unknown = null;
  if (message.op === 'setFaults') sandbox.setFaults(message.name, message.settings);
  else if (message.op === 'resetStats') sandbox.resetStats();
  else result = { ...sandbox.stats[message.name].calls };
  process.send?.({ id: message.id, result });
});
process.on('disconnect', () => void sandbox.close().finally(() => process.exit(0)));
process.send?.({ ready: { urls: sandbox.urls, origins: sandbox.origins, credentials: sandbox.credentials } });
