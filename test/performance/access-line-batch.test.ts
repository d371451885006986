/**
 * The access line of each request is handed to the log's stream with the other access lines of the same turn of the
 * event loop, in one write (src/server/request-id.ts): under load many responses close in one turn, and each write to
 * pino's destination (sonic-boom) measured the byte length of all the text it held pending again. Lines keep their
 * order and their own time, and none is lost when the process exits before the turn ends. Over HTTP, one line a
 * request: test/observability/request-logging.test.ts, test/performance/request-path.test.ts and
 * graphql-fast-path.test.ts.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/platform/logger.js';
import { writePlainAccessLine } from '../../src/server/request-id.js';

function countingLogger() {
  const writes: string[] = [];
  const logger = createLogger('info', { write: (chunk: string) => void writes.push(chunk) });
  const lines = () => writes.join('').split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);
  return { logger, writes, lines };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('access lines of one turn of the event loop', () => {
  it('go to the stream in one write, in the order the requests ended, each line whole', async () => {
    const log = countingLogger();
    writePlainAccessLine(log.logger, 'POST', '/graphql', 200, 3, 'turn-1-a');
    writePlainAccessLine(log.logger, 'POST', '/graphql', 400, 1, 'turn-1-b');
    writePlainAccessLine(log.logger, 'GET', '/documents/x', 404, 2, 'turn-1-c');
    await nextTurn();
    writePlainAccessLine(log.logger, 'POST', '/graphql', 200, 5, 'turn-2-a');
    await nextTurn();

    expect(log.writes).toHaveLength(2);
    expect(log.writes.every((chunk) => chunk.endsWith('\n'))).toBe(true);
    expect(log.lines().map((line) => [line['requestId'], line['res']])).toEqual([
      ['turn-1-a', { statusCode: 200 }],
      ['turn-1-b', { statusCode: 400 }],
      ['turn-1-c', { statusCode: 404 }],
      ['turn-2-a', { statusCode: 200 }],
    ]);
  });

  it('go each to their own logger stream', async () => {
    const one = countingLogger();
    const two = countingLogger();
    writePlainAccessLine(one.logger, 'POST', '/graphql', 200, 1, 'one-a');
    writePlainAccessLine(two.logger, 'POST', '/graphql', 200, 1, 'two-a');
    writePlainAccessLine(one.logger, 'POST', '/graphql', 200, 1, 'one-b');
    await nextTurn();
    expect(one.writes).toHaveLength(1);
    expect(one.lines().map((line) => line['requestId'])).toEqual(['one-a', 'one-b']);
    expect(two.lines().map((line) => line['requestId'])).toEqual(['two-a']);
  });

  it('are written when the process exits before the turn ends', () => {
    const script = [
      `import { createLogger } from './src/platform/logger.ts';`,
      `import { writePlainAccessLine } from './src/server/request-id.ts';`,
      `const logger = createLogger('info');`,
      `writePlainAccessLine(logger, 'POST', '/graphql', 200, 1, 'last-before-exit');`,
      `process.exit(3);`,
    ].join('\n');
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 20_000 });
    expect(child.status).toBe(3);
    expect(child.stdout).toContain('"requestId":"last-before-exit"');
  }, 25_000);
});

