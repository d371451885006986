import { setTimeout as sleep } from 'node:timers/promises';

/** Polls `condition` until it holds; throws after timeoutMs. For asynchronous deliveries (notifications). */
export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  { timeoutMs = 5_000, intervalMs = 10 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await sleep(intervalMs);
  }
}
