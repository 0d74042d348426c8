#!/usr/bin/env node
// What building the rules' suggestions during the lint costs, against building them after it
// (what the language server does: settings.retryHygiene.deferSuggestions, then
// buildDeferredSuggestions), on the stress file of run.mjs (200 retry sites).
//
//   node scripts/setup.mjs && node test/bench/language-server/suggestions.mjs
//
// One process lints the file alternately parse-only, with suggestions built by ESLint, and
// with them deferred; process CPU time per lint, medians of 40 rounds after 5 warm-up rounds,
// ratios against parse-only. `build` is the time to build the deferred suggestions afterwards.
// Reports; asserts nothing.
import { Linter } from 'eslint';
import plugin, { buildDeferredSuggestions } from 'eslint-plugin-retry-hygiene';
import { analyzeRetrySites } from '@retry-hygiene/analysis';
import { makeFile } from './files.mjs';

const text = makeFile(1);
const linter = new Linter({ configType: 'flat' });
const base = [...plugin.configs.recommended, ...plugin.configs.typescript, { linterOptions: { reportUnusedDisableDirectives: 'off' } }];
const parseOnly = [...plugin.configs.recommended, ...plugin.configs.typescript].map(({ rules, plugins, ...rest }) => rest);
const deferred = [...base, { settings: { retryHygiene: { deferSuggestions: true } } }];
const runs = { parse: [], eager: [], deferred: [], build: [] };
let t = text;
for (let r = -5; r < 40; r++) {
  t = t.replace(/const DELAY_0 = 100\d/, `const DELAY_0 = 100${r & 1}`);
  for (const name of r % 2 ? ['parse', 'eager', 'deferred'] : ['deferred', 'eager', 'parse']) {
    const c = process.cpuUsage();
    const cfg = name === 'parse' ? parseOnly : name === 'eager' ? base : deferred;
    const msgs = linter.verify(t, cfg, { filename: 'orders-service.ts' });
    if (name !== 'parse') analyzeRetrySites(linter.getSourceCode());
    const d = process.cpuUsage(c);
    if (r >= 0) runs[name].push((d.user + d.system) / 1000);
    if (name === 'deferred') {
      const c2 = process.cpuUsage();
      const built = buildDeferredSuggestions(linter.getSourceCode(), msgs);
      const d2 = process.cpuUsage(c2);
      if (r >= 0) runs.build.push((d2.user + d2.system) / 1000);
      if (r === 0) console.log(`${msgs.length} findings; deferred: ${built.flat().filter(Boolean).length} suggestions built afterwards`);
    }
    if (name === 'eager' && r === 0) console.log(`ESLint built ${msgs.reduce((n, m) => n + (m.suggestions?.length ?? 0), 0)} suggestions during the lint`);
  }
}
const med = (a) => [...a].sort((x, y) => x - y)[a.length >> 1];
const p = med(runs.parse);
const label = { parse: 'parse-only', eager: 'rules, suggestions during the lint', deferred: 'rules, suggestions deferred', build: '  building them afterwards' };
for (const k of Object.keys(runs)) console.log(`${label[k].padEnd(36)} ${med(runs[k]).toFixed(1).padStart(7)} ms CPU  ${(med(runs[k]) / p).toFixed(2)}× parse-only`);
