#!/usr/bin/env node
/**
 * Lines covered per folder, before and after:
 *   node scripts/coverage-table.mjs <before coverage-final.json>... -- <after coverage-final.json>...
 * (vitest's V8 coverage with the `json` reporter writes coverage-final.json). Several files on one side are runs of the
 * same code, merged (a line is covered when any run covered it): a run repeated for some files counts once. A line is
 * a line where a statement starts, as istanbul counts them. Paths are taken from src/ or sandbox/ on, so two checkouts
 * in different directories compare. Prints a Markdown table; a folder covering fewer lines after than before is
 * marked, and the exit code is 1.
 */
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** file (from src/ or sandbox/) -> Map(line -> covered) over every given coverage-final.json. */
function lines(files) {
  const out = new Map();
  for (const file of files) {
    for (const [path, data] of Object.entries(JSON.parse(readFileSync(file, 'utf8')))) {
      const match = /(?:^|\/)((?:src|sandbox)\/.*)$/.exec(path);
      if (!match) continue;
      const perLine = out.get(match[1]) ?? new Map();
      for (const [id, count] of Object.entries(data.s)) {
        const line = data.statementMap[id]?.start.line;
        if (line === undefined) continue;
        perLine.set(line, (perLine.get(line) ?? false) || count > 0);
      }
      out.set(match[1], perLine);
    }
  }
  return out;
}

function byFolder(perFile) {
  const folders = new Map();
  for (const [file, perLine] of perFile) {
    const entry = folders.get(dirname(file)) ?? { total: 0, covered: 0 };
    entry.total += perLine.size;
    entry.covered += [...perLine.values()].filter(Boolean).length;
    folders.set(dirname(file), entry);
  }
  return folders;
}

const args = process.argv.slice(2);
const split = args.indexOf('--');
if (split < 1 || split === args.length - 1) {
  console.error('usage: node scripts/coverage-table.mjs <before coverage-final.json>... -- <after coverage-final.json>...');
  process.exit(2);
}
const before = byFolder(lines(args.slice(0, split)));
const after = byFolder(lines(args.slice(split + 1)));
const pct = (e) => (e && e.total ? `${((100 * e.covered) / e.total).toFixed(1)} %` : '-');
const sum = (m) => [...m.values()].reduce((a, e) => ({ total: a.total + e.total, covered: a.covered + e.covered }), { total: 0, covered: 0 });
let lost = false;
const rows = ['| folder | lines | covered before | covered after | before | after |', '|---|---:|---:|---:|---:|---:|'];
for (const folder of [...new Set([...before.keys(), ...after.keys()])].sort()) {
  const b = before.get(folder);
  const a = after.get(folder);
  const worse = (a?.covered ?? 0) < (b?.covered ?? 0);
  lost ||= worse;
  rows.push(`| ${folder}${worse ? ' **(fewer)**' : ''} | ${a?.total ?? b?.total ?? 0} | ${b?.covered ?? '-'} | ${a?.covered ?? '-'} | ${pct(b)} | ${pct(a)} |`);
}
const [tb, ta] = [sum(before), sum(after)];
rows.push(`| **all** | ${ta.total} | ${tb.covered} | ${ta.covered} | ${pct(tb)} | ${pct(ta)} |`);
console.log(rows.join('\n'));
process.exit(lost ? 1 : 0);
