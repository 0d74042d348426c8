import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { simulate } from '@retry-hygiene/herd';
import { runSimulate } from '../src/commands/simulate.js';
import { createProgress } from '../src/commands/simulate-progress.js';
import { main } from '../src/main.js';
import { findAll, parseXml } from '../../herd/tests/xml.js';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

async function run(args: string[], options: { isTTY?: boolean; cwd?: string } = {}): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const code = await main(['simulate', ...args], {
    stdout: (text) => void (stdout += text),
    stderr: (text) => void (stderr += text),
    cwd: options.cwd ?? process.cwd(),
    isTTY: options.isTTY ?? false,
  });
  return { code, stdout, stderr };
}

describe('retry-hygiene simulate --format json', () => {
  it('prints one object per strategy with its name and the result fields', async () => {
    const { code, stdout, stderr } = await run(['--strategy', 'exponential,full', '--format', 'json']);
    expect([code, stderr]).toEqual([0, '']);
    const parsed = JSON.parse(stdout) as Record<string, unknown>[];
    expect(parsed.map((o) => o.strategy)).toEqual(['exponential', 'full']);
    const [exponential] = parsed;
    for (const field of ['totalCalls', 'wastedCalls', 'failedClients', 'p50Ms', 'p99Ms', 'maxMs', 'series', 'peakOffered', 'peakOverCapacity', 'settledAtMs']) {
      expect(exponential).toHaveProperty(field);
    }
    expect(exponential).toMatchObject({ totalCalls: 10_000, wastedCalls: 9_000, p99Ms: 52_700, settledAtMs: 42_000 });
    expect((exponential!.series as { offered: number[] }).offered[12]).toBe(1000);
  });

  it('passes every scenario option through to the simulator', async () => {
    const args = ['--clients', '500', '--capacity', '100', '--outage', '5000', '--base', '50', '--cap', '2_000', '--seed', '3', '--start-spread', '100', '--max-attempts', '12'];
    const { stdout } = await run(['--strategy', 'full', '--format', 'json', ...args]);
    const expected = simulate('full', { clients: 500, capacity: 100, outageMs: 5000, baseMs: 50, capMs: 2000, seed: 3, startSpreadMs: 100, maxAttempts: 12 });
    const { label: _label, ...fields } = expected;
    expect(JSON.parse(stdout)).toEqual([JSON.parse(JSON.stringify({ strategy: 'full', ...fields }))]);
  });

  it("keeps number arrays on one line and expands 'all'", async () => {
    const { stdout } = await run(['--strategy', 'all', '--format', 'json']);
    const parsed = JSON.parse(stdout) as { strategy: string }[];
    expect(parsed.map((o) => o.strategy)).toEqual(['constant', 'linear', 'exponential', 'full', 'equal', 'decorrelated']);
    expect(stdout).toMatch(/"offered": \[4000, 1000, 0, 1000, 0, 0, 1000,/);
  });
});

describe('retry-hygiene simulate (text)', () => {
  it('shows a chart per strategy and the results table, without colour when not a TTY', async () => {
    const { code, stdout } = await run(['--strategy', 'constant,exponential,full,decorrelated']);
    expect(code).toBe(0);
    expect(stdout).not.toMatch(/\x1b\[/);
    expect(stdout).toContain('1 000 clients fail at once; the server is down for 10 s, then serves 200/s.');
    for (const header of [
      'constant — 121 000 calls, 41.0× capacity on recovery, p99 14 s (log scale)',
      'exponential — 10 000 calls, 5.0× capacity on recovery, p99 52.7 s',
    ]) {
      expect(stdout.split('\n')).toContain(header);
    }
    const table = stdout.split('\n').filter((line) => /^(policy|constant|exponential|full|decorrelated)\s{2,}/.test(line));
    expect(table.map((line) => line.split(/\s+/)[0])).toEqual(['policy', 'constant', 'exponential', 'full', 'decorrelated']);
    for (const line of stdout.split('\n')) expect([...line].length).toBeLessThanOrEqual(80);
  });

  it('colours the bars on a TTY', async () => {
    const { stdout } = await run(['--strategy', 'exponential'], { isTTY: true });
    expect(stdout).toMatch(/\x1b\[31m/);
  });
});

describe('retry-hygiene simulate --format svg and --out', () => {
  it('prints an SVG chart with one curve per strategy', async () => {
    const { code, stdout } = await run(['--strategy', 'exponential,full,decorrelated', '--format', 'svg']);
    expect(code).toBe(0);
    const root = parseXml(stdout);
    expect(root.name).toBe('svg');
    expect(findAll(root, (e) => e.name === 'path' && e.attributes.class === 'rh-curve')).toHaveLength(3);
  });

  it('writes the same output to a file, relative to the working directory', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rh-simulate-'));
    const printed = await run(['--strategy', 'full', '--format', 'svg']);
    const written = await run(['--strategy', 'full', '--format', 'svg', '--out', 'herd.svg'], { cwd: dir });
    expect([written.code, written.stdout, written.stderr]).toEqual([0, '', 'retry-hygiene simulate: wrote herd.svg\n']);
    expect(readFileSync(join(dir, 'herd.svg'), 'utf8')).toBe(printed.stdout);
  });

  it('writes text to a file without colour, even from a TTY', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rh-simulate-'));
    await run(['--strategy', 'exponential', '--out', 'herd.txt'], { cwd: dir, isTTY: true });
    const text = readFileSync(join(dir, 'herd.txt'), 'utf8');
    expect(text).toContain('exponential — 10 000 calls');
    expect(text).not.toMatch(/\x1b\[/);
  });
});

describe('bad arguments: one line naming the argument, exit code 2', () => {
  it.each([
    [[], '--strategy is required'],
    [['--strategy', 'bogus'], "--strategy: unknown strategy 'bogus'"],
    [['--strategy', 'full,'], "--strategy: empty name in 'full,' (expected constant, linear, exponential, full, equal, decorrelated or all)"],
    [['--strategy', 'full', '--clients', 'abc'], "--clients must be a whole number from 1 to 10000000, got 'abc'"],
    [['--strategy', 'full', '--clients', '0'], '--clients must be a whole number'],
    [['--strategy', 'full', '--clients', '1.5'], '--clients must be a whole number'],
    [['--strategy', 'full', '--capacity', '0'], "--capacity must be a whole number from 1 to 1000000000000000, got '0'"],
    [['--strategy', 'full', '--outage=-1'], "--outage must be a number from 0 to 1000000000, got '-1'"],
    [['--strategy', 'full', '--outage', '-1'], "--outage must be a number from 0 to 1000000000, got '-1'"],
    [['--strategy', 'full', '--clients', '-5'], "--clients must be a whole number from 1 to 10000000, got '-5'"],
    [['--strategy', 'full', '--start-spread', '-.5'], "--start-spread must be a number from 0 to 1000000000, got '-.5'"],
    // Issue 31: the ranges of the simulator's SCENARIO_LIMITS, named by flag.
    [['--strategy', 'full', '--start-spread', '1e12'], "--start-spread must be a number from 0 to 1000000000, got '1e12'"],
    [['--strategy', 'full', '--max-attempts', '40000'], "--max-attempts must be a whole number from 1 to 10000, got '40000'"],
    [['--strategy', 'full', '--clients', '1e8'], "--clients must be a whole number from 1 to 10000000, got '1e8'"],
    [['--strategy', 'full', '--outage', '2e9'], "--outage must be a number from 0 to 1000000000, got '2e9'"],
    [['--strategy', 'full', '--cap', '1e10'], "--cap must be a number from 0 to 1000000000, got '1e10'"],
    [['--strategy', 'full', '--max-work', '-1'], "--max-work must be a number from 0 to 1000000000000, got '-1'"],
    [['--strategy', 'full', '--out', '-x'], "--out needs a value (write --out=<value> for one starting with '-')"],
    [['--strategy', 'full', '--base', '20000', '--cap', '100'], "--cap must be >= --base (20000), got '100'"],
    [['--strategy', 'exponential', '--base', '20000'], "--base must be <= the cap (10000 by default; set --cap), got '20000'"],
    [['--strategy', 'full', '--clients', '5', '--clients', '6'], "--clients given more than once ('5', '6')"],
    [['--strategy', 'full', '--format', 'json', '--format', 'svg'], "--format given more than once ('json', 'svg')"],
    [['--strategy', 'full,,exponential'], "--strategy: empty name in 'full,,exponential' (expected constant, linear, exponential, full, equal, decorrelated or all)"],
    [['--strategy', 'full', '--help=yes'], '--help does not take a value'],
    [['--strategy', 'full', '--base', '1e'], "--base must be a number from 0 to 1000000000, got '1e'"],
    [['--strategy', 'full', '--cap', 'Infinity'], '--cap must be a number'],
    [['--strategy', 'full', '--seed', '0.5'], "--seed must be a whole number, got '0.5'"],
    [['--strategy', 'full', '--start-spread', ''], '--start-spread must be a number'],
    [['--strategy', 'full', '--max-attempts', '0'], "--max-attempts must be a whole number from 1 to 10000, got '0'"],
    [['--strategy', 'full', '--format', 'pdf'], "--format must be one of text, json, svg, got 'pdf'"],
    [['--strategy', 'full', '--frobnicate'], "unknown option '--frobnicate'"],
    [['--strategy', 'full', '--clients'], '--clients needs a value'],
    [['--strategy', 'full', 'extra'], "unexpected argument 'extra'"],
    [['--strategy', 'full', '--out', '/nonexistent-dir/x.svg'], "--out: cannot write '/nonexistent-dir/x.svg' (ENOENT)"],
  ])('%j', async (args, message) => {
    const { code, stdout, stderr } = await run(args);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/^retry-hygiene simulate: [^\n]+\n$/);
    expect(stderr).toContain(message);
  });

  it('--help prints the usage and succeeds', async () => {
    const { code, stdout } = await run(['--help']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^usage: retry-hygiene simulate --strategy/);
    expect(stdout).toContain('--start-spread <ms>');
  });
});

describe('scenario edges', () => {
  it('merges a repeated --strategy, in order and without duplicates, and accepts all in a list', async () => {
    const { code, stdout } = await run(['--strategy', 'full', '--strategy', 'exponential,full', '--format', 'json']);
    expect(code).toBe(0);
    expect((JSON.parse(stdout) as { strategy: string }[]).map((o) => o.strategy)).toEqual(['full', 'exponential']);
    const all = await run(['--strategy', 'full', '-s', 'all', '--format', 'json']);
    expect((JSON.parse(all.stdout) as { strategy: string }[]).map((o) => o.strategy)).toEqual([
      'full',
      'constant',
      'linear',
      'exponential',
      'equal',
      'decorrelated',
    ]);
  });

  it('accepts a base above the cap for constant, which has no cap', async () => {
    const { code, stdout } = await run(['--strategy', 'constant', '--base', '20000', '--clients', '10', '--format', 'json']);
    expect(code).toBe(0);
    expect((JSON.parse(stdout) as { p99Ms: number }[])[0]!.p99Ms).toBe(20_000);
  });

  it('labels a huge capacity with an exponent, not 2000000000M', async () => {
    const { code, stdout } = await run(['--strategy', 'exponential', '--capacity', '1e15']);
    expect(code).toBe(0);
    expect(stdout).not.toMatch(/\d{5,}M/);
    expect(stdout).toContain('then serves 1.0e15/s.');
    const gutter = stdout.split('\n').filter((line) => /^\s*\S+ [┤┼]/.test(line)).map((line) => line.trim().split(' ')[0]);
    expect(gutter).toEqual(expect.arrayContaining(['2e15', '1e15']));
  });

  it('says when the clients start over a spread rather than at once', async () => {
    const { stdout } = await run(['--strategy', 'full', '--start-spread', '2000']);
    expect(stdout).toContain('1 000 clients start over 2 s; the server is down for 10 s, then serves 200/s.');
    expect(stdout).not.toContain('fail at once');
  });

  it('says how many clients a spread beyond the 24 h horizon never starts', async () => {
    // The widest spread allowed (SCENARIO_LIMITS); 1e12 was allowed before, and took a
    // fluid run of 24 h in millisecond cells. Now the reference engine: one call each.
    const { code, stdout, stderr } = await run(['--strategy', 'full', '--start-spread', '1e9']);
    expect([code, stderr]).toEqual([0, '']);
    // Lines are wrapped at 80 columns.
    const text = stdout.replace(/\n +/g, ' ');
    expect(text).toContain('1 000 clients start over 11.6 d; the server is down for 10 s, then serves 200/s.');
    expect(text).toContain('Note: 913 clients would start after 24 h, where the simulation stops; they count as failed.');
    for (const line of stdout.split('\n')) expect([...line].length).toBeLessThanOrEqual(80);
    const json = JSON.parse((await run(['--strategy', 'full', '--start-spread', '1e9', '--format', 'json'])).stdout) as {
      engine: string;
      totalCalls: number;
      succeededClients: number;
      cutAtMs: number | null;
    }[];
    expect(json[0]).toMatchObject({ engine: 'per-client', totalCalls: 96, succeededClients: 87, cutAtMs: null });
  });

  it('says when a run stopped at --max-work, in the text and on stderr for json', async () => {
    const text = await run(['--strategy', 'constant', '--max-work', '2000']);
    expect(text.code).toBe(0);
    expect(text.stdout.replace(/\n +/g, ' ')).toContain(
      'Note: constant: stopped at 7.6 s on reaching the work limit (--max-work); the clients still waiting then count as failed.',
    );
    const json = await run(['--strategy', 'constant', '--max-work', '2000', '--format', 'json']);
    expect(json.code).toBe(0);
    expect(json.stderr).toBe(
      'retry-hygiene simulate: note: constant: stopped at 7.6 s on reaching the work limit (--max-work); the clients still waiting then count as failed.\n',
    );
    expect(JSON.parse(json.stdout)[0]).toMatchObject({ cutAtMs: 7_600, succeededClients: 0, failedClients: 1_000 });
    const whole = await run(['--strategy', 'constant', '--format', 'json']);
    expect([whole.stderr, JSON.parse(whole.stdout)[0].cutAtMs]).toEqual(['', null]);
  });

  it('says the outage was cut at the 24 h horizon, on stderr for json and svg', async () => {
    const text = await run(['--strategy', 'full', '--outage', '1e9']);
    expect(text.stdout.replace(/\n +/g, ' ')).toContain(
      'Note: the outage (11.6 d) runs past 24 h, where the simulation stops; no client is served.',
    );
    const json = await run(['--strategy', 'full', '--outage', '1e9', '--format', 'json']);
    expect(json.code).toBe(0);
    expect(json.stderr).toBe(
      'retry-hygiene simulate: note: the outage (11.6 d) runs past 24 h, where the simulation stops; no client is served.\n',
    );
    expect((JSON.parse(json.stdout) as { failedClients: number }[])[0]!.failedClients).toBe(1000);
  });
});

describe('big runs', () => {
  it('runs a million jittered clients with the fluid engine, and says so', async () => {
    const json = await run(['--strategy', 'full,decorrelated', '--clients', '1e6', '--format', 'json']);
    expect(json.code).toBe(0);
    const results = JSON.parse(json.stdout) as { engine: string; succeededClients: number; p50Ms: number }[];
    expect(results.map((r) => r.engine)).toEqual(['fluid', 'fluid']);
    expect(results.map((r) => r.succeededClients)).toEqual([1_000_000, 1_000_000]);
    // The 500 000th client is served in window 10 + 2 500 - 1.
    for (const r of results) expect(Math.abs(r.p50Ms - 2_509_000)).toBeLessThan(1000);
    const text = await run(['--strategy', 'full,exponential', '--clients', '1e6']);
    expect(text.stdout.replace(/\n +/g, ' ')).toContain(
      'Note: full: expected values, for the clients as a whole (too many calls to follow each client).',
    );
  });
});

describe('progress on a terminal', () => {
  /** A clock that moves 400 ms each time it is read. */
  function ticking(): () => number {
    let t = 0;
    return () => (t += 400);
  }

  it('shows nothing for a run that ends within a second', () => {
    const writes: string[] = [];
    const progress = createProgress((text) => writes.push(text), () => 0);
    progress.strategy('full', 1, 1);
    progress.update(0.5);
    progress.done();
    expect(writes).toEqual([]);
  });

  it('after a second, rewrites one line per change and clears it at the end', () => {
    const writes: string[] = [];
    const progress = createProgress((text) => writes.push(text), ticking());
    progress.strategy('full', 1, 2);
    progress.update(0.1); // 400 ms after the start: quiet
    progress.update(0.2); // 800 ms: quiet
    progress.update(0.25); // 1 200 ms: shown
    progress.update(0.25); // unchanged: not written again
    progress.strategy('decorrelated', 2, 2);
    progress.update(1);
    progress.done();
    expect(writes).toEqual([
      '\r\x1b[Ksimulating full (1 of 2): 25% of clients settled',
      '\r\x1b[Ksimulating decorrelated (2 of 2): 0% of clients settled',
      '\r\x1b[Ksimulating decorrelated (2 of 2): 100% of clients settled',
      '\r\x1b[K',
    ]);
  });

  it('is fed by the simulator during a long run, on stderr only', async () => {
    let stdout = '';
    let stderr = '';
    const io = { stdout: (t: string) => void (stdout += t), stderr: (t: string) => void (stderr += t), cwd: process.cwd(), isTTY: false };
    const code = await runSimulate(['--strategy', 'full', '--clients', '1e6', '--format', 'json'], io, { progress: true, now: ticking() });
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toHaveLength(1);
    const lines = stderr.split('\r\x1b[K').filter((line) => line !== '');
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.every((line) => /^simulating full: \d+% of clients settled$/.test(line))).toBe(true);
    expect(lines.at(-1)).toBe('simulating full: 100% of clients settled');
    expect(stderr.endsWith('\r\x1b[K')).toBe(true);
  });

  it('is off when stderr is not a terminal', async () => {
    const { stderr } = await run(['--strategy', 'full', '--clients', '1e6', '--format', 'json']);
    expect(stderr).toBe('');
  });
});

describe('the installed bin', () => {
  const bin = join(dirname(fileURLToPath(import.meta.url)), '..', 'bin', 'retry-hygiene.js');

  it('exits 0 with the JSON on stdout, and 2 with one line on stderr for a bad argument', () => {
    const ok = spawnSync(process.execPath, [bin, 'simulate', '--strategy', 'exponential', '--format', 'json'], { encoding: 'utf8' });
    expect(ok.status).toBe(0);
    expect((JSON.parse(ok.stdout) as { totalCalls: number }[])[0]!.totalCalls).toBe(10_000);
    const bad = spawnSync(process.execPath, [bin, 'simulate', '--strategy', 'exponential', '--clients', 'many'], { encoding: 'utf8' });
    expect(bad.status).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toBe("retry-hygiene simulate: --clients must be a whole number from 1 to 10000000, got 'many'\n");
  });
});
