#!/usr/bin/env node
// How many retry sites real files hold, so that the language-server bench's files can be
// compared with real code: the analysis over every file of the repository's node_modules and
// of the real-code benchmark's packages (`npm run realworld` installs them), reporting the files
// with the most sites and the densest per 3 000 lines. Not a test; takes a few minutes.
//
//   node scripts/setup.mjs && node test/bench/language-server/density.mjs
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Linter } from 'eslint';
import { analyzeRetrySites } from '@retry-hygiene/analysis';
import { collectFiles, corpusConfigs, lintFile } from '../../corpus/run.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const roots = [join(root, 'node_modules'), join(root, '.cache', 'realworld', 'node_modules')].filter((dir) => existsSync(dir));
const linter = new Linter();
const configs = corpusConfigs();
const rows = [];
let linted = 0;
for (const dir of roots) {
  for (const file of collectFiles(dir)) {
    const code = readFileSync(file, 'utf8');
    let result;
    try {
      result = lintFile(linter, configs, code, `density/${linted}${file.slice(file.lastIndexOf('.'))}`);
    } catch {
      continue;
    }
    if (result.parseError) continue;
    linted++;
    const sites = analyzeRetrySites(linter.getSourceCode()).length;
    const lines = code.split('\n').length;
    if (sites > 0) rows.push({ file: file.slice(root.length + 1), sites, lines, per3000: (sites * 3000) / lines });
  }
}
console.log(`${linted} files linted under ${roots.map((d) => d.slice(root.length + 1)).join(' and ')}; ${rows.length} hold retry sites`);
console.log('most sites in one file:');
for (const r of [...rows].sort((a, b) => b.sites - a.sites || a.lines - b.lines).slice(0, 5)) console.log(`  ${r.sites} sites in ${r.lines} lines  ${r.file}`);
console.log('densest files of 300 lines or more:');
for (const r of rows.filter((r) => r.lines >= 300).sort((a, b) => b.per3000 - a.per3000).slice(0, 5)) console.log(`  ${r.per3000.toFixed(1)} sites per 3 000 lines (${r.sites} in ${r.lines})  ${r.file}`);
