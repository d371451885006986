/**
 * The configuration's schema is built and parsed once a process, so zod parses it without compiling a parser for it
 * (`new Function`, the cost of zod's first parse of an object schema); zod's process-wide setting is set back after, so
 * the upstream answers' schemas, parsed on every call, keep their compiled parsers.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../../src/config.js';

/** How many functions zod compiles (its parsers are built with the Function constructor) while `run` runs. */
function functionsCompiled(run: () => void): number {
  const real = globalThis.Function;
  let compiled = 0;
  const counting = new Proxy(real, {
    construct(target, args) {
      compiled += 1;
      return Reflect.construct(target, args) as object;
    },
  });
  globalThis.Function = counting;
  try {
    run();
  } finally {
    globalThis.Function = real;
  }
  return compiled;
}

describe("the configuration parsed without zod's compiled parsers", () => {
  afterEach(() => {
    z.config({ jitless: undefined });
  });

  it('loading the configuration compiles no parser, and leaves zod compiling the parsers of schemas parsed later', () => {
    expect(functionsCompiled(() => expect(loadConfig({}).ok).toBe(true))).toBe(0);
    expect(z.config().jitless).toBeUndefined();
    const answer = z.object({ trackingNumber: z.string(), events: z.array(z.object({ code: z.string() })) });
    expect(functionsCompiled(() => answer.parse({ trackingNumber: '1', events: [{ code: 'DL' }] }))).toBeGreaterThan(0);
  });

  it("a process that turned zod's compiled parsers off keeps them off", () => {
    z.config({ jitless: true });
    expect(loadConfig({}).ok).toBe(true);
    expect(z.config().jitless).toBe(true);
  });
});
