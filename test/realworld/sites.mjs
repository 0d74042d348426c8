#!/usr/bin/env node
// Prints the retry sites the analysis finds in one file, with their policies: a tool for
// reading a benchmark finding or miss next to the code.
//
//   node test/realworld/sites.mjs FILE [FROM_LINE TO_LINE]
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { Linter } from 'eslint';
import { analyzeRetrySites } from '@retry-hygiene/analysis';
import { corpusConfigs, lintFile } from '../corpus/run.mjs';

const [file, from, to] = process.argv.slice(2);
if (!file) {
  console.error('usage: node test/realworld/sites.mjs FILE [FROM_LINE TO_LINE]');
  process.exit(2);
}
const linter = new Linter();
const result = lintFile(linter, corpusConfigs(), readFileSync(file, 'utf8'), `sites/${basename(file)}`);
if (result.parseError) {
  console.error(`parse error: ${result.parseError}`);
  process.exit(1);
}
for (const site of analyzeRetrySites(linter.getSourceCode())) {
  const line = site.loc.start.line;
  if (from && (line < Number(from) || line > Number(to))) continue;
  const nested = site.nested.map((n) => n.inner.loc.start.line);
  console.log(
    `${site.kind} line ${line} (node ${site.node.loc.start.line}-${site.node.loc.end.line}) ${JSON.stringify(site.policy)}` +
      ` operation ${site.operation?.loc.start.line ?? '-'} sleep ${site.sleep?.loc.start.line ?? '-'}` +
      ` nested [${nested.join(', ')}] abort ${site.abortAware} deadline ${site.deadlineBound}`,
  );
}
