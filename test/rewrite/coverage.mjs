#!/usr/bin/env node
// Issue 28's figure: of the hand-written retry sites (loops, recursions, repeated calls; not
// library calls) the rules report in a folder (default fixtures/), how many offer
// "Rewrite with retry()" (44 of 47 in fixtures/, 22 of 24 in test/rewrite/held-out/; the tests
// pin both at 90 % or more: suggestions-held-out.test.ts). A site only no-nested-retry reports
// is left out: its fixes choose a layer. Lints with the plugin's recommended config, as the
// fixtures test does.
//
//   node test/rewrite/coverage.mjs [folder]
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, extname, relative } from 'node:path';
import { ESLint } from 'eslint';
const plugin = (await import('../../packages/eslint-plugin/dist/index.js')).default;
const { analyzeRetrySites } = await import('../../packages/analysis/dist/index.js');
const root = process.argv[2] ?? new URL('../../fixtures', import.meta.url).pathname;
const files = [];
const walk = (d) => { for (const e of readdirSync(d)) { const p = join(d, e); if (statSync(p).isDirectory()) walk(p); else if (/\.(m|c)?(j|t)sx?$/.test(e)) files.push(p); } };
walk(root);
const kinds = new Map();
const collect = { plugins: { c: { rules: { k: { create: (ctx) => ({ 'Program:exit': () => { for (const s of analyzeRetrySites(ctx.sourceCode)) kinds.set(`${ctx.physicalFilename}:${s.loc.start.line}:${s.loc.start.column + 1}`, s.kind); } }) } } } }, rules: { 'c/k': 'error' } };
const eslint = new ESLint({ overrideConfigFile: true, overrideConfig: [...plugin.configs.recommended, ...plugin.configs.typescript, collect] });
const results = await eslint.lintFiles(files);
let sites = 0, rewritten = 0; const missing = [];
for (const r of results) {
  const bySite = new Map();
  for (const m of r.messages) {
    if (!m.ruleId?.startsWith('retry-hygiene/')) continue;
    const key = `${r.filePath}:${m.line}:${m.column}`;
    const kind = kinds.get(key);
    if (!kind || kind === 'library') continue;
    const s = bySite.get(key) ?? { rules: new Set(), rewrite: false };
    s.rules.add(m.ruleId.slice(14));
    if ((m.suggestions ?? []).some((g) => g.desc.startsWith('Rewrite with retry()'))) s.rewrite = true;
    bySite.set(key, s);
  }
  for (const [key, s] of bySite) {
    // A site only no-nested-retry reports has a layer to choose, not a policy to rewrite.
    if (s.rules.size === 1 && s.rules.has('no-nested-retry')) continue;
    sites++; if (s.rewrite) rewritten++; else missing.push(`${relative(process.cwd(), key)} ${[...s.rules].join(',')} ${kinds.get(key)}`);
  }
}
console.log(`${rewritten} of ${sites} hand-written sites offer "Rewrite with retry()" (${(100 * rewritten / sites).toFixed(0)} %)`);
for (const m of missing) console.log('  no rewrite:', m);
