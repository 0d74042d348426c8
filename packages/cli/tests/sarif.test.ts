import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import Ajv from 'ajv';
import { beforeAll, describe, expect, it } from 'vitest';
import { main } from '../src/main.js';

const require = createRequire(import.meta.url);

/**
 * The SARIF 2.1.0 JSON schema (the OASIS standard's, as published by SchemaStore as
 * sarif-2.1.0-rtm.5), shipped by Microsoft's @microsoft/jest-sarif package, and checked
 * with ajv: no network needed.
 */
function sarifValidator() {
  const schema = JSON.parse(readFileSync(require.resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json'), 'utf8')) as Record<string, unknown>;
  expect(schema.title).toBe('Static Analysis Results Format (SARIF) Version 2.1.0-rtm.5 JSON Schema');
  const ajv = new Ajv({ schemaId: 'id', allErrors: true });
  ajv.addMetaSchema(require('ajv/lib/refs/json-schema-draft-04.json') as object);
  return ajv.compile(schema);
}

async function check(args: string[], cwd: string) {
  let stdout = '';
  let stderr = '';
  const code = await main(['check', ...args], { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), cwd, isTTY: false });
  return { code, stdout, stderr };
}

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

interface SarifResult {
  ruleId: string;
  ruleIndex: number;
  level: string;
  message: { text: string };
  locations: { physicalLocation: { artifactLocation: { uri: string; uriBaseId?: string }; region: Record<string, number> } }[];
  partialFingerprints: Record<string, string>;
  properties?: { policy: unknown; herd: { totalCalls: number }; fixHerd?: unknown };
}

interface SarifLog {
  $schema: string;
  version: string;
  runs: {
    tool: { driver: { name: string; version: string; rules: { id: string; helpUri: string; shortDescription: { text: string } }[] } };
    originalUriBaseIds: Record<string, { uri: string }>;
    invocations: { executionSuccessful: boolean; toolExecutionNotifications: { message: { text: string } }[] }[];
    results: SarifResult[];
  }[];
}

let dir: string;
let outside: string;

beforeAll(() => {
  const root = mkdtempSync(join(tmpdir(), 'retry-hygiene-sarif-'));
  dir = join(root, 'project');
  outside = join(root, 'outside');
  mkdirSync(join(dir, 'src', 'a dir'), { recursive: true });
  mkdirSync(outside);
  writeFileSync(join(dir, 'src', 'a dir', 'fixed.js'), FIXED);
  writeFileSync(join(dir, 'src', 'broken.js'), 'export function (\n');
  writeFileSync(join(outside, 'other.js'), FIXED);
});

describe('retry-hygiene check --format sarif', () => {
  it('is valid SARIF 2.1.0 against the official schema', async () => {
    const validate = sarifValidator();
    const { code, stdout } = await check(['--format', 'sarif', '.', outside], dir);
    expect(code).toBe(1);
    const log = JSON.parse(stdout) as unknown;
    expect(validate(log), JSON.stringify(validate.errors, null, 2)).toBe(true);
    // And an empty run, too.
    const clean = await check(['--format', 'sarif', join(dir, 'src', 'broken.js'), '--no-herd'], outside);
    const cleanLog = JSON.parse(clean.stdout) as SarifLog;
    expect(validate(cleanLog), JSON.stringify(validate.errors, null, 2)).toBe(true);
    expect(cleanLog.runs[0]!.results).toEqual([]);
  });

  it('names each rule with its docs, locates results relative to the checkout, carries the herd, and puts parse errors in notifications', async () => {
    const { stdout } = await check(['--format', 'sarif', '.', outside], dir);
    const log = JSON.parse(stdout) as SarifLog;
    expect([log.version, log.$schema]).toEqual(['2.1.0', 'https://json.schemastore.org/sarif-2.1.0.json']);
    const run = log.runs[0]!;
    const version = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
    expect([run.tool.driver.name, run.tool.driver.version]).toEqual(['retry-hygiene', version]);
    expect(run.tool.driver.rules.map((r) => r.id)).toEqual([
      'retry-hygiene/no-fixed-sleep-retry',
      'retry-hygiene/no-nested-retry',
      'retry-hygiene/no-unbounded-retry',
      'retry-hygiene/require-jitter',
    ]);
    for (const rule of run.tool.driver.rules) expect(rule.helpUri).toMatch(new RegExp(`/packages/eslint-plugin/docs/rules/${rule.id.slice('retry-hygiene/'.length)}\\.md$`));
    expect(run.originalUriBaseIds['%SRCROOT%']!.uri).toBe(`${pathToFileURL(dir).href}/`);
    expect(run.results).toHaveLength(4);
    const inside = run.results.filter((r) => r.locations[0]!.physicalLocation.artifactLocation.uriBaseId === '%SRCROOT%');
    const [first, second] = inside;
    const third = run.results.find((r) => !inside.includes(r));
    expect(first).toMatchObject({
      ruleId: 'retry-hygiene/no-fixed-sleep-retry',
      ruleIndex: 0,
      level: 'error',
      locations: [{ physicalLocation: { artifactLocation: { uri: 'src/a%20dir/fixed.js', uriBaseId: '%SRCROOT%' }, region: { startLine: 3, startColumn: 3, endLine: 3, endColumn: 15 } } }],
      properties: { policy: { maxAttempts: 'unbounded', delay: { kind: 'constant', baseMs: 1000 }, jitter: 'none' } },
    });
    expect(first!.message.text).toMatch(/^This retry loop waits a fixed 1 s .*\nHerd, this retry \(server down 10 s\): .* calls/s);
    expect(first!.message.text).toMatch(/\nJitter alone, same budget, full jitter: 25 230 calls /);
    // The quick fix's herd: the rewrite bounds the loop at 5 attempts and keeps its 1 s wait, with full jitter.
    expect(first!.message.text).toMatch(/\nFix, Rewrite with retry\(\) \(stops after 5 attempts\): 5 000 calls .*\.$/s);
    expect(first!.properties).toMatchObject({
      outageMs: 10_000,
      jitterHerd: { policy: { maxAttempts: 'unbounded', delay: { kind: 'constant', baseMs: 1000 }, jitter: 'full' }, totalCalls: 25_230 },
      fixHerd: { title: 'Rewrite with retry() (stops after 5 attempts)', policy: { maxAttempts: 5, delay: { kind: 'constant', baseMs: 1000 }, jitter: 'full' }, totalCalls: 5000 },
    });
    expect(second).toMatchObject({ ruleId: 'retry-hygiene/no-unbounded-retry', ruleIndex: 2 });
    expect(third!.locations[0]!.physicalLocation.artifactLocation).toEqual({ uri: pathToFileURL(join(outside, 'other.js')).href });
    expect(run.invocations[0]!.toolExecutionNotifications.map((n) => n.message.text)).toEqual([expect.stringMatching(/^Parsing error/)]);
  });

  it('fingerprints a finding by file, rule and line text, so it keeps its identity when lines above it move', async () => {
    const fingerprints = async () => {
      const log = JSON.parse((await check(['--format', 'sarif', '--no-herd', 'src/a dir'], dir)).stdout) as SarifLog;
      return log.runs[0]!.results.map((r) => [r.ruleId, r.locations[0]!.physicalLocation.region.startLine, r.partialFingerprints['retryHygiene/v1']]);
    };
    const before = await fingerprints();
    writeFileSync(join(dir, 'src', 'a dir', 'fixed.js'), `// a comment\n\n${FIXED}`);
    const after = await fingerprints();
    expect(after.map(([rule, line]) => [rule, line])).toEqual(before.map(([rule, line]) => [rule, (line as number) + 2]));
    expect(after.map(([, , fp]) => fp)).toEqual(before.map(([, , fp]) => fp));
    expect(new Set(before.map(([, , fp]) => fp)).size).toBe(2);
    expect(before[0]![2]).toMatch(/^[0-9a-f]{32}:1$/);
    // The same line twice in one file: told apart by the occurrence count.
    writeFileSync(join(dir, 'src', 'a dir', 'fixed.js'), FIXED + FIXED.replace('load', 'load2').replace(/^const sleep.*\n/, ''));
    const twice = await fingerprints();
    const fixedSleep = twice.filter(([rule]) => rule === 'retry-hygiene/no-fixed-sleep-retry').map(([, , fp]) => fp as string);
    expect(fixedSleep.map((fp) => fp.split(':')[1])).toEqual(['1', '2']);
    writeFileSync(join(dir, 'src', 'a dir', 'fixed.js'), FIXED);
  });
});
