import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Ajv from 'ajv';
import type { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { lintEach, reasonOf } from '../src/check/lint-failures.js';
import { runCheck as check } from './run-check.js';

const require = createRequire(import.meta.url);

const FIXED = `const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export async function load() {
  while (true) {
    try {
      return await fetch('/x');
    } catch {
      await sleep(1000);
    }
  }
}
`;

const pluginUrl = pathToFileURL(join(dirname(fileURLToPath(import.meta.url)), '../../eslint-plugin/dist/index.js')).href;

/**
 * A project config whose extra retry-hygiene rule throws on an identifier named EXPLODE: a
 * rule that crashes on one file, as a plugin bug or a hostile input does. (check runs only
 * retry-hygiene/ rules of a project's config, so the rule joins the plugin's.)
 */
const CONFIG = `import plugin from ${JSON.stringify(pluginUrl)};
const boom = { create: () => ({ Identifier(node) { if (node.name === 'EXPLODE') throw new TypeError('boom at ' + node.name); } }) };
const patched = { ...plugin, rules: { ...plugin.rules, boom } };
export default [
  ...plugin.configs.recommended.map((c) => (c.plugins ? { ...c, plugins: { ...c.plugins, 'retry-hygiene': patched } } : c)),
  { rules: { 'retry-hygiene/boom': 'error' } },
];
`;

let dir: string;
const REASON = 'TypeError: boom at EXPLODE (rule retry-hygiene/boom, line 2)';
const NO_FIXED_SLEEP = 'This retry loop waits a fixed 1 s between attempts (no limit on attempts), so clients that failed together retry in lockstep. Back off with jitter, e.g. retry() from @retry-hygiene/retry.';
const NO_UNBOUNDED = 'This retry loop never gives up: no attempt limit, deadline or abort signal. Limit the attempts or the total time.';

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'retry-hygiene-failures-'));
  mkdirSync(join(dir, 'src'));
  writeFileSync(join(dir, 'eslint.config.mjs'), CONFIG);
  writeFileSync(join(dir, 'src', 'a.js'), FIXED);
  writeFileSync(join(dir, 'src', 'bad.js'), 'export const x = 1;\nconst y = EXPLODE;\n');
  writeFileSync(join(dir, 'src', 'c.js'), 'export const z = 1;\n');
});

const run = (...args: string[]) => check(['-c', 'eslint.config.mjs', '--no-herd', 'src', ...args], dir);

describe('check: a file whose lint throws loses only itself', () => {
  it('stylish: one error line naming the file and why, the other files reported, exit 1', async () => {
    const { code, stdout, stderr } = await run();
    expect([code, stderr]).toEqual([1, '']);
    expect(stdout).toBe(
      [
        'src/a.js',
        `  3:3     error  ${NO_FIXED_SLEEP}  retry-hygiene/no-fixed-sleep-retry`,
        `  3:3     error  ${NO_UNBOUNDED}  retry-hygiene/no-unbounded-retry`,
        '',
        `src/bad.js  error  could not lint this file: ${REASON}`,
        '',
        '✖ 2 problems (2 errors, 0 warnings) in 1 of 3 files; 1 file could not be linted',
        '  1 no-fixed-sleep-retry, 1 no-unbounded-retry',
        '',
      ].join('\n'),
    );
  });

  it('a failure alone still fails the run (exit 1, never the ✔ line)', async () => {
    const { code, stdout } = await check(['-c', 'eslint.config.mjs', 'src/bad.js'], dir);
    expect(code).toBe(1);
    expect(stdout).toBe(`src/bad.js  error  could not lint this file: ${REASON}\n\n✖ 0 problems (0 errors, 0 warnings) in 0 of 1 file; 1 file could not be linted\n`);
  });

  it("json: ESLint's result shape, the file with one fatal message naming the reason at the rule's line", async () => {
    const { code, stdout } = await run('-f', 'json');
    expect(code).toBe(1);
    const files = JSON.parse(stdout) as ESLint.LintResult[];
    expect(files.map((f) => f.filePath)).toEqual(['a.js', 'bad.js', 'c.js'].map((f) => join(dir, 'src', f)));
    expect(files[0]!.messages.map((m) => m.ruleId)).toEqual(['retry-hygiene/no-fixed-sleep-retry', 'retry-hygiene/no-unbounded-retry']);
    expect(files[1]).toEqual({
      filePath: join(dir, 'src', 'bad.js'),
      messages: [{ ruleId: null, fatal: true, severity: 2, message: `could not lint this file: ${REASON}`, line: 2, column: 1 }],
      suppressedMessages: [],
      errorCount: 1,
      fatalErrorCount: 1,
      warningCount: 0,
      fixableErrorCount: 0,
      fixableWarningCount: 0,
      usedDeprecatedRules: [],
    });
    expect(files[2]!.messages).toEqual([]);
  });

  it('sarif: the run is not successful, the file is a notification at the line; results for the others; schema-valid', async () => {
    const { code, stdout } = await run('-f', 'sarif');
    expect(code).toBe(1);
    const log = JSON.parse(stdout) as { runs: { invocations: unknown[]; results: { ruleId: string; locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }[] }[] };
    expect(log.runs[0]!.invocations).toEqual([
      {
        executionSuccessful: false,
        toolExecutionNotifications: [
          {
            level: 'error',
            message: { text: `could not lint this file: ${REASON}` },
            locations: [{ physicalLocation: { artifactLocation: { uri: 'src/bad.js', uriBaseId: '%SRCROOT%' }, region: { startLine: 2 } } }],
          },
        ],
      },
    ]);
    expect(log.runs[0]!.results.map((r) => [r.ruleId, r.locations[0]!.physicalLocation.artifactLocation.uri])).toEqual([
      ['retry-hygiene/no-fixed-sleep-retry', 'src/a.js'],
      ['retry-hygiene/no-unbounded-retry', 'src/a.js'],
    ]);
    const schema = JSON.parse(readFileSync(require.resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json'), 'utf8')) as object;
    const ajv = new Ajv({ schemaId: 'id', allErrors: true });
    ajv.addMetaSchema(require('ajv/lib/refs/json-schema-draft-04.json') as object);
    const validate = ajv.compile(schema);
    expect([validate(log), validate.errors]).toEqual([true, null]);
  });

  it('github: an ::error annotation on the file and line, titled, with the reason', async () => {
    const { code, stdout } = await run('-f', 'github');
    expect(code).toBe(1);
    expect(stdout.split('\n').slice(2)).toEqual([
      `::error file=src/bad.js,line=2,title=could not lint this file::${REASON}`,
      'retry-hygiene: 2 problems (2 errors, 0 warnings) in 3 files; 1 file could not be linted',
      '',
    ]);
    expect(stdout.split('\n')[0]).toMatch(/^::error file=src\/a\.js,line=3,endLine=3,col=3,endColumn=15,title=retry-hygiene\/no-fixed-sleep-retry::This retry loop waits/);
  });

  it('markdown: a row for the file with the reason, under its own heading, in the heading count', async () => {
    const { code, stdout } = await run('-f', 'markdown');
    expect(code).toBe(1);
    const lines = stdout.split('\n');
    expect(lines[0]).toBe('### ❌ retry-hygiene: 2 problems (2 errors, 0 warnings) in 3 files; 1 file could not be linted');
    expect(lines.slice(4, 7).map((l) => l.replace(/\]\([^)]*\)/, ']'))).toEqual(['| could not lint this file | 1 |', '| [no-fixed-sleep-retry] | 1 |', '| [no-unbounded-retry] | 1 |']);
    const failure = stdout.indexOf('<summary>could not lint this file — 1 finding</summary>');
    expect(failure).toBeGreaterThan(0);
    expect(stdout.slice(failure).split('\n').slice(1, 4)).toEqual(['', '| where | finding |', '|---|---|']);
    expect(stdout.slice(failure).split('\n')[4]).toBe(`| \`src/bad.js:2\` | ${REASON} |`);
    expect(stdout).toMatch(/\n\| `src\/a\.js:3` \| This retry loop waits/);
  });

  it('with worker threads (--concurrency 2) the same', async () => {
    const serial = await run('-f', 'json');
    const parallel = await run('-f', 'json', '--concurrency', '2');
    expect([parallel.code, JSON.parse(parallel.stdout)]).toEqual([serial.code, JSON.parse(serial.stdout)]);
  });
});

/**
 * An unreadable file, for real: mode 000 keeps out any user but root, so as root the CLI
 * runs as nobody (setpriv); as another user, in this process. Skipped where neither works.
 */
const root = process.getuid?.() === 0;
const SETPRIV = '/usr/bin/setpriv';
const BIN = join(dirname(fileURLToPath(import.meta.url)), '../bin/retry-hygiene.js');

describe('check: a file that cannot be read', () => {
  it.skipIf(root && !existsSync(SETPRIV))('is one error naming it and why; the others reported, exit 1', async () => {
    const where = mkdtempSync(join(tmpdir(), 'retry-hygiene-unreadable-'));
    chmodSync(where, 0o755);
    writeFileSync(join(where, 'a.js'), FIXED);
    writeFileSync(join(where, 'secret.js'), 'export const s = 1;\n');
    chmodSync(join(where, 'secret.js'), 0o000);
    let code = 0;
    let stdout: string;
    if (root) {
      try {
        stdout = execFileSync(SETPRIV, ['--reuid=65534', '--regid=65534', '--clear-groups', process.execPath, BIN, 'check', '--no-herd', '.'], { cwd: where, encoding: 'utf8' });
      } catch (error) {
        ({ status: code, stdout } = error as { status: number; stdout: string });
      }
    } else {
      ({ code, stdout } = await check(['--no-herd', '.'], where));
    }
    expect(code).toBe(1);
    expect(stdout).toBe(
      [
        'a.js',
        `  3:3     error  ${NO_FIXED_SLEEP}  retry-hygiene/no-fixed-sleep-retry`,
        `  3:3     error  ${NO_UNBOUNDED}  retry-hygiene/no-unbounded-retry`,
        '',
        `secret.js  error  could not lint this file: EACCES: permission denied, open '${join(where, 'secret.js')}'`,
        '',
        '✖ 2 problems (2 errors, 0 warnings) in 1 of 2 files; 1 file could not be linted',
        '  1 no-fixed-sleep-retry, 1 no-unbounded-retry',
        '',
      ].join('\n'),
    );
  });
});

describe('lintEach', () => {
  it('lints all files in one call when none fails, and halves down to the failing files when one does', async () => {
    const calls: string[][] = [];
    const files = Array.from({ length: 16 }, (_, i) => `f${i}.js`);
    const lint = async (some: string[]) => {
      calls.push(some);
      if (some.includes('f5.js') || some.includes('f12.js')) throw new Error(`cannot read ${some.length}`);
      return some.map((filePath) => ({ filePath }) as ESLint.LintResult);
    };
    expect((await lintEach(lint, files.filter((f) => f !== 'f5.js' && f !== 'f12.js'))).length).toBe(14);
    expect(calls).toHaveLength(1);
    calls.length = 0;
    const outcomes = await lintEach(lint, files);
    expect(outcomes.map((o) => ('result' in o ? o.result.filePath : `FAILED ${o.failure.filePath}: ${o.failure.reason}`))).toEqual(
      files.map((f) => (f === 'f5.js' || f === 'f12.js' ? `FAILED ${f}: cannot read 1` : f)),
    );
    // Per failing half of 8: itself, its halves of 4, of 2, of 1 (1 + 2 + 2 + 2); and the first call.
    expect(calls).toHaveLength(15);
  });

  it("reads the rule and line from ESLint's text when the error crossed from a worker thread; bounds and flattens the message", () => {
    expect(reasonOf(new Error('x is not a function\nOccurred while linting /p/a.js:7\nRule: "retry-hygiene/require-jitter"'))).toEqual({
      reason: 'x is not a function (rule retry-hygiene/require-jitter, line 7)',
      line: 7,
    });
    expect(reasonOf(Object.assign(new Error("EACCES: permission denied, open '/p/a.js'"), { code: 'EACCES' }))).toEqual({ reason: "EACCES: permission denied, open '/p/a.js'" });
    expect(reasonOf('thrown string')).toEqual({ reason: 'thrown string' });
    const long = reasonOf(new RangeError(`\u001b[31m${'a'.repeat(2000)}`)).reason;
    expect(long).toHaveLength(500);
    expect(long.slice(0, 20)).toBe('RangeError: [31maaaa');
    expect(long.endsWith('a…')).toBe(true);
  });
});
