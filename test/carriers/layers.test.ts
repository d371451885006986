/**
 * DESIGN.md, "The layers, and which way they depend": arrows point down only. This file reads every import under src/
 * (static, type-only, re-exports and dynamic `import()`, through the TypeScript compiler's own pre-processor) and fails
 * on any import that runs back up a layer and on any import circle anywhere under src/. The carrier-folder rule
 * (services and resolvers reach carriers only through src/carriers/types.ts and registry.ts) is registry.test.ts's.
 *
 * The order, lowest first: domain (imports nothing but Node's built-ins) < platform < carriers and store (siblings: they
 * never import each other) < services < graphql (with src/generated, the resolver types codegen writes for it) <
 * server (the composition root) < the entry points at the top of src/ (main.ts, analytics-backfill.ts). Any other file
 * at the top of src/ composes the layers below it for the server and the entry points: it counts as the server layer.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The processes' entry points: nothing imports them. */
const ENTRY_POINTS = new Set(['src/main.ts', 'src/analytics-backfill.ts']);

type Layer = 'domain' | 'platform' | 'carriers' | 'store' | 'services' | 'graphql' | 'server' | 'entry';
const RANK: Record<Layer, number> = { domain: 0, platform: 1, carriers: 2, store: 2, services: 3, graphql: 4, server: 5, entry: 6 };
const FOLDER_LAYER: Record<string, Layer> = {
  domain: 'domain',
  platform: 'platform',
  carriers: 'carriers',
  store: 'store',
  services: 'services',
  graphql: 'graphql',
  generated: 'graphql',
  server: 'server',
};

/** The layer of a repository path under src/; null outside src/ (sandbox/, scripts/: not layered here). */
function layerOf(path: string): Layer | null {
  const parts = path.split('/');
  if (parts[0] !== 'src') return null;
  if (parts.length === 2) return ENTRY_POINTS.has(path) ? 'entry' : 'server';
  const layer = FOLDER_LAYER[parts[1]!];
  if (!layer) throw new Error(`${path}: src/${parts[1]} has no layer; give it one in test/carriers/layers.test.ts`);
  return layer;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.ts$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Every module a file names (imports, `import type`, re-exports, `import()`), as the compiler reads them. */
function specifiers(text: string): string[] {
  return ts.preProcessFile(text, true, true).importedFiles.map((file) => file.fileName);
}

/** The repository path a relative specifier names, with `.js` read as the `.ts` it is compiled from; null for a package. */
function target(file: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  return relative(ROOT, resolve(ROOT, dirname(file), specifier)).replace(/\.js$/, '.ts');
}

type Graph = Map<string, { relative: string[]; packages: string[] }>;

function importGraph(files: ReadonlyMap<string, string>): Graph {
  const graph: Graph = new Map();
  for (const [file, text] of files) {
    const named = specifiers(text);
    graph.set(file, {
      relative: [...new Set(named.map((s) => target(file, s)).filter((t): t is string => t !== null))],
      packages: named.filter((s) => !s.startsWith('.')),
    });
  }
  return graph;
}

function readSources(): Map<string, string> {
  return new Map(sourceFiles('src').map((file) => [file, readFileSync(join(ROOT, file), 'utf8')] as const));
}

/** `from -> to` for every import that runs up a layer, or sideways between carriers and store, or out of the domain. */
function upwardImports(graph: Graph): string[] {
  const found: string[] = [];
  for (const [file, { relative: targets, packages }] of graph) {
    const from = layerOf(file)!;
    for (const to of targets) {
      const layer = layerOf(to);
      if (layer === null) continue;
      if (RANK[layer] > RANK[from] || (RANK[layer] === RANK[from] && layer !== from)) found.push(`${file} (${from}) -> ${to} (${layer})`);
    }
    if (from === 'domain') for (const name of packages) if (!name.startsWith('node:')) found.push(`${file} (domain) -> package ${name}`);
  }
  return found.sort();
}

/** Every import circle: the strongly connected components of more than one file (or a file importing itself). */
function importCircles(graph: Graph): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const to of graph.get(file)?.relative ?? []) {
      if (!graph.has(to)) continue;
      if (!index.has(to)) {
        visit(to);
        low.set(file, Math.min(low.get(file)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(file, Math.min(low.get(file)!, index.get(to)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || graph.get(file)!.relative.includes(file)) circles.push(component.sort());
  }
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return circles;
}

describe('imports point down the layers, and no two files import each other (DESIGN.md: the layers)', () => {
  const sources = readSources();
  const graph = importGraph(sources);

  it('reads every file under src/ and every layer has files', () => {
    expect(sources.size).toBeGreaterThan(200);
    const layers = new Set([...graph.keys()].map((file) => layerOf(file)));
    expect([...layers].sort()).toEqual(['carriers', 'domain', 'entry', 'graphql', 'platform', 'server', 'services', 'store']);
  });

  it('no import runs back up a layer (or between carriers and store, or from the domain to a package)', () => {
    // A type a lower layer needs belongs in that layer (or the domain), not in the file of a higher one that uses it.
    expect(upwardImports(graph), 'imports that run up a layer').toEqual([]);
  });

  it('no import circle anywhere under src/', () => {
    // A circle usually means a type declared in a file that builds things: move the type to a types file both import.
    expect(importCircles(graph), 'import circles (each a set of files that import one another)').toEqual([]);
  });

  it('the checks find what they look for (a check that finds nothing must be able to find something)', () => {
    const planted = new Map<string, string>([
      ['src/store/example-store.ts', "import type { Pickup } from '../services/pickups/pickups-api.js';\nimport { x } from '../carriers/types.js';"],
      ['src/graphql/example.ts', "export { requestIdFrom } from '../server/request-id.js';"],
      ['src/domain/example.ts', "import { z } from 'zod';\nimport { createHash } from 'node:crypto';\nconst m = await import('../platform/logger.js');"],
      ['src/platform/http/a.ts', "import type { B } from './b.js';"],
      ['src/platform/http/b.ts', "import { a } from './a.js';"],
      ['src/services/c.ts', "import type { D } from './d.js'; // a comment naming '../server/app.js' is not an import"],
      ['src/services/d.ts', "import type { C } from './c.js';"],
      ['src/services/alone.ts', "import { c } from './c.js';"],
      ['src/server/start.ts', "import { main } from '../main.js';\nimport { compose } from '../composition.js';"],
    ]);
    const plantedGraph = importGraph(planted);
    expect(upwardImports(plantedGraph)).toEqual([
      'src/domain/example.ts (domain) -> package zod',
      'src/domain/example.ts (domain) -> src/platform/logger.ts (platform)',
      'src/graphql/example.ts (graphql) -> src/server/request-id.ts (server)',
      'src/server/start.ts (server) -> src/main.ts (entry)',
      'src/store/example-store.ts (store) -> src/carriers/types.ts (carriers)',
      'src/store/example-store.ts (store) -> src/services/pickups/pickups-api.ts (services)',
    ]);
    expect(importCircles(plantedGraph).sort()).toEqual([
      ['src/platform/http/a.ts', 'src/platform/http/b.ts'],
      ['src/services/c.ts', 'src/services/d.ts'],
    ]);
  });
});
