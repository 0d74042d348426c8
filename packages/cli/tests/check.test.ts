import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { comparisonBrief, comparisonSummary, simulate } from '@retry-hygiene/herd';
import { ESLint } from 'eslint';
import { main } from '../src/main.js';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

async function check(args: string[], cwd: string, env: NodeJS.ProcessEnv = {}, stderrIsTTY = false): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const code = await main(['check', ...args], {
    stdout: (text) => void (stdout += text),
    stderr: (text) => void (stderr += text),
    cwd,
    isTTY: false,
    stderrIsTTY,
    env,
  });
  return { code, stdout, stderr };
}

const FIXED_FOREVER = `const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
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

const JITTERED = `const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export async function load(): Promise<Response> {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await fetch('/x');
    } catch {
      await sleep(Math.random() * Math.min(10_000, 100 * 2 ** attempt));
    }
  }
  throw new Error('unavailable');
}
`;

/** Other tools' comments: none of them is about retries. */
const OTHER_PLUGINS = `/* eslint-env node */
/* eslint react/no-danger: "off" */
// eslint-disable-next-line import/no-unresolved
import x from 'y';
export const z = x; // eslint-disable-line @typescript-eslint/no-explicit-any
/* eslint-disable unicorn/no-null */
`;

const FIXED_POLICY = { maxAttempts: 'unbounded', delay: { kind: 'constant', baseMs: 1000 }, jitter: 'none' } as const;
/** The quick fix of fixed.js: the rewrite to retry(), its 1 s wait kept with full jitter, bounded at 5 attempts. */
const FIX_POLICY = { maxAttempts: 5, delay: { kind: 'constant', baseMs: 1000 }, jitter: 'full' } as const;
const FIX_TITLE = 'Rewrite with retry() (stops after 5 attempts)';
/** fixed.js's loop with full jitter and nothing else changed: what jitter alone does. */
const JITTER_POLICY = { ...FIXED_POLICY, jitter: 'full' } as const;

const pluginUrl = pathToFileURL(join(dirname(fileURLToPath(import.meta.url)), '../../eslint-plugin/dist/index.js')).href;

let root: string;
let project: string;
let clean: string;
let empty: string;
let elsewhere: string;

function write(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'retry-hygiene-check-'));
  project = join(root, 'project');
  clean = join(root, 'clean');
  empty = join(root, 'empty');
  elsewhere = join(root, 'elsewhere');
  for (const dir of [project, clean, empty, elsewhere]) mkdirSync(dir);
  write(join(project, 'fixed.js'), FIXED_FOREVER);
  write(join(project, 'jittered.ts'), JITTERED);
  write(join(project, 'broken.js'), 'export function (\n');
  write(join(project, 'README.md'), '# not code\n');
  for (const skipped of ['node_modules/dep.js', 'dist/bundle.js', 'coverage/lcov-report/x.js', 'generated/api.js', 'vendor.min.js']) {
    write(join(project, skipped), FIXED_FOREVER);
  }
  write(join(project, '.gitignore'), 'generated/\n');
  write(join(clean, 'jittered.ts'), JITTERED);
  write(join(clean, 'comments.js'), OTHER_PLUGINS);
});

describe('retry-hygiene check --format json', () => {
  it("prints ESLint's result shape (absolute paths, messageId) with each site's policy and the herds of it and of the fix", async () => {
    const { code, stdout, stderr } = await check(['--format', 'json'], project);
    expect([code, stderr]).toEqual([1, '']);
    const files = JSON.parse(stdout) as ESLint.LintResult[];
    expect(files.map((f) => f.filePath).sort()).toEqual(['broken.js', 'fixed.js', 'jittered.ts'].map((f) => join(project, f)));
    const fixed = files.find((f) => f.filePath === join(project, 'fixed.js'))!;
    expect(fixed).toMatchObject({ errorCount: 2, warningCount: 0, suppressedMessages: [] });
    const herd = simulate(FIXED_POLICY);
    const jittered = simulate(JITTER_POLICY);
    const fix = simulate(FIX_POLICY);
    const messages = fixed.messages as unknown as Record<string, unknown>[];
    expect(messages.map((m) => [m.ruleId, m.messageId, m.line, m.column, m.endLine, m.endColumn])).toEqual([
      ['retry-hygiene/no-fixed-sleep-retry', 'fixedDelay', 3, 3, 3, 15],
      ['retry-hygiene/no-unbounded-retry', 'unbounded', 3, 3, 3, 15],
    ]);
    expect(messages[0]).toMatchObject({
      message: expect.stringMatching(/^This retry loop waits a fixed 1 s between attempts \(no limit on attempts\), /),
      policy: FIXED_POLICY,
      // No limit on attempts: the longest automatic outage, 10 s.
      outageMs: 10_000,
      herd: { totalCalls: herd.totalCalls, callsPerClient: 13, p99Ms: herd.p99Ms, failedClients: 0, drainedAtMs: 14_000, summary: comparisonSummary(herd) },
      jitterHerd: { policy: JITTER_POLICY, totalCalls: jittered.totalCalls, summary: comparisonSummary(jittered) },
      fixHerd: { title: FIX_TITLE, policy: FIX_POLICY, totalCalls: fix.totalCalls, failedClients: fix.failedClients, summary: comparisonSummary(fix) },
    });
    expect(files.find((f) => f.filePath.endsWith('jittered.ts'))!.messages).toEqual([]);
  });

  it('turns a syntax error into one message; skips node_modules, dist, coverage, minified files and what .gitignore ignores', async () => {
    const { stdout } = await check(['--format', 'json', '--no-herd'], project);
    const files = JSON.parse(stdout) as ESLint.LintResult[];
    const broken = files.find((f) => f.filePath.endsWith('broken.js'))!;
    expect(broken.messages).toHaveLength(1);
    expect(broken.messages[0]).toMatchObject({ ruleId: null, fatal: true, severity: 2, line: 1, message: expect.stringContaining('Parsing error') });
    expect(files.map((f) => f.filePath).filter((p) => /node_modules|dist|coverage|generated|\.min\./.test(p))).toEqual([]);
  });

  it('leaves the herd out with --no-herd', async () => {
    const { stdout } = await check(['--format', 'json', '--no-herd', 'fixed.js'], project);
    const [fixed] = JSON.parse(stdout) as { messages: Record<string, unknown>[] }[];
    expect(fixed!.messages).toHaveLength(2);
    expect(fixed!.messages.some((m) => 'herd' in m || 'policy' in m)).toBe(false);
  });
});

describe('retry-hygiene check: any path', () => {
  const lintedPaths = async (args: string[], cwd: string) => {
    const { code, stdout, stderr } = await check(['--format', 'json', '--no-herd', ...args], cwd);
    return { code, stderr, paths: (JSON.parse(stdout || '[]') as ESLint.LintResult[]).map((f) => f.filePath).sort() };
  };

  it('lints a folder outside the current one', async () => {
    expect(await lintedPaths([project], elsewhere)).toEqual({ code: 1, stderr: '', paths: ['broken.js', 'fixed.js', 'jittered.ts'].map((f) => join(project, f)) });
  });

  it('lints a single file outside the current folder, and several paths at once', async () => {
    expect(await lintedPaths([join(project, 'fixed.js')], elsewhere)).toMatchObject({ code: 1, paths: [join(project, 'fixed.js')] });
    expect(await lintedPaths([join(project, 'jittered.ts'), join(clean, 'jittered.ts')], elsewhere)).toMatchObject({
      code: 0,
      paths: [join(clean, 'jittered.ts'), join(project, 'jittered.ts')],
    });
  });

  it('expands globs (quoted, so the shell leaves them), with the default ignores still applied', async () => {
    expect(await lintedPaths(['**/*.js'], project)).toMatchObject({ paths: ['broken.js', 'fixed.js'].map((f) => join(project, f)) });
    expect(await lintedPaths([`${project}/*.ts`], elsewhere)).toMatchObject({ code: 0, paths: [join(project, 'jittered.ts')] });
  });

  it('skips --ignore-pattern matches (gitignore syntax, relative to the current folder)', async () => {
    expect(await lintedPaths(['--ignore-pattern', 'broken.js', '--ignore-pattern', '*.ts'], project)).toMatchObject({ paths: [join(project, 'fixed.js')] });
  });

  it('lints a file in node_modules when named, and reads no .gitignore with --no-gitignore', async () => {
    expect((await lintedPaths(['--no-gitignore'], project)).paths).toContain(join(project, 'generated', 'api.js'));
  });

  it('names a non-JavaScript file given explicitly and lints the rest', async () => {
    const { code, stdout, stderr } = await check(['--no-herd', 'README.md', 'fixed.js'], project);
    expect(code).toBe(1);
    expect(stderr).toBe('retry-hygiene check: README.md is not a JavaScript or TypeScript file (.js .mjs .cjs .jsx .ts .mts .cts .tsx); skipped\n');
    expect(stdout).toContain('in 1 of 1 file');
    expect(await check(['README.md'], project)).toMatchObject({ code: 2, stderr: expect.stringContaining('no JavaScript or TypeScript files found in README.md') });
  });
});

describe("retry-hygiene check: other tools' comments", () => {
  it('eslint-disable comments and inline configs of plugins check does not load are silent, exit 0', async () => {
    expect(await check([], clean)).toEqual({ code: 0, stdout: '✔ no retry problems in 2 files\n', stderr: '' });
  });

  it('reports an unused retry-hygiene directive only when asked, never one for another plugin', async () => {
    write(join(clean, 'sub', 'unused.js'), `${OTHER_PLUGINS}// eslint-disable-next-line retry-hygiene/require-jitter\nexport const y = 1;\n`);
    try {
      expect((await check(['sub'], clean)).code).toBe(0);
      const { code, stdout } = await check(['sub', '--report-unused-disable-directives', '--format', 'json'], clean);
      const [file] = JSON.parse(stdout) as ESLint.LintResult[];
      expect(code).toBe(0); // a warning: exit 1 only past --max-warnings
      expect(file!.messages.map((m) => [m.line, m.severity, m.message])).toEqual([
        [7, 1, "Unused eslint-disable directive (no problems were reported from 'retry-hygiene/require-jitter')."],
      ]);
      expect((await check(['sub', '--report-unused-disable-directives', '--max-warnings', '0'], clean)).code).toBe(1);
    } finally {
      writeFileSync(join(clean, 'sub', 'unused.js'), 'export {};\n');
    }
  });
});

describe("retry-hygiene check: the product's own ignore comments", () => {
  it('drops the findings a retry-hygiene-ignore-next-line comment names, and only those', async () => {
    const dir = join(root, 'ignored');
    write(join(dir, 'a.js'), FIXED_FOREVER.replace('  while (true) {', '  // retry-hygiene-ignore-next-line no-fixed-sleep-retry -- a health probe\n  while (true) {'));
    const { code, stdout } = await check(['--format', 'json', '--no-herd'], dir);
    const [file] = JSON.parse(stdout) as ESLint.LintResult[];
    expect(file!.messages.map((m) => [m.ruleId, m.line, m.column])).toEqual([['retry-hygiene/no-unbounded-retry', 4, 3]]);
    expect(code).toBe(1);
  });
});

describe('retry-hygiene check --config', () => {
  it("lints with a project's own config: its rule options apply, only retry rules report", async () => {
    const dir = join(root, 'with-config');
    write(join(dir, 'a.js'), FIXED_FOREVER.replace('while (true)', 'for (let i = 0; i < 20; i++)'));
    write(
      join(dir, 'eslint.config.mjs'),
      `import plugin from ${JSON.stringify(pluginUrl)};
export default [
  ...plugin.configs.recommended,
  { rules: { 'retry-hygiene/no-fixed-sleep-retry': 'off', 'retry-hygiene/no-unbounded-retry': ['warn', { maxAttempts: 5 }], 'no-unused-vars': 'error' } },
];
`,
    );
    const { code, stdout } = await check(['--config', 'eslint.config.mjs', '--format', 'json', '--no-herd'], dir);
    const [file] = JSON.parse(stdout) as ESLint.LintResult[];
    expect(file!.messages.map((m) => [m.ruleId, m.severity, m.messageId])).toEqual([['retry-hygiene/no-unbounded-retry', 1, 'tooManyAttempts']]);
    expect(code).toBe(0);
  });

  it('says so when the config turns on no retry rule, exit 2', async () => {
    const dir = join(root, 'config-without-rules');
    write(join(dir, 'a.js'), FIXED_FOREVER);
    write(join(dir, 'eslint.config.mjs'), 'export default [{ rules: { semi: "error" } }];\n');
    const { code, stderr } = await check(['--config', 'eslint.config.mjs'], dir);
    expect(code).toBe(2);
    expect(stderr).toMatch(/turns on no retry-hygiene rule for a\.js: add \.\.\.retryHygiene\.configs\.recommended/);
  });

  it('an error inside the config is an internal error, exit 2 (never 1, which means findings)', async () => {
    const dir = join(root, 'broken-config');
    write(join(dir, 'a.js'), FIXED_FOREVER);
    write(join(dir, 'eslint.config.mjs'), 'throw new Error("config exploded");\n');
    const { code, stderr } = await check(['--config', 'eslint.config.mjs'], dir);
    expect(code).toBe(2);
    expect(stderr).toMatch(/^retry-hygiene check: internal error: .*config exploded/);
  });
});

describe('retry-hygiene check (stylish)', () => {
  it("prints findings by file, under each site its herd beside the same budget with full jitter and its quick fix's, the scenario, and a summary", async () => {
    const { code, stdout } = await check([], project);
    expect(code).toBe(1);
    const lines = stdout.split('\n');
    const at = lines.indexOf('fixed.js');
    expect(at).toBeGreaterThanOrEqual(0);
    expect(lines[at + 1]).toMatch(/^ {2}3:3 {5}error {2}This retry loop waits a fixed 1 s .* {2}retry-hygiene\/no-fixed-sleep-retry$/);
    expect(lines[at + 2]).toMatch(/^ {2}3:3 {5}error {2}This retry loop never gives up: .* {2}retry-hygiene\/no-unbounded-retry$/);
    // One herd line for the site, after both of its findings; jitter alone and the fix's under it.
    expect(lines[at + 3]).toMatch(/^ {10}herd {4}\S+ {2}this retry \(server down 10 s\): /);
    expect(lines[at + 3]).toContain(comparisonSummary(simulate(FIXED_POLICY)));
    expect(lines[at + 3]).toContain('13 000 calls (13.0 per client), peak 5.0× capacity on recovery, every client served, load under capacity after 14 s');
    expect(lines[at + 4]).toMatch(/^ {10}jitter {2}\S+ {2}same budget, full jitter: /);
    expect(lines[at + 4]).toContain(comparisonSummary(simulate(JITTER_POLICY)));
    expect(lines[at + 5]).toMatch(/^ {10}fix {5}\S+ {2}/);
    expect(lines[at + 5]).toContain(`  ${FIX_TITLE}: ${comparisonSummary(simulate(FIX_POLICY))}`);
    expect(stdout).toContain('herd:   the simulated load of each retry: 1 000 clients fail at once, a server of 200 req/s down for half the time each retry keeps trying (at most 10 s)');
    expect(stdout).toContain('jitter: the same attempts and waits with full jitter; fix: after the quick fix the editor offers (its title), in the same outage.');
    expect(stdout).not.toContain('retry() defaults');
    expect(stdout).toContain('✖ 3 problems (3 errors, 0 warnings) in 2 of 3 files');
    expect(stdout).toMatch(/\n {2}1 no-fixed-sleep-retry, 1 no-unbounded-retry, 1 parse error\n$/);
    expect(stdout).not.toContain('\u001b['); // no colour when not a terminal
  });

  it('simulates the scenario given by --clients, --capacity and --outage', async () => {
    const { stdout } = await check(['fixed.js', '--clients', '300', '--capacity', '100', '--outage', '2000'], project);
    const scenario = { clients: 300, capacity: 100, outageMs: 2000 };
    // The outage set: the line does not repeat it per site.
    expect(stdout).toContain(`this retry: ${comparisonSummary(simulate(FIXED_POLICY, scenario))}`);
    expect(stdout).toContain(`same budget, full jitter: ${comparisonSummary(simulate(JITTER_POLICY, scenario))}`);
    expect(stdout).toContain(`${FIX_TITLE}: ${comparisonSummary(simulate(FIX_POLICY, scenario))}`);
    expect(stdout).toContain('300 clients fail at once, a server of 100 req/s down for the first 2 s');
  });

  it('exits 0 with --exit-zero, and says so when nothing is wrong', async () => {
    expect((await check(['--exit-zero'], project)).code).toBe(0);
    const { code, stdout } = await check(['jittered.ts'], clean);
    expect([code, stdout]).toEqual([0, '✔ no retry problems in 1 file\n']);
  });

  it('writes the report to --output-file', async () => {
    const out = join(root, 'reports', 'check.json');
    const { code, stdout } = await check(['fixed.js', '-f', 'json', '-o', out], project);
    expect([code, stdout]).toEqual([1, '']);
    expect((JSON.parse(readFileSync(out, 'utf8')) as unknown[]).length).toBe(1);
  });
});

describe('retry-hygiene check: large trees', () => {
  it('shows progress on standard error when it is a terminal (not with --no-progress), and clears it', async () => {
    const dir = join(root, 'many');
    for (let i = 0; i < 250; i++) write(join(dir, `m${String(i).padStart(3, '0')}.js`), `export const v${i} = ${i};\n`);
    write(join(dir, 'fixed.js'), FIXED_FOREVER);
    const { code, stdout, stderr } = await check(['--no-herd'], dir, {}, true);
    expect(code).toBe(1);
    expect(stderr.startsWith('\r\u001b[Kchecking 0 of 251 files')).toBe(true);
    expect(stderr).toMatch(/\r\u001b\[Kchecking 100 of 251 files \(\d+ files\/s\)/);
    expect(stderr.endsWith('\r\u001b[K')).toBe(true);
    expect(stdout).toContain('in 1 of 251 files');
    expect((await check(['--no-herd', '--no-progress'], dir, {}, true)).stderr).toBe('');
    expect((await check(['--no-herd'], dir, {}, false)).stderr).toBe('');
  });

  it('--concurrency 2 lints in worker threads with the same findings and herds', async () => {
    const serial = await check(['--format', 'json'], project);
    const parallel = await check(['--format', 'json', '--concurrency', '2'], project);
    expect(parallel.code).toBe(serial.code);
    expect(JSON.parse(parallel.stdout)).toEqual(JSON.parse(serial.stdout));
  });
});

describe('retry-hygiene check: formats for CI', () => {
  it('github: one workflow-command annotation per finding, escaped, and a summary line', async () => {
    const { code, stdout } = await check(['--format', 'github'], project);
    expect(code).toBe(1);
    const lines = stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toBe('::error file=broken.js,line=1,col=17,title=parse error::Parsing error: Unexpected token (');
    expect(lines[1]).toMatch(
      /^::error file=fixed\.js,line=3,endLine=3,col=3,endColumn=15,title=retry-hygiene\/no-fixed-sleep-retry::This retry loop waits a fixed 1 s [^\n]*$/,
    );
    expect(lines[2]).toContain(
      `%0AHerd, this retry (server down 10 s): ${comparisonSummary(simulate(FIXED_POLICY))}.%0AJitter alone, same budget, full jitter: ${comparisonSummary(simulate(JITTER_POLICY))}.%0AFix, ${FIX_TITLE}: ${comparisonSummary(simulate(FIX_POLICY))}.`,
    );
    expect(lines[3]).toBe('retry-hygiene: 3 problems (3 errors, 0 warnings) in 3 files');
  });

  it("markdown: a table of findings with each one's herd next to the fix's, and the scenario", async () => {
    const { stdout } = await check(['fixed.js', '--format', 'markdown'], project);
    const fixed = simulate(FIXED_POLICY);
    const fix = simulate(FIX_POLICY);
    expect(stdout.split('\n').slice(0, 7).map((l) => l.replace(/\]\(https:\/\/github\.com\/[^)]*\/(no-[a-z-]+)\.md\)/, '](…/$1.md)'))).toEqual([
      '### ❌ retry-hygiene: 2 problems (2 errors, 0 warnings) in 1 file',
      '',
      '| rule | findings |',
      '|---|---|',
      '| [no-fixed-sleep-retry](…/no-fixed-sleep-retry.md) | 1 |',
      '| [no-unbounded-retry](…/no-unbounded-retry.md) | 1 |',
      '',
    ]);
    expect(stdout.split('\n').slice(7, 12)).toEqual([
      '<details>',
      '<summary>no-fixed-sleep-retry — 1 finding</summary>',
      '',
      '| where | finding | this retry | jitter alone | its quick fix |',
      '|---|---|---|---|---|',
    ]);
    const row = stdout.split('\n')[12]!;
    expect(row).toMatch(/^\| `fixed\.js:3` \| This retry loop waits /);
    expect(row).toContain(` | server down 10 s: ${comparisonBrief(fixed)} | ${comparisonBrief(simulate(JITTER_POLICY))} | ${FIX_TITLE}: ${comparisonBrief(fix)} |`);
    expect(comparisonBrief(fixed)).toBe('13.0 calls/client, peak 5.0×, 1 000/1 000 served, drained 14 s');
    expect(stdout).toContain('Herd: the simulated load of each retry, 1 000 clients fail at once');
    expect((await check(['jittered.ts', '--format', 'markdown'], clean)).stdout).toBe('### ✅ retry-hygiene: no retry problems in 1 file\n');
  });
});

describe('retry-hygiene check: bad input', () => {
  it('names a bad --format in one line, exit 2', async () => {
    const { code, stdout, stderr } = await check(['--format', 'xml'], project);
    expect([code, stdout, stderr]).toEqual([2, '', "retry-hygiene check: --format must be one of stylish, json, sarif, github, markdown, not 'xml'\n"]);
  });

  it('names an unknown option or a bad number, exit 2', async () => {
    const { code, stderr } = await check(['--colour'], project);
    expect(code).toBe(2);
    expect(stderr).toMatch(/^retry-hygiene check: .*--colour.*\n$/);
    expect(await check(['--clients', '0'], project)).toMatchObject({ code: 2, stderr: "retry-hygiene check: --clients must be a whole number from 1 to 1000000, not '0'\n" });
  });

  it('says when there is nothing to lint, exit 2', async () => {
    const { code, stderr } = await check([], empty);
    expect([code, stderr]).toEqual([2, 'retry-hygiene check: no JavaScript or TypeScript files found in .\n']);
  });

  it('prints its help with --help and the version with --version, exit 0', async () => {
    const { code, stdout } = await check(['--help'], project);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^usage: retry-hygiene check \[paths…\]/);
    expect(stdout).toMatch(/Exit codes: 0 no problems, 1 problems found/);
    const version = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
    expect(await check(['--version'], project)).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
    let out = '';
    expect(await main(['--version'], { stdout: (t) => void (out += t), stderr: () => {}, cwd: project, isTTY: false })).toBe(0);
    expect(out).toBe(`${version}\n`);
  });
});

describe('retry-hygiene check --changed', () => {
  const git = (cwd: string, ...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd, stdio: 'pipe' }).toString();

  it('lints only the files changed since the merge base with the default branch, committed or not', async () => {
    const repo = join(root, 'repo');
    write(join(repo, 'old.js'), FIXED_FOREVER);
    write(join(repo, 'touched.js'), 'export const a = 1;\n');
    write(join(repo, 'ignored', 'x.js'), FIXED_FOREVER);
    write(join(repo, '.gitignore'), 'ignored/\n');
    git(repo, 'init', '-q', '-b', 'main');
    git(repo, 'add', '.');
    git(repo, 'commit', '-qm', 'base');
    git(repo, 'checkout', '-qb', 'feature');
    write(join(repo, 'committed.js'), FIXED_FOREVER);
    git(repo, 'add', 'committed.js');
    git(repo, 'commit', '-qm', 'feature work');
    write(join(repo, 'touched.js'), FIXED_FOREVER);
    write(join(repo, 'untracked.ts'), JITTERED);
    const run = async (...args: string[]) => {
      const { code, stdout, stderr } = await check(['--format', 'json', '--no-herd', ...args], repo);
      return { code, stderr, paths: (JSON.parse(stdout) as ESLint.LintResult[]).map((f) => f.filePath.slice(repo.length + 1)).sort() };
    };
    expect(await run('--changed')).toEqual({ code: 1, stderr: '', paths: ['committed.js', 'touched.js', 'untracked.ts'] });
    expect(await run('--changed=HEAD')).toMatchObject({ paths: ['touched.js', 'untracked.ts'] });
    expect(await run('--changed', 'untracked.ts')).toMatchObject({ code: 0, paths: ['untracked.ts'] });
    expect(await check(['--changed=no-such-branch'], repo)).toMatchObject({ code: 2, stderr: expect.stringMatching(/^retry-hygiene check: --changed: /) });
  });

  /** The files `check --changed` lints in `repo` (paths relative to it), and its exit code and stderr. */
  async function changed(repo: string, env: NodeJS.ProcessEnv = {}, ...args: string[]) {
    const { code, stdout, stderr } = await check(['--changed', '--format', 'json', '--no-herd', ...args], repo, env);
    return { code, stderr, paths: code === 2 ? [] : (JSON.parse(stdout) as ESLint.LintResult[]).map((f) => f.filePath.slice(repo.length + 1)).sort() };
  }

  /**
   * An upstream whose default branch is `trunk` (one commit ahead of its `main`), and a clone
   * with a feature branch off trunk: the merge base with origin/trunk leaves feature.js
   * alone, the one with origin/main also trunk.js.
   */
  function cloneWithTrunk(name: string): string {
    const upstream = join(root, `${name}-upstream`);
    write(join(upstream, 'old.js'), FIXED_FOREVER);
    git(upstream, 'init', '-q', '-b', 'trunk');
    git(upstream, 'add', '.');
    git(upstream, 'commit', '-qm', 'base');
    git(upstream, 'branch', 'main');
    write(join(upstream, 'trunk.js'), FIXED_FOREVER);
    git(upstream, 'add', '.');
    git(upstream, 'commit', '-qm', 'trunk moves on');
    const clone = join(root, `${name}-clone`);
    git(root, 'clone', '-q', upstream, clone);
    git(clone, 'checkout', '-qb', 'feature');
    write(join(clone, 'feature.js'), FIXED_FOREVER);
    git(clone, 'add', '.');
    git(clone, 'commit', '-qm', 'feature work');
    return clone;
  }

  it("defaults to the merge base with the remote's default branch (origin/HEAD), before origin/main", async () => {
    const clone = cloneWithTrunk('origin-head');
    expect(git(clone, 'symbolic-ref', '--short', 'refs/remotes/origin/HEAD').trim()).toBe('origin/trunk');
    expect(await changed(clone)).toEqual({ code: 1, stderr: '', paths: ['feature.js'] });
  });

  it("falls back to origin/main when the remote's HEAD is not known, and takes a pull request's GITHUB_BASE_REF first", async () => {
    const clone = cloneWithTrunk('no-origin-head');
    git(clone, 'remote', 'set-head', 'origin', '--delete');
    expect(await changed(clone)).toEqual({ code: 1, stderr: '', paths: ['feature.js', 'trunk.js'] });
    expect(await changed(clone, { GITHUB_BASE_REF: 'trunk' })).toEqual({ code: 1, stderr: '', paths: ['feature.js'] });
  });

  it('falls back to a local master when there is no remote and no main', async () => {
    const repo = join(root, 'master-only');
    write(join(repo, 'old.js'), FIXED_FOREVER);
    git(repo, 'init', '-q', '-b', 'master');
    git(repo, 'add', '.');
    git(repo, 'commit', '-qm', 'base');
    git(repo, 'checkout', '-qb', 'feature');
    write(join(repo, 'new.ts'), JITTERED);
    git(repo, 'add', '.');
    git(repo, 'commit', '-qm', 'feature work');
    expect(await changed(repo)).toEqual({ code: 0, stderr: '', paths: ['new.ts'] });
  });

  it('says so, with exit 2, when no default branch exists or the folder is not in a git repository', async () => {
    const repo = join(root, 'no-default');
    write(join(repo, 'a.js'), FIXED_FOREVER);
    git(repo, 'init', '-q', '-b', 'develop');
    git(repo, 'add', '.');
    git(repo, 'commit', '-qm', 'base');
    expect(await changed(repo)).toEqual({
      code: 2,
      stderr:
        'retry-hygiene check: --changed: no default branch found to compare with (tried origin/HEAD, origin/main, origin/master, main, master): name one, e.g. --changed=origin/develop\n',
      paths: [],
    });
    // A base given explicitly works there.
    expect(await changed(repo, {}, '--changed=develop')).toEqual({ code: 0, stderr: 'retry-hygiene check: no JavaScript or TypeScript file changed since ' + git(repo, 'rev-parse', 'HEAD').slice(0, 12) + '\n', paths: [] });

    const plain = mkdtempSync(join(tmpdir(), 'retry-hygiene-not-git-'));
    write(join(plain, 'a.js'), FIXED_FOREVER);
    expect(await changed(plain)).toEqual({ code: 2, stderr: `retry-hygiene check: --changed: ${plain} is not in a git repository\n`, paths: [] });
  });
});

describe('retry-hygiene check: bulk suppressions (eslint-suppressions.json)', () => {
  it('records a baseline, reports only new problems, agrees with ESLint on the same file, and fails on stale entries until pruned', async () => {
    const dir = join(root, 'baseline');
    write(join(dir, 'a.js'), FIXED_FOREVER);
    write(join(dir, 'b.ts'), JITTERED);
    expect((await check(['--suppress-all', '--no-herd'], dir)).code).toBe(0);
    const file = join(dir, 'eslint-suppressions.json');
    expect(readFileSync(file, 'utf8')).toBe(
      JSON.stringify({ 'a.js': { 'retry-hygiene/no-fixed-sleep-retry': { count: 1 }, 'retry-hygiene/no-unbounded-retry': { count: 1 } } }, null, 2),
    );
    expect(await check(['--no-herd'], dir)).toEqual({ code: 0, stdout: '✔ no retry problems in 2 files (2 errors suppressed)\n', stderr: '' });

    // Plain ESLint with the plugin reads the same file and suppresses the same messages.
    const plugin = (await import('eslint-plugin-retry-hygiene')).default;
    const eslint = new ESLint({ cwd: dir, overrideConfigFile: true, overrideConfig: [...plugin.configs.recommended, ...plugin.configs.typescript], applySuppressions: true });
    const [a] = await eslint.lintFiles(['a.js']);
    expect([a!.messages.length, a!.suppressedMessages.map((m) => m.ruleId)]).toEqual([0, ['retry-hygiene/no-fixed-sleep-retry', 'retry-hygiene/no-unbounded-retry']]);

    // A second fixed sleep in the same file: the rule's count is exceeded, both are reported (ESLint's rule).
    write(join(dir, 'a.js'), FIXED_FOREVER + FIXED_FOREVER.replace('load', 'load2').replace(/^const sleep.*\n/, ''));
    const grown = await check(['--no-herd', '--format', 'json'], dir);
    expect(grown.code).toBe(1);
    expect((JSON.parse(grown.stdout) as ESLint.LintResult[]).find((f) => f.filePath.endsWith('a.js'))!.messages).toHaveLength(4);

    // Fixed code leaves stale suppressions: exit 2 like ESLint, until pruned.
    write(join(dir, 'a.js'), JITTERED.replace(/: \w+(<\w+>)?/g, ''));
    const stale = await check(['--no-herd'], dir);
    expect(stale.code).toBe(2);
    expect(stale.stderr).toMatch(/suppressions in eslint-suppressions\.json no longer occur \(a\.js\): run with --prune-suppressions/);
    expect((await check(['--no-herd', '--pass-on-unpruned-suppressions'], dir)).code).toBe(0);
    expect((await check(['--no-herd', '--prune-suppressions'], dir)).code).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe('{}');
  });

  it('a missing --suppressions-location is a usage error', async () => {
    expect(await check(['--suppressions-location', 'nope.json'], project)).toMatchObject({ code: 2, stderr: expect.stringContaining('does not exist') });
  });
});
