/**
 * The Docker image's runtime stage (issue 7, item 14), read from the Dockerfile (no docker daemon here): it ships the
 * compiled server and its runtime dependencies only (no sandbox, tsx or esbuild), owned by root and read-only for the
 * runtime user, and node runs as PID 1 so SIGTERM reaches the server's drain. start-prod.test.ts starts the same tree.
 */
import { describe, expect, it } from 'vitest';
import { copyLines, dockerStages, removedModules } from './dockerfile-stage.js';
import { startProdEnv, startProdNodeArgs } from './node-flags.js';

const stages = dockerStages();
const runtime = stages.at(-1)!;
const copies = copyLines(runtime);
const runs = runtime.instructions.filter((i) => i.keyword === 'RUN').map((i) => i.args);

describe('Dockerfile build stage', () => {
  it("has patches/ in place before its npm ci, whose postinstall applies them to the packages the bundle carries", () => {
    const build = stages.find((stage) => stage.instructions.some((i) => i.keyword === 'RUN' && /npm run build/.test(i.args)))!;
    const at = (test: (args: string) => boolean, keyword: string) => build.instructions.findIndex((i) => i.keyword === keyword && test(i.args));
    const patches = at((args) => /^patches\s/.test(args), 'COPY');
    const install = at((args) => /npm ci/.test(args), 'RUN');
    expect(patches).toBeGreaterThanOrEqual(0);
    expect(patches).toBeLessThan(install);
    expect(install).toBeLessThan(at((args) => /npm run build/.test(args), 'RUN'));
  });
});

describe('Dockerfile runtime stage', () => {
  it('copies no sandbox and no whole dist/ or source tree', () => {
    const sources = copies.flatMap((c) => c.sources);
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources) {
      expect(source).not.toMatch(/sandbox/);
      expect(source).not.toMatch(/^(\.|\/app|\/app\/dist|\/app\/src|dist|src)\/?$/);
    }
    expect(sources).toContain('/app/dist/src');
  });

  it('takes node_modules from a stage with production dependencies only, without tsx and esbuild', () => {
    const modules = copies.find((c) => c.destination.replace(/\/$/, '').endsWith('node_modules'));
    expect(modules).toBeDefined();
    const source = stages.find((s) => s.name === modules!.fromStage)!;
    const commands = source.instructions.filter((i) => i.keyword === 'RUN').map((i) => i.args).join(' ');
    expect(commands).toMatch(/npm ci [^&]*--omit=dev/);
    expect(removedModules(source)).toEqual(expect.arrayContaining(['tsx', 'esbuild', '@esbuild', '.bin/tsx', '.bin/esbuild']));
  });

  it('leaves the application files to root, read-only, and only DATA_DIR writable by the runtime user', () => {
    for (const copy of copies) expect(copy.chown, copy.sources.join(' ')).toMatch(/^root(:root)?$/);
    const chmod = runs.find((r) => /chmod -R a-w/.test(r));
    expect(chmod).toBeDefined();
    const readOnly = chmod!.split('&&')[0]!.trim().split(/\s+/).slice(3);
    for (const copy of copies) {
      const destination = copy.destination.replace(/^\.\//, '/app/').replace(/\/$/, '');
      expect(readOnly.some((p) => destination === p || destination.startsWith(`${p}/`)), destination).toBe(true);
    }
    const chowns = runs.flatMap((r) => [...r.matchAll(/chown (\S+) (\S+)/g)].map((m) => m[2]));
    expect(chowns).toEqual(['/app/data']);
    const user = runtime.instructions.findIndex((i) => i.keyword === 'USER');
    expect(runtime.instructions[user]?.args).toBe('node');
    expect(runtime.instructions.slice(user).some((i) => i.keyword === 'RUN' || i.keyword === 'COPY')).toBe(false);
  });

  it('runs node on the compiled entry as PID 1 (no npm, shell or tsx between the signal and the server)', () => {
    const cmd = runtime.instructions.filter((i) => i.keyword === 'CMD').at(-1)!.args;
    const argv = JSON.parse(cmd) as string[];
    expect(argv[0]).toBe('node');
    expect(argv.at(-1)).toBe('dist/src/main.js');
    expect(argv.join(' ')).not.toMatch(/npm|tsx|sh -c/);
    expect(runtime.instructions.some((i) => i.keyword === 'ENV' && /NODE_ENV=production/.test(i.args))).toBe(true);
  });

  it("sets glibc's malloc thresholds as npm run start:prod does (node reads them at exec, so ENV, not .env)", () => {
    const env = runtime.instructions.filter((i) => i.keyword === 'ENV').map((i) => i.args).join(' ');
    const prodEnv = startProdEnv('.', {});
    expect(Object.keys(prodEnv).sort()).toEqual(['MALLOC_MMAP_THRESHOLD_', 'MALLOC_TRIM_THRESHOLD_']);
    for (const [name, value] of Object.entries(prodEnv)) expect(env).toMatch(new RegExp(`\\b${name}=${value}\\b`));
  });

  it('runs node with the same flags as npm run start:prod: the preload and --no-memory-reducer, no other V8 flag (PGlite sets its own when it opens, SU2)', () => {
    const cmd = runtime.instructions.filter((i) => i.keyword === 'CMD').at(-1)!.args;
    const argv = JSON.parse(cmd) as string[];
    const prod = startProdNodeArgs();
    expect(argv.slice(1)).toEqual(prod);
    // A V8 flag V8 counts in its flag hash makes Node compile its own modules without their code cache (SU2); the one
    // flag here is left out of that hash (node-flags.test.ts checks it on this node).
    expect(prod.filter((word) => word.startsWith('--') && word !== '--import')).toEqual(['--no-memory-reducer']);
  });
});
