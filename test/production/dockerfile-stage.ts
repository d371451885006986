import { readFileSync } from 'node:fs';

/** One instruction of a Dockerfile (continuation lines joined). */
export interface Instruction {
  keyword: string;
  args: string;
}

export interface Stage {
  from: string;
  name: string | null;
  instructions: Instruction[];
}

/** The Dockerfile's stages, in order (enough parsing for the assertions here: no heredocs, no parser directives). */
export function dockerStages(path = 'Dockerfile'): Stage[] {
  const joined = readFileSync(path, 'utf8').replace(/\\\r?\n/g, ' ');
  const stages: Stage[] = [];
  for (const line of joined.split('\n')) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    const [keyword = '', ...rest] = trimmed.split(/\s+/);
    const args = rest.join(' ');
    if (keyword.toUpperCase() === 'FROM') {
      const match = /^(\S+)(?:\s+AS\s+(\S+))?/i.exec(args);
      stages.push({ from: match?.[1] ?? args, name: match?.[2] ?? null, instructions: [] });
    } else {
      stages.at(-1)?.instructions.push({ keyword: keyword.toUpperCase(), args });
    }
  }
  return stages;
}

export interface CopyLine {
  fromStage: string | null;
  chown: string | null;
  sources: string[];
  destination: string;
}

export function copyLines(stage: Stage): CopyLine[] {
  return stage.instructions
    .filter((i) => i.keyword === 'COPY')
    .map((i) => {
      const words = i.args.split(/\s+/);
      const flags = words.filter((w) => w.startsWith('--'));
      const paths = words.filter((w) => !w.startsWith('--'));
      const flag = (name: string) => flags.find((f) => f.startsWith(`--${name}=`))?.slice(name.length + 3) ?? null;
      return { fromStage: flag('from'), chown: flag('chown'), sources: paths.slice(0, -1), destination: paths.at(-1) ?? '' };
    });
}

/** node_modules entries the stage's RUN lines delete (`rm -rf node_modules/x ...`). */
export function removedModules(stage: Stage): string[] {
  return stage.instructions
    .filter((i) => i.keyword === 'RUN')
    .flatMap((i) => [...i.args.matchAll(/rm -rf ([^&;]+)/g)].flatMap((m) => m[1]!.trim().split(/\s+/)))
    .filter((p) => p.startsWith('node_modules/'))
    .map((p) => p.slice('node_modules/'.length));
}
