import * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fileReadStats, forgetProjectFiles, projectRootOf, resetFileReadStats } from '@retry-hygiene/analysis';
import { Linter } from 'eslint';
import { beforeEach, describe, expect, it } from 'vitest';
import plugin from '../src/index.js';

/**
 * Where the analysis's reading stops (analysis: files/project-root.ts). A file's project root is
 * its nearest ancestor holding `.git`, else its nearest ancestor holding a package.json, else its
 * own folder. Nothing outside it is read: not an import that goes up past it, not one through a
 * symlink that leads out of it, not a package.json above it.
 *
 * outer/shared/retry.mjs is a retry helper outside the project; outer/project (with .git) holds
 * the linted files; outer/project/inside/retry.mjs is the same helper inside it.
 */
const HELPER =
  "export async function retryable(fn, retries = 5) {\n  for (let attempt = 0; ; attempt++) {\n    try {\n      return await fn();\n    } catch (err) {\n      if (attempt >= retries) throw err;\n      await new Promise((resolve) => setTimeout(resolve, 1000));\n    }\n  }\n}\n";
const RULES = { 'retry-hygiene/no-fixed-sleep-retry': 'error', 'retry-hygiene/no-unbounded-retry': 'error', 'retry-hygiene/require-jitter': 'error' } as const;

function lint(file: string): string[] {
  const messages = new Linter({ configType: 'flat', cwd: dirname(file) }).verify(
    fs.readFileSync(file, 'utf8'),
    [{ files: ['**/*.js', '**/*.mjs'], plugins: { 'retry-hygiene': plugin as never }, rules: RULES }],
    file,
  );
  return messages.map((m) => `${m.line}:${m.column} ${(m.ruleId ?? 'fatal').replace('retry-hygiene/', '')}`);
}

let outer: string;
let projectDir: string;
beforeEach(() => {
  forgetProjectFiles();
  resetFileReadStats();
  outer = fs.mkdtempSync(join(tmpdir(), 'retry-hygiene-root-'));
  projectDir = join(outer, 'project');
  fs.mkdirSync(join(outer, 'shared'));
  fs.writeFileSync(join(outer, 'shared', 'retry.mjs'), HELPER);
  fs.mkdirSync(join(projectDir, '.git'), { recursive: true });
  fs.mkdirSync(join(projectDir, 'inside'));
  fs.writeFileSync(join(projectDir, 'inside', 'retry.mjs'), HELPER);
  fs.symlinkSync(join(outer, 'shared'), join(projectDir, 'linked'));
});

function main(specifier: string): string {
  const file = join(projectDir, 'main.mjs');
  fs.writeFileSync(file, `import { retryable } from '${specifier}';\nexport const load = () => retryable(() => fetch('/c'), Infinity);\n`);
  return file;
}

describe('imports: read inside the project root only', () => {
  it('a helper inside the project is read: its fixed wait and missing limit are reported at the call', () => {
    expect(lint(main('./inside/retry.mjs'))).toEqual(['2:27 no-fixed-sleep-retry', '2:27 no-unbounded-retry']);
  });

  it('an import that goes up out of the project is not read', () => {
    expect(lint(main('../shared/retry.mjs'))).toEqual([]);
    expect(fileReadStats().filesRead).toBe(0);
  });

  it('a symlink inside the project that leads out of it is not followed', () => {
    expect(lint(main('./linked/retry.mjs'))).toEqual([]);
    expect(fileReadStats().filesRead).toBe(0);
  });
});

describe('package.json: none above the project root is read', () => {
  // p-retry's own entry (tests/cross-file/own-package/p-retry): `pRetry()` there is the library's.
  const P_RETRY = join(dirname(fileURLToPath(import.meta.url)), 'cross-file', 'own-package', 'p-retry', 'index.js');

  it("a manifest above the project root naming one of its files p-retry's entry is not read", () => {
    fs.writeFileSync(join(outer, 'package.json'), '{ "name": "p-retry", "type": "module", "exports": { "default": "./project/index.js" } }\n');
    fs.copyFileSync(P_RETRY, join(projectDir, 'index.js'));
    expect(lint(join(projectDir, 'index.js'))).toEqual([]);
    // The same manifest at the project root: the file is p-retry's entry, its calls the library's.
    fs.writeFileSync(join(projectDir, 'package.json'), '{ "name": "p-retry", "type": "module", "exports": { "default": "./index.js" } }\n');
    forgetProjectFiles();
    expect(lint(join(projectDir, 'index.js'))).toEqual(['7:12 require-jitter', '16:10 require-jitter']);
  });
});

describe("a class's constructions: the package walked is inside the project root", () => {
  const POLICY = `export class RetryPolicy {\n  constructor(options) {\n    this.options = options;\n  }\n\n  async execute(fn) {\n    for (let retries = 0; ; retries++) {\n      try {\n        return await fn();\n      } catch (err) {\n        if (retries >= this.options.maxAttempts) throw err;\n        await new Promise((resolve) => setTimeout(resolve, this.options.delay));\n      }\n    }\n  }\n}\n`;
  const factory = (specifier: string) => `import { RetryPolicy } from '${specifier}';\n\nexport const policy = new RetryPolicy({ delay: 250, maxAttempts: Infinity });\n`;

  it('a package.json above the root does not make its folders the class’s package', () => {
    fs.writeFileSync(join(outer, 'package.json'), '{ "name": "outer", "type": "module" }\n');
    fs.writeFileSync(join(outer, 'factory.mjs'), factory('./project/policy.mjs'));
    fs.writeFileSync(join(projectDir, 'policy.mjs'), POLICY);
    // The wait is `this.options.delay` either way; only a construction read says the attempts never end.
    expect(lint(join(projectDir, 'policy.mjs'))).toEqual(['7:5 no-fixed-sleep-retry']);
    // The construction inside the project, with the project's own package.json: read.
    fs.writeFileSync(join(projectDir, 'package.json'), '{ "name": "project", "type": "module" }\n');
    fs.writeFileSync(join(projectDir, 'factory.mjs'), factory('./policy.mjs'));
    forgetProjectFiles();
    expect(lint(join(projectDir, 'policy.mjs'))).toEqual(['7:5 no-fixed-sleep-retry', '7:5 no-unbounded-retry']);
  });
});

describe('the project root', () => {
  it('the nearest folder with .git; else the nearest with a package.json; else the file’s own folder', () => {
    expect(projectRootOf(join(projectDir, 'inside', 'retry.mjs'))).toBe(projectDir);
    fs.mkdirSync(join(outer, 'loose', 'lib'), { recursive: true });
    expect(projectRootOf(join(outer, 'loose', 'lib', 'x.mjs'))).toBe(join(outer, 'loose', 'lib'));
    fs.writeFileSync(join(outer, 'loose', 'package.json'), '{}');
    forgetProjectFiles();
    expect(projectRootOf(join(outer, 'loose', 'lib', 'x.mjs'))).toBe(join(outer, 'loose'));
  });

  it('without .git, the nearest folder that declares a workspace, above the package.json of the package', () => {
    // A source archive of a monorepo: its packages see each other as a checkout's do.
    const archive = join(outer, 'archive');
    fs.mkdirSync(join(archive, 'packages', 'app', 'src'), { recursive: true });
    fs.writeFileSync(join(archive, 'packages', 'app', 'package.json'), '{ "name": "app" }');
    const file = join(archive, 'packages', 'app', 'src', 'main.ts');
    forgetProjectFiles();
    expect(projectRootOf(file)).toBe(join(archive, 'packages', 'app'));
    fs.writeFileSync(join(archive, 'pnpm-workspace.yaml'), 'packages:\n  - packages/*\n');
    forgetProjectFiles();
    expect(projectRootOf(file)).toBe(archive);
    fs.rmSync(join(archive, 'pnpm-workspace.yaml'));
    fs.writeFileSync(join(archive, 'package.json'), '{ "private": true, "workspaces": ["packages/*"] }');
    forgetProjectFiles();
    expect(projectRootOf(file)).toBe(archive);
    // A package.json without `workspaces` above the package declares nothing.
    fs.writeFileSync(join(archive, 'package.json'), '{ "private": true }');
    forgetProjectFiles();
    expect(projectRootOf(file)).toBe(join(archive, 'packages', 'app'));
  });
});
