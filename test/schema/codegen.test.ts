import { readFileSync } from 'node:fs';
import { generate } from '@graphql-codegen/cli';
import { describe, expect, it } from 'vitest';
import config from '../../codegen.js';

describe('schema-first codegen', () => {
  it('the generated resolver types are up to date with schema/*.graphql (run `npm run codegen`)', async () => {
    const outputs = await generate({ ...config, silent: true }, false);
    const output = outputs.find((o: { filename: string }) => o.filename.endsWith('src/generated/graphql.ts'));
    expect(output, 'codegen produced src/generated/graphql.ts').toBeDefined();
    const committed = readFileSync('src/generated/graphql.ts', 'utf8');
    expect(committed.trim()).toBe(output!.content.trim());
  }, 60_000);
});
