import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { comparisonBrief, comparisonOutageMs, comparisonSummary, simulate, type RetryPolicy } from '@retry-hygiene/herd';
import { RETRY_DEFAULTS } from '@retry-hygiene/retry';
import type { ESLint, Linter } from 'eslint';
import { REWRITE_DEFAULTS } from '../../eslint-plugin/src/suggestions/policies.js';
import { main } from '../src/main.js';

/**
 * The "what the fix does" line of `check`: the herd of the policy the finding's own quick
 * fix leaves (the plugin's suggestion planning), labelled with that suggestion, in the
 * site's own outage; a site with no suggestion has no fix line (jitter alone is its comparison).
 */

const repo = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const fixture = (path: string) => join(repo, 'fixtures', path);

async function check(args: string[], cwd: string): Promise<string> {
  let stdout = '';
  await main(['check', '--exit-zero', ...args], { stdout: (t) => void (stdout += t), stderr: () => undefined, cwd, isTTY: false, stderrIsTTY: false, env: {} });
  return stdout;
}

type Herd = { totalCalls: number; failedClients: number; summary: string };
type Message = Linter.LintMessage & { policy?: RetryPolicy; outageMs?: number; jitterHerd?: Herd & { policy: RetryPolicy }; fixHerd?: Herd & { title: string; policy: RetryPolicy } };

/** What check simulates a fix in: the site's own outage (half its span, at most 10 s). */
const outageOf = (site: RetryPolicy) => ({ outageMs: comparisonOutageMs(site) });

async function messagesOf(path: string, cwd = repo): Promise<Message[]> {
  const files = JSON.parse(await check([path, '-f', 'json'], cwd)) as ESLint.LintResult[];
  return files.flatMap((f) => f.messages as Message[]);
}

const SLEEP = 'const sleep = (ms) => new Promise((r) => setTimeout(r, ms));\n';

/** A fixed 500 ms wait, 4 attempts: the rewrite keeps both and adds full jitter. */
const FIXED_BOUNDED = `${SLEEP}export async function load() {
  for (let attempt = 0; attempt < 4; attempt++) {
    try {
      return await fetch('/x');
    } catch {
      await sleep(500);
    }
  }
  throw new Error('unavailable');
}
`;

/** No limit: the rewrite bounds it at 5 attempts. */
const FIXED_FOREVER = `${SLEEP}export async function load() {
  while (true) {
    try {
      return await fetch('/x');
    } catch {
      await sleep(1000);
    }
  }
}
`;

/** A jittered loop inside p-retry: no-nested-retry offers no edit. */
const NESTED = `import pRetry from 'p-retry';
export async function load() {
  return pRetry(async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        return await fetch('/x');
      } catch {
        await new Promise((r) => setTimeout(r, Math.random() * 100 * 2 ** attempt));
      }
    }
    throw new Error('unavailable');
  }, { retries: 3, randomize: true });
}
`;

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'retry-hygiene-fix-line-'));
  writeFileSync(join(dir, 'bounded.js'), FIXED_BOUNDED);
  writeFileSync(join(dir, 'forever.js'), FIXED_FOREVER);
  writeFileSync(join(dir, 'nested.js'), NESTED);
});


describe("check's fix line: the herd of the finding's own quick fix", () => {
  it('a fixed-sleep loop: "Rewrite with retry()" keeps its 500 ms and its 4 attempts, with full jitter', async () => {
    const [message] = await messagesOf('bounded.js', dir);
    const site: RetryPolicy = { maxAttempts: 4, delay: { kind: 'constant', baseMs: 500 }, jitter: 'none' };
    const policy: RetryPolicy = { maxAttempts: 4, delay: { kind: 'constant', baseMs: 500 }, jitter: 'full' };
    // Half of its 1.5 s of waits.
    expect(outageOf(site)).toEqual({ outageMs: 750 });
    const fix = simulate(policy, outageOf(site));
    expect(message).toMatchObject({ ruleId: 'retry-hygiene/no-fixed-sleep-retry', outageMs: 750, fixHerd: { title: 'Rewrite with retry()', policy, totalCalls: fix.totalCalls, failedClients: fix.failedClients, summary: comparisonSummary(fix) } });
    // The label is the suggestion the editor lists for this very message.
    expect(message!.suggestions?.map((s) => s.desc)).toContain('Rewrite with retry()');
    const lines = (await check(['bounded.js'], dir)).split('\n');
    expect(lines[2]).toMatch(/^ {10}herd {4}\S+ {2}this retry \(server down 750 ms\): /);
    // The rewrite only adds jitter: one line says both.
    expect(lines[3]).toBe(`          fix     ${lines[3]!.slice(18).split('  ')[0]}  Rewrite with retry() (same budget, full jitter): ${comparisonSummary(fix)}`);
    // Here jitter serves more clients than the lockstep (108), so no note on what it costs.
    expect(fix.succeededClients - simulate(site, outageOf(site)).succeededClients).toBe(108);
    expect(lines[4]).toBe('');
  });

  it('an unbounded loop: the rewrite stops after 5 attempts, and both findings of the site show that one fix', async () => {
    const messages = await messagesOf('forever.js', dir);
    const policy: RetryPolicy = { maxAttempts: 5, delay: { kind: 'constant', baseMs: 1000 }, jitter: 'full' };
    expect(messages.map((m) => [m.ruleId, m.outageMs, m.fixHerd?.title, m.fixHerd?.policy, m.fixHerd?.totalCalls, m.fixHerd?.failedClients])).toEqual([
      ['retry-hygiene/no-fixed-sleep-retry', 10_000, 'Rewrite with retry() (stops after 5 attempts)', policy, 5000, 1000],
      ['retry-hygiene/no-unbounded-retry', 10_000, 'Rewrite with retry() (stops after 5 attempts)', policy, 5000, 1000],
    ]);
    expect(messages[1]!.suggestions?.map((s) => s.desc)).toEqual(['Rewrite with retry() (stops after 5 attempts)']);
    const out = await check(['forever.js'], dir);
    // Given up before the server is back, in words.
    expect(out).toMatch(/\n {10}fix {5}\S+ {2}Rewrite with retry\(\) \(stops after 5 attempts\): 5 000 calls \(5\.0 per client\), every client gives up before the server is back\n/);
  });

  it("an unbounded loop under a project's config: the bound of no-unbounded-retry's maxAttempts, for both findings of the site", async () => {
    const project = join(dir, 'configured');
    mkdirSync(project);
    writeFileSync(join(project, 'forever.js'), FIXED_FOREVER);
    writeFileSync(
      join(project, 'eslint.config.mjs'),
      `import plugin from ${JSON.stringify(pathToFileURL(join(repo, 'packages/eslint-plugin/dist/index.js')).href)};
export default [...plugin.configs.recommended, { rules: { 'retry-hygiene/no-unbounded-retry': ['error', { maxAttempts: 3 }] } }];
`,
    );
    const files = JSON.parse(await check(['--config', 'eslint.config.mjs', '-f', 'json'], project)) as ESLint.LintResult[];
    const messages = files.flatMap((f) => f.messages as Message[]);
    const policy: RetryPolicy = { maxAttempts: 3, delay: { kind: 'constant', baseMs: 1000 }, jitter: 'full' };
    expect(messages.map((m) => [m.ruleId, m.fixHerd?.title, m.fixHerd?.policy, m.fixHerd?.totalCalls])).toEqual([
      ['retry-hygiene/no-fixed-sleep-retry', 'Rewrite with retry() (stops after 3 attempts)', policy, 3000],
      ['retry-hygiene/no-unbounded-retry', 'Rewrite with retry() (stops after 3 attempts)', policy, 3000],
    ]);
    expect(messages[1]!.suggestions?.map((s) => s.desc)).toEqual(['Rewrite with retry() (stops after 3 attempts)']);
  });

  it('a jitter-only finding (a self-retrying function, no rewrite for it): "Add full jitter" keeps its 6 attempts of 1 s × 2^n', async () => {
    const [message] = await messagesOf(fixture('react/use-live-feed.tsx'));
    const policy: RetryPolicy = { maxAttempts: 6, delay: { kind: 'exponential', baseMs: 1000, factor: 2 }, jitter: 'full' };
    // Half of 1 + 2 + … + 16 s is over the 10 s the outage is held to.
    const scenario = { outageMs: 10_000 };
    const fix = simulate(policy, scenario);
    expect(message).toMatchObject({ ruleId: 'retry-hygiene/require-jitter', outageMs: 10_000, fixHerd: { title: 'Add full jitter', policy, totalCalls: fix.totalCalls, failedClients: fix.failedClients } });
    expect(message!.suggestions?.[0]?.desc).toMatch(/^Add full jitter: /);
    expect(await check([fixture('react/use-live-feed.tsx')], repo)).toContain(`  Add full jitter (same budget): ${comparisonSummary(fix)}\n`);
  });

  it('library options: the option edit, with the jitter the library then applies or the bound it sets', async () => {
    const [jitter, bound] = await messagesOf(fixture('libraries/async-retry-invoices.cjs'));
    const randomized: RetryPolicy = { maxAttempts: 5, delay: { kind: 'exponential', baseMs: 200, factor: 2 }, jitter: 'proportional' };
    const randomizedFix = simulate(randomized, outageOf(jitter!.policy!));
    expect(jitter).toMatchObject({
      ruleId: 'retry-hygiene/require-jitter',
      fixHerd: { title: 'Remove `randomize: false` (async-retry randomizes by default)', policy: randomized, totalCalls: randomizedFix.totalCalls, failedClients: randomizedFix.failedClients },
    });
    const policy: RetryPolicy = { maxAttempts: 5, delay: { kind: 'exponential', baseMs: 1000, factor: 2, capMs: 30_000 }, jitter: 'proportional' };
    // The unbounded site's outage: the longest, 10 s.
    const fix = simulate(policy, outageOf(bound!.policy!));
    expect(bound).toMatchObject({ ruleId: 'retry-hygiene/no-unbounded-retry', outageMs: 10_000, fixHerd: { title: 'Stop after 5 attempts (`retries: 4`)', policy, totalCalls: fix.totalCalls, failedClients: fix.failedClients } });
    expect([fix.totalCalls, fix.failedClients]).toEqual([4997, 17]);
    expect(bound!.suggestions?.map((s) => s.desc)).toEqual(['Stop after 5 attempts (`retries: 4`)']);
  });

  it("a nested retry's quick fixes choose which layer retries, which changes no wait: no fix line, only jitter alone where it has none, in every format", async () => {
    const [message] = await messagesOf('nested.js', dir);
    expect(message!.ruleId).toBe('retry-hygiene/no-nested-retry');
    expect(message!.fixHerd).toBeUndefined();
    expect(message!.suggestions?.map((s) => s.desc)).toEqual([
      'Keep the outer retry: make the inner one (line 4) a single attempt (rewritten with retry() and `maxAttempts: 1`)',
      'Keep the inner retry (line 4): make this one a single attempt (`retries: 0`)',
    ]);
    const out = await check(['nested.js'], dir);
    expect(out).toMatch(/\n {10}herd {4}\S+ {2}this retry \(server down [^)]+\): /);
    expect(out).not.toMatch(/\n {10}(fix|ref) /);
    const markdown = await check(['nested.js', '-f', 'markdown'], dir);
    expect(markdown).toMatch(/ \| — \|\n/);
    const github = await check(['nested.js', '-f', 'github'], dir);
    expect(github).not.toContain('%0AFix');
    const sarif = JSON.parse(await check(['nested.js', '-f', 'sarif'], dir)) as { runs: { results: { message: { text: string }; properties: Record<string, unknown> }[] }[] };
    expect(sarif.runs[0]!.results[0]!.properties).not.toHaveProperty('fixHerd');
  });

  it('every format names the same fix: markdown, github and sarif carry the rewrite of the unbounded loop', async () => {
    const policy: RetryPolicy = { maxAttempts: 5, delay: { kind: 'constant', baseMs: 1000 }, jitter: 'full' };
    const fix = simulate(policy);
    const markdown = await check(['forever.js', '-f', 'markdown'], dir);
    expect(markdown).toContain('| where | finding | this retry | jitter alone | its quick fix |');
    expect(markdown).toContain(`| Rewrite with retry() (stops after 5 attempts): ${comparisonBrief(fix)} |`);
    expect(await check(['forever.js', '-f', 'github'], dir)).toContain(`%0AFix, Rewrite with retry() (stops after 5 attempts): ${comparisonSummary(fix)}.`);
    const sarif = JSON.parse(await check(['forever.js', '-f', 'sarif'], dir)) as { runs: { results: { message: { text: string }; properties: { fixHerd: unknown } }[] }[] };
    const [first] = sarif.runs[0]!.results;
    expect(first!.properties.fixHerd).toMatchObject({ title: 'Rewrite with retry() (stops after 5 attempts)', policy, totalCalls: 5000, failedClients: 1000 });
    expect(first!.message.text).toContain(`\nFix, Rewrite with retry() (stops after 5 attempts): ${comparisonSummary(fix)}.`);
  });

  it("the rewrite's policy relies on retry()'s real defaults for what it does not write", () => {
    expect(REWRITE_DEFAULTS).toEqual({ baseMs: RETRY_DEFAULTS.baseMs, factor: RETRY_DEFAULTS.factor, capMs: RETRY_DEFAULTS.capMs });
  });
});
