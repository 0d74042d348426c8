#!/usr/bin/env node
// `retry-hygiene check` on a generated tree of 10 000 files (default; `--files N`) against
// plain ESLint with the same rules and parsers, both measured in this run: files per
// second, and check's time as a ratio of ESLint's. The tree mixes ordinary modules (JS and
// TS) with the repository's fixtures (retry sites, good and bad), one in 20 files.
//
//   node test/bench/check-10k.mjs [--files 10000] [--concurrency 2]
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = fileURLToPath(new URL('../..', import.meta.url));
const { values } = parseArgs({ options: { files: { type: 'string', default: '10000' }, concurrency: { type: 'string', default: '2' } } });
const total = Number(values.files);

function fixtureFiles(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) fixtureFiles(path, out);
    else if (/\.(c|m)?[jt]sx?$/.test(name)) out.push(path);
  }
  return out;
}

const ordinary = (i, ts) => `${ts ? "import type { Order } from './types';\n" : ''}import { format } from './format${i % 7}';
export class Service${i} {
  constructor(${ts ? 'private readonly base: string' : 'base'}) { ${ts ? '' : 'this.base = base;'} }
  async list(page${ts ? ': number' : ''} = 1) {
    const res = await fetch(\`\${this.base}/items?page=\${page}\`);
    if (!res.ok) throw new Error(\`HTTP \${res.status}\`);
    const items = await res.json();
    return items.map((item${ts ? ': Order' : ''}) => ({ ...item, label: format(item.name) }));
  }
  total(items${ts ? ': { price: number }[]' : ''}) {
    let sum = 0;
    for (const { price } of items) sum += price;
    return Math.round(sum * 100) / 100;
  }
}
export function pick${i}(list, n) {
  const out = [];
  for (let k = 0; k < list.length && out.length < n; k++) if (list[k]) out.push(list[k]);
  return out;
}
`;

const dir = mkdtempSync(join(tmpdir(), 'retry-hygiene-10k-'));
const fixtures = fixtureFiles(join(root, 'fixtures'));
for (let i = 0; i < total; i++) {
  const sub = join(dir, `pkg${Math.floor(i / 500)}`, `mod${Math.floor(i / 50) % 10}`);
  mkdirSync(sub, { recursive: true });
  if (i % 20 === 0) {
    const src = fixtures[(i / 20) % fixtures.length];
    cpSync(src, join(sub, `f${i}${extname(src)}`));
  } else {
    const ts = i % 3 === 0;
    writeFileSync(join(sub, `m${i}.${ts ? 'ts' : 'js'}`), ordinary(i, ts));
  }
}
console.log(`tree: ${total} files in ${dir}`);

function time(label, cmd, args) {
  const start = process.hrtime.bigint();
  const r = spawnSync(cmd, args, { cwd: dir, encoding: 'utf8', maxBuffer: 1 << 30 });
  const s = Number(process.hrtime.bigint() - start) / 1e9;
  if ((r.status !== 0 && r.status !== 1) || !r.stdout.trim() && !label.startsWith('retry-hygiene')) throw new Error(`${label} failed (${r.status}): ${r.stderr}`);
  const last = r.stdout.trim().split('\n').pop();
  console.log(`${label.padEnd(44)} ${s.toFixed(1).padStart(6)} s  ${Math.round(total / s).toString().padStart(5)} files/s   ${last ?? ''}`);
  return s;
}

// Plain ESLint with the config `check` embeds (recommended + typescript, unused directives
// off), as a config file so that ESLint's own --concurrency can load it in its workers.
const pluginUrl = new URL('packages/eslint-plugin/dist/index.js', `file://${root}/`).href;
writeFileSync(join(dir, 'eslint.config.mjs'), `import plugin from ${JSON.stringify(pluginUrl)};
export default [...plugin.configs.recommended, ...plugin.configs.typescript, { linterOptions: { reportUnusedDisableDirectives: 'off' } }];
`);
const eslintScript = `
import { ESLint } from 'eslint';
const eslint = new ESLint({ cwd: process.cwd(), overrideConfigFile: 'eslint.config.mjs', ignorePatterns: ['eslint.config.mjs'],
  concurrency: process.argv[2] === 'off' ? 'off' : Number(process.argv[2]) });
const results = await eslint.lintFiles(['.']);
console.log(results.length + ' files, ' + results.reduce((n, r) => n + r.messages.length, 0) + ' messages');
`;
const bin = join(root, 'packages/cli/bin/retry-hygiene.js');
const pluginDir = join(root, 'packages/cli'); // resolve eslint as the CLI does
writeFileSync(join(pluginDir, '.bench-eslint.mjs'), eslintScript);
const checkArgs = ['check', '.', '--ignore-pattern', 'eslint.config.mjs', '--format', 'json', '-o', join(dir, 'out.json')];
try {
  const eslintSerial = time('eslint (same rules), serial', process.execPath, [join(pluginDir, '.bench-eslint.mjs'), 'off']);
  const checkSerial = time('retry-hygiene check --no-herd', process.execPath, [bin, ...checkArgs, '--no-herd']);
  const checkHerd = time('retry-hygiene check (with herds)', process.execPath, [bin, ...checkArgs]);
  const c = values.concurrency;
  const eslintPar = time(`eslint (same rules), concurrency ${c}`, process.execPath, [join(pluginDir, '.bench-eslint.mjs'), c]);
  const checkPar = time(`retry-hygiene check --concurrency ${c}`, process.execPath, [bin, ...checkArgs, '--concurrency', c]);
  console.log(`\ncheck / eslint: serial ${(checkSerial / eslintSerial).toFixed(2)}× (--no-herd), ${(checkHerd / eslintSerial).toFixed(2)}× with herds; concurrency ${c}: ${(checkPar / eslintPar).toFixed(2)}×`);
} finally {
  rmSync(join(pluginDir, '.bench-eslint.mjs'), { force: true });
  rmSync(dir, { recursive: true, force: true });
}
