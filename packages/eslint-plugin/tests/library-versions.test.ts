import * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { forgetProjectFiles } from '@retry-hygiene/analysis';
import { Linter } from 'eslint';
import { beforeEach, describe, expect, it } from 'vitest';
import plugin from '../src/index.js';

/**
 * A default that changed between majors is read at the major the file's project gets
 * (analysis: library-versions.ts): the range the nearest package.json declaring it gives (no
 * file under node_modules is read), else the catalog's version. ioredis's default reconnect wait:
 * 5.9.3 `min(n × 50, 2000)` without randomness; 6.0.0 `min(2^(n-1) × 50, 5000)` + 0–200 ms.
 */
const RULES = { 'retry-hygiene/require-jitter': 'error', 'retry-hygiene/no-unbounded-retry': 'error' } as const;
const CODE = "import Redis from 'ioredis';\nexport const redis = new Redis(process.env.REDIS_URL);\n";

function lint(file: string): string[] {
  const messages = new Linter({ configType: 'flat', cwd: dirname(file) }).verify(fs.readFileSync(file, 'utf8'), [{ files: ['**/*.mjs'], plugins: { 'retry-hygiene': plugin as never }, rules: RULES }], file);
  return messages.map((m) => `${m.line}:${m.column} ${(m.ruleId ?? 'fatal').replace('retry-hygiene/', '')} ${m.message}`);
}

let project: string;
beforeEach(() => {
  forgetProjectFiles();
  project = fs.mkdtempSync(join(tmpdir(), 'retry-hygiene-versions-'));
  fs.mkdirSync(join(project, '.git'));
  fs.mkdirSync(join(project, 'src'));
  fs.writeFileSync(join(project, 'src', 'redis.mjs'), CODE);
});

const manifest = (dir: string, fields: object) => fs.writeFileSync(join(dir, 'package.json'), JSON.stringify(fields));
const UNBOUNDED = "2:22 no-unbounded-retry This ioredis client's default reconnection never gives up: no attempt limit, deadline or abort signal. Limit the attempts or the total time.";
const V5_JITTER = "2:22 require-jitter This ioredis client's default reconnection backs off by a linear 50 ms × n, capped at 2 s without jitter, the library default (no limit on attempts). Add `Math.random()` to the delay the strategy returns (with none written, set a `retryStrategy`, or a cluster's `clusterRetryStrategy`, that does).";

describe('ioredis default reconnect by major', () => {
  it('declared ^5.4.1: linear, no jitter, forever', () => {
    manifest(project, { dependencies: { ioredis: '^5.4.1' } });
    expect(lint(join(project, 'src', 'redis.mjs'))).toEqual([V5_JITTER, UNBOUNDED]);
  });

  it("5.x: the jitter suggestion sets a strategy with the default's wait, randomised", () => {
    manifest(project, { dependencies: { ioredis: '5.9.3' } });
    const file = join(project, 'src', 'redis.mjs');
    const jitter = new Linter({ configType: 'flat', cwd: dirname(file) }).verify(CODE, [{ files: ['**/*.mjs'], plugins: { 'retry-hygiene': plugin as never }, rules: { 'retry-hygiene/require-jitter': 'error' } }], file)[0];
    const suggestion = jitter?.suggestions?.[0];
    expect(suggestion?.desc).toBe('Set a `retryStrategy` that waits a random time up to the default delay (full jitter)');
    const [from, to] = suggestion!.fix.range;
    expect(CODE.slice(0, from) + suggestion!.fix.text + CODE.slice(to)).toBe("import Redis from 'ioredis';\nexport const redis = new Redis(process.env.REDIS_URL, { retryStrategy: (times) => Math.random() * Math.min(times * 50, 2000) });\n");
  });

  it("a workspace package's declaration wins over the root's", () => {
    manifest(project, { dependencies: { ioredis: '^6.0.0' } });
    manifest(join(project, 'src'), { name: 'api', dependencies: { ioredis: '~5.9.0' } });
    expect(lint(join(project, 'src', 'redis.mjs'))).toEqual([V5_JITTER, UNBOUNDED]);
  });

  it('a copy installed under node_modules is not read', () => {
    fs.mkdirSync(join(project, 'node_modules', 'ioredis'), { recursive: true });
    manifest(join(project, 'node_modules', 'ioredis'), { name: 'ioredis', version: '5.9.3' });
    expect(lint(join(project, 'src', 'redis.mjs'))).toEqual([UNBOUNDED]);
  });

  it('declared ^6.0.0: jittered, forever', () => {
    manifest(project, { dependencies: { ioredis: '^6.0.0' } });
    expect(lint(join(project, 'src', 'redis.mjs'))).toEqual([UNBOUNDED]);
  });

  it('a range over several majors: the catalog version (6)', () => {
    manifest(project, { dependencies: { ioredis: '>=5' } });
    expect(lint(join(project, 'src', 'redis.mjs'))).toEqual([UNBOUNDED]);
  });

  it('not declared: the catalog version (6)', () => {
    expect(lint(join(project, 'src', 'redis.mjs'))).toEqual([UNBOUNDED]);
  });
});
