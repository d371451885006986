/**
 * The access line every request writes is built by hand on its common path (info level, a status below 500, tracing
 * off), to cost a small share of a request: it must be the very line pino writes for the same fields.
 */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
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
});
