import { Linter } from 'eslint';
import { readFileSync } from 'node:fs';
import plugin from 'eslint-plugin-retry-hygiene';
import { analyzeRetrySites } from '@retry-hygiene/analysis';
const [file, from, to] = process.argv.slice(2);
const linter = new Linter();
const code = readFileSync(file, 'utf8');
const ts = /\.[cm]?tsx?$/.test(file);
const msgs = linter.verify(code, [...plugin.configs.recommended, { files: ['**/*.js'], languageOptions: { sourceType: /import |export /.test(code) ? 'module' : 'commonjs' } }], { filename: ts ? 'x.ts' : 'x.js' });
for (const m of msgs) if (m.fatal) console.log('FATAL', m.message);
const sc = linter.getSourceCode();
for (const s of analyzeRetrySites(sc)) {
  if (from && (s.loc.start.line < +from || s.loc.start.line > +to)) continue;
  console.log(s.kind, s.loc.start.line, 'node', s.node.loc.start.line, '-', s.node.loc.end.line, JSON.stringify(s.policy), 'op', s.operation?.loc.start.line, 'sleep', s.sleep?.loc.start.line, 'nested', s.nested.map(n => n.inner.loc.start.line), 'abort', s.abortAware, 'deadline', s.deadlineBound);
}
