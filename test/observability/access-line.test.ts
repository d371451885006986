/**
 * The access line every request writes is built by hand on its common path (info level, a status below 500, tracing
 * off), to cost a small share of a request: it must be the very line pino writes for the same fields.
 */
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../src/platform/logger.js';
import { runWithRequestContext } from '../../src/platform/request-context.js';
import { writePlainAccessLine } from '../../src/server/request-id.js';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({ write(chunk, _encoding, done) { lines.push(...String(chunk).split('\n').filter(Boolean)); done(); } });
  return { logger: createLogger('info', stream), lines };
}

const withoutTime = (line: string): string => line.replace(/"time":"[^"]+"/, '"time":"T"');

describe('the hand-built access line', () => {
  it.each([
    ['POST', '/graphql', 200, 'req-1'],
    ['GET', '/documents/a"b\\c\u2028', 404, '4bf92f3577b34da6a3ce929d0e0e4736'],
    [undefined, '', 413, 'x'],
  ])('is byte for byte the line pino writes for %s %s %s (but the time)', async (method, path, statusCode, requestId) => {
    const ours = capture();
    const pinos = capture();
    writePlainAccessLine(ours.logger, method, path, statusCode, 7, requestId);
    runWithRequestContext({ requestId }, () => pinos.logger.info({ req: { method, path }, res: { statusCode }, responseTime: 7, requestId }, 'request completed'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(ours.lines).toHaveLength(1);
    expect(withoutTime(ours.lines[0]!)).toBe(withoutTime(pinos.lines[0]!));
    expect(JSON.parse(ours.lines[0]!)).toMatchObject({ level: 30, service: 'carrier-subgraph', requestId, res: { statusCode }, msg: 'request completed' });
  });

  afterEach(() => vi.useRealTimers());

  it('carries the millisecond it was written in, formatted as pino does, also for lines written in the same millisecond', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const ours = capture();
    const times = ['2026-11-27T08:00:00.001Z', '2026-11-27T08:00:00.001Z', '2026-11-27T08:00:00.002Z', '2026-11-27T09:30:00.000Z'];
    for (const time of times) {
      vi.setSystemTime(new Date(time));
      writePlainAccessLine(ours.logger, 'POST', '/graphql', 200, 1, 'req-t');
    }
    await new Promise((resolve) => setImmediate(resolve));
    expect(ours.lines.map((line) => JSON.parse(line).time)).toEqual(times);
    expect(ours.lines[3]).toContain(`"time":"2026-11-27T09:30:00.000Z"`);
  });
});
