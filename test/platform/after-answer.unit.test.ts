/**
 * Work a request defers past its answer (afterAnswer: the follow of a label just bought, the announcement of its
 * purchase) runs once the answer is sent, and still runs when it is queued after that moment (a purchase finishing
 * after its client went away), instead of waiting on a list nobody reads again.
 */
import { describe, expect, it } from 'vitest';
import { afterAnswer, runAfterAnswer, runWithRequestContext, type RequestContext } from '../../src/platform/request-context.js';
import { waitFor } from '../support/wait-for.js';

describe('work deferred past a request answer', () => {
  it('queued before the answer it waits for it; queued after the answer was sent it runs on the next turn', async () => {
    const context: RequestContext = { requestId: 'r-1', afterAnswer: [] };
    const ran: string[] = [];
    runWithRequestContext(context, () => afterAnswer(() => ran.push('before')));
    await new Promise((resolve) => setImmediate(resolve));
    expect(ran).toEqual([]);
    runAfterAnswer(context);
    expect(ran).toEqual(['before']);
    // The request's own work goes on after its answer was sent (its client went away mid-purchase).
    runWithRequestContext(context, () => afterAnswer(() => ran.push('after')));
    await waitFor(() => ran.includes('after'), { timeoutMs: 1_000 });
    expect(ran).toEqual(['before', 'after']);
  });
});
