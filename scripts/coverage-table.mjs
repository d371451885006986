#!/usr/bin/env node
/**
 * Lines covered per folder, before and after: `node scripts/coverage-table.mjs <before>/coverage-summary.json
 * <after>/coverage-summary.json` prints a Markdown table (vitest's V8 coverage with the json-summary reporter writes
 * those files). Paths are taken from src/ or sandbox/ on, so two checkouts in different directories compare. A folder
 * that covers fewer lines after than before is marked, and the exit code is 1.
 */
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';

function byFolder(file) {
  const summary = JSON.parse(readFileSync(file, 'utf8'));
  const folders = new Map();
  for (const [path, data] of Object.entries(summary)) {
    if (path === 'total') continue;
    const match = /(?:^|\/)((?:src|sandbox)\/.*)$/.exec(path);
    if (!match) continue;
    const folder = dirname(match[1]);
    const entry = folders.get(folder) ?? { total: 0, covered: 0 };
    entry.total += data.lines.total;
    entry.covered += data.lines.covered;
    folders.set(folder, entry);
  }
  return folders;
}

const [beforeFile, afterFile] = process.argv.slice(2);
if (!beforeFile || !afterFile) {
  console.error('usage: node scripts/coverage-table.mjs <before coverage-summary.json> <after coverage-summary.json>');
  process.exit(2);
}
const before = byFolder(beforeFile);
const after = byFolder(afterFile);
const pct = (e) => (e && e.total ? `${((100 * e.covered) / e.total).toFixed(1)} %` : '-');
let lost = false;
const rows = ['| folder | lines | covered before | covered after | before | after |', '|---|---:|---:|---:|---:|---:|'];
const sum = (m) => [...m.values()].reduce((a, e) => ({ total: a.total + e.total, covered: a.covered + e.covered }), { total: 0, covered: 0 });
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
