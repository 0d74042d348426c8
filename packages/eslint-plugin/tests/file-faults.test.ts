import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { fileReadStats, forgetProjectFiles, resetFileReadStats, setFileSystem, type FileSystem } from '@retry-hygiene/analysis';
import { Linter } from 'eslint';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import plugin from '../src/index.js';

/**
 * What the analysis reads besides the linted file goes through one module that never throws
 * (analysis: files/read.ts). A path that is not a module (a native addon, JSON, CSS), a folder
 * another user owns, a symlink loop, a NUL byte or a name too long for the file system: each is
 * "no module there", and the rules report what the linted file itself shows. Before, only "not
 * found" was tolerated: every other error escaped from every rule ("Oops! Something went wrong").
 * package.json is read within bounds (analysis: files/manifest.ts): a NUL byte in `main`, 10 000
 * levels of `exports`, a manifest of 600 KB.
 */
const RULES = { 'retry-hygiene/no-fixed-sleep-retry': 'error', 'retry-hygiene/no-unbounded-retry': 'error', 'retry-hygiene/no-nested-retry': 'error' } as const;

function lint(file: string, cwd = dirname(file)): string[] {
  const linter = new Linter({ configType: 'flat', cwd });
  const messages = linter.verify(
    fs.readFileSync(file, 'utf8'),
    [{ files: ['**/*.js', '**/*.mjs', '**/*.cjs'], plugins: { 'retry-hygiene': plugin as never }, rules: RULES }],
    file,
  );
  return messages.map((m) => `${m.line}:${m.column} ${(m.ruleId ?? 'fatal').replace('retry-hygiene/', '')}: ${m.message}`);
}

const FIXED = (line: number) =>
  `${line}:3 no-fixed-sleep-retry: This retry loop waits a fixed 1 s between attempts (no limit on attempts), so clients that failed together retry in lockstep. Back off with jitter, e.g. retry() from @retry-hygiene/retry.`;
const UNBOUNDED = (line: number) => `${line}:3 no-unbounded-retry: This retry loop never gives up: no attempt limit, deadline or abort signal. Limit the attempts or the total time.`;

const NESTED = "3:3 no-nested-retry: This retry loop retries code that retries again (`run()` from './faulty/helper.mjs', line 5): unbounded × unbounded calls per request: no limit. Retry at one layer only.";

/** A retry loop that calls what `importLine` brings in: its findings are the loop's own, whatever the import is. */
function retryingModule(importLine: string, call = 'run()'): string {
  return `${importLine}\nexport async function load() {\n  for (let i = 0; ; i++) {\n    try {\n      return await ${call};\n    } catch (e) {\n      await new Promise((r) => setTimeout(r, 1000));\n    }\n  }\n}\n`;
}

/** A temp project: a `.git` folder makes it the project root (analysis: files/project-root.ts). */
function project(prefix: string): string {
  const dir = fs.mkdtempSync(join(tmpdir(), `retry-hygiene-${prefix}-`));
  fs.mkdirSync(join(dir, '.git'));
  return dir;
}

beforeEach(() => {
  forgetProjectFiles();
  resetFileReadStats();
});
afterEach(() => setFileSystem(undefined));

describe('a fault-injecting file system: every error is "no module there"', () => {
  /** node:fs, except that every call on a path under `prefix` throws what `fault` makes. */
  function faulty(prefix: string, fault: () => unknown): FileSystem {
    const real = fs as unknown as FileSystem;
    const check = (path: string) => {
      if (path.startsWith(prefix)) throw fault();
    };
    return {
      statSync: (path, options) => (check(path), real.statSync(path, options)),
      readFileSync: (path, encoding) => (check(path), real.readFileSync(path, encoding)),
      readdirSync: (path, options) => (check(path), real.readdirSync(path, options)),
      realpathSync: (path) => (check(path), real.realpathSync(path)),
    };
  }
  const errno = (code: string) => () => Object.assign(new Error(`${code}: injected`), { code });

  const cases: [string, () => unknown, string][] = [
    ['ENOTDIR', errno('ENOTDIR'), 'ENOTDIR'],
    ['ELOOP', errno('ELOOP'), 'ELOOP'],
    ['EACCES', errno('EACCES'), 'EACCES'],
    ['ENAMETOOLONG', errno('ENAMETOOLONG'), 'ENAMETOOLONG'],
    ['EISDIR', errno('EISDIR'), 'EISDIR'],
    ['EIO', errno('EIO'), 'EIO'],
    // What node:fs throws, synchronously, for a path with a NUL byte.
    ['a TypeError (NUL byte)', () => Object.assign(new TypeError('The argument \'path\' must be a string without null bytes'), { code: 'ERR_INVALID_ARG_VALUE' }), 'ERR_INVALID_ARG_VALUE'],
    ['something that is not an Error', () => 'a string', 'UNKNOWN'],
  ];

  /** A project whose main.mjs retries `run()` from ./faulty/helper.mjs, itself a retry loop. */
  function nestedProject(): string {
    const dir = project('fault');
    fs.mkdirSync(join(dir, 'faulty'));
    fs.writeFileSync(join(dir, 'faulty', 'helper.mjs'), retryingModule('', "fetch('/x')").replace('function load', 'function run'));
    const main = join(dir, 'main.mjs');
    fs.writeFileSync(main, retryingModule("import { run } from './faulty/helper.mjs';"));
    return main;
  }

  it('without a fault, the helper is read: its retry inside the loop is a nested retry', () => {
    expect(lint(nestedProject())).toEqual([FIXED(3), UNBOUNDED(3), NESTED]);
    expect(fileReadStats().errors).toBe(0);
  });

  for (const [name, fault, code] of cases) {
    it(`${name}: the import is not followed, the loop's own findings come out, the error is counted`, () => {
      const main = nestedProject();
      setFileSystem(faulty(join(dirname(main), 'faulty'), fault));
      expect(lint(main)).toEqual([FIXED(3), UNBOUNDED(3)]);
      expect(fileReadStats().byCode[code]).toBeGreaterThan(0);
    });
  }
  it('a failure is remembered: a second importer of the same bad path does not ask the disk again', () => {
    const dir = project('fault-cache');
    const asked: string[] = [];
    const real = fs as unknown as FileSystem;
    const prefix = join(dir, 'faulty');
    const check = (path: string) => {
      if (!path.startsWith(prefix)) return;
      asked.push(path);
      throw Object.assign(new Error('EACCES: injected'), { code: 'EACCES' });
    };
    setFileSystem({
      statSync: (p, o) => (check(p), real.statSync(p, o)),
      readFileSync: (p, e) => (check(p), real.readFileSync(p, e)),
      readdirSync: (p, o) => (check(p), real.readdirSync(p, o)),
      realpathSync: (p) => (check(p), real.realpathSync(p)),
    });
    const mains = ['a', 'b'].map((name) => {
      fs.mkdirSync(join(dir, name));
      fs.writeFileSync(join(dir, name, 'main.mjs'), retryingModule("import { run } from '../faulty/helper.mjs';"));
      return join(dir, name, 'main.mjs');
    });
    expect(lint(mains[0] as string)).toEqual([FIXED(3), UNBOUNDED(3)]);
    const first = asked.length;
    const errors = fileReadStats().errors;
    expect(first).toBeGreaterThan(0);
    expect(errors).toBe(first);
    // Another folder, so another resolution: the same candidate paths, each remembered as failing.
    expect(lint(mains[1] as string)).toEqual([FIXED(3), UNBOUNDED(3)]);
    expect(asked.length).toBe(first);
    expect(fileReadStats().errors).toBe(errors);
  });
});

describe('paths on disk that are not modules', () => {
  let dir: string;
  beforeEach(() => {
    dir = project('not-modules');
    fs.mkdirSync(join(dir, 'build', 'Release'), { recursive: true });
    fs.writeFileSync(join(dir, 'build', 'Release', 'addon.node'), '\x7fELF');
    fs.writeFileSync(join(dir, 'config.json'), '{ "retries": 3 }\n');
    fs.writeFileSync(join(dir, 'styles.css'), '.x { color: red }\n');
  });

  it.each([
    ['a native addon', "const { run } = require('./build/Release/addon.node');", 'main.cjs', 'ENOTDIR'],
    ['JSON', "const { run } = require('./config.json');", 'main.cjs', 'ENOTDIR'],
    ['CSS', "import { x as run } from './styles.css';", 'main.mjs', 'ENOTDIR'],
  ])('%s imported and used in a retry loop: no crash, the loop reported', (_, importLine, name, code) => {
    const main = join(dir, name);
    fs.writeFileSync(main, retryingModule(importLine).replace('export async function load', 'async function load'));
    expect(lint(main)).toEqual([FIXED(3), UNBOUNDED(3)]);
    // `./config.json/index.ts` and the like: the file is not a folder.
    expect(fileReadStats().byCode[code]).toBeGreaterThan(0);
  });

  it('a NUL byte, a 5 000-character name and a symlink loop in specifiers', () => {
    fs.symlinkSync('loop', join(dir, 'loop'));
    const main = join(dir, 'main.mjs');
    fs.writeFileSync(
      main,
      `import { a } from './nul\\0byte.mjs';\nimport { b } from './${'n'.repeat(5000)}';\nimport { c } from './loop';\n` + retryingModule('', 'a(b(c()))').slice(1),
    );
    expect(lint(main)).toEqual([FIXED(5), UNBOUNDED(5)]);
    const { byCode } = fileReadStats();
    expect(byCode.ERR_INVALID_ARG_VALUE).toBeGreaterThan(0);
    expect(byCode.ENAMETOOLONG).toBeGreaterThan(0);
    expect(byCode.ELOOP).toBeGreaterThan(0);
  });
});

describe('a folder the user cannot read, in the package of a file exporting a retrying class', () => {
  // The class's options are read where its package constructs it: the package's folders are walked.
  const POLICY = `export class RetryPolicy {\n  constructor(options) {\n    this.options = options;\n  }\n\n  async execute(fn) {\n    for (let retries = 0; ; retries++) {\n      try {\n        return await fn();\n      } catch (err) {\n        if (retries >= this.options.maxAttempts) throw err;\n        await new Promise((resolve) => setTimeout(resolve, this.options.delay));\n      }\n    }\n  }\n}\n`;
  const FACTORY = "import { RetryPolicy } from './policy.mjs';\n\nexport function retry(opts = {}) {\n  return new RetryPolicy({ delay: opts.delay ?? 250, maxAttempts: opts.maxAttempts ?? Infinity });\n}\n";
  const EXPECTED = [
    '7:5 no-fixed-sleep-retry: This retry loop waits a fixed 250 ms between attempts (no limit on attempts), so clients that failed together retry in lockstep. Back off with jitter, e.g. retry() from @retry-hygiene/retry.',
    '7:5 no-unbounded-retry: This retry loop never gives up: no attempt limit, deadline or abort signal. Limit the attempts or the total time.',
  ];

  function packageWithDataFolder(): string {
    const dir = project('pgdata');
    fs.writeFileSync(join(dir, 'package.json'), '{ "name": "app", "type": "module" }\n');
    fs.mkdirSync(join(dir, 'lib'));
    fs.writeFileSync(join(dir, 'lib', 'policy.mjs'), POLICY);
    fs.writeFileSync(join(dir, 'lib', 'index.mjs'), FACTORY);
    fs.mkdirSync(join(dir, 'pgdata', 'base'), { recursive: true });
    return dir;
  }

  it('EACCES injected on the folder: the class is reported with the options its package gives', () => {
    const dir = packageWithDataFolder();
    const real = fs as unknown as FileSystem;
    const denied = join(dir, 'pgdata');
    const check = (path: string) => {
      if (path.startsWith(denied + '/')) throw Object.assign(new Error('EACCES: injected'), { code: 'EACCES' });
    };
    setFileSystem({
      statSync: (p, o) => (check(p), real.statSync(p, o)),
      readFileSync: (p, e) => (check(p), real.readFileSync(p, e)),
      readdirSync: (p, o) => {
        if (p === denied) throw Object.assign(new Error('EACCES: injected'), { code: 'EACCES' });
        return (check(p), real.readdirSync(p, o));
      },
      realpathSync: (p) => (check(p), real.realpathSync(p)),
    });
    expect(lint(join(dir, 'lib', 'policy.mjs'))).toEqual(EXPECTED);
    expect(fileReadStats().byCode.EACCES).toBeGreaterThan(0);
  });

  // Root reads any folder: the real case needs another user. This machine's test runs as root
  // with `setpriv` and the user `nobody` where both exist; elsewhere (a non-root user) the folder
  // is made mode 000 for the user running the test.
  const root = process.getuid?.() === 0;
  const asNobody = root && hasCommand('setpriv') && hasUser('nobody');
  it.runIf(asNobody || (!root && process.platform !== 'win32'))(
    `a real mode-000 folder (${asNobody ? 'linted as user nobody through setpriv' : root ? 'skipped' : 'linted as this non-root user'})`,
    () => {
      const dir = packageWithDataFolder();
      fs.chmodSync(dir, 0o755);
      fs.chmodSync(join(dir, 'pgdata'), 0o000);
      const script = join(dir, 'lint.mjs');
      const pluginUrl = pathToFileURL(join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'index.js')).href;
      const eslintUrl = import.meta.resolve('eslint');
      fs.writeFileSync(
        script,
        `import { Linter } from ${JSON.stringify(eslintUrl)};\nimport plugin from ${JSON.stringify(pluginUrl)};\nimport { readFileSync } from 'node:fs';\n` +
          `const file = ${JSON.stringify(join(dir, 'lib', 'policy.mjs'))};\n` +
          `const messages = new Linter({ configType: 'flat', cwd: ${JSON.stringify(dir)} }).verify(readFileSync(file, 'utf8'), [{ files: ['**/*.mjs'], plugins: { 'retry-hygiene': plugin }, rules: ${JSON.stringify(RULES)} }], file);\n` +
          "console.log(JSON.stringify(messages.map((m) => `${m.line}:${m.column} ${(m.ruleId ?? 'fatal').replace('retry-hygiene/', '')}: ${m.message}`)));\n",
      );
      fs.chmodSync(script, 0o644);
      const command = asNobody ? ['setpriv', ['--reuid=nobody', '--regid=nogroup', '--clear-groups', process.execPath, script]] as const : [process.execPath, [script]] as const;
      try {
        const out = execFileSync(command[0], command[1], { encoding: 'utf8' });
        expect(JSON.parse(out)).toEqual(EXPECTED);
      } finally {
        fs.chmodSync(join(dir, 'pgdata'), 0o755);
      }
    },
  );
});

function hasCommand(name: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function hasUser(name: string): boolean {
  try {
    execFileSync('id', [name], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe("a workspace package.json, read within bounds", () => {
  // async's own retryable.js (tests/cross-file/own-package/async): `require('./retry.js')` there is `async/retry`.
  const ASYNC = join(dirname(fileURLToPath(import.meta.url)), 'cross-file', 'own-package', 'async');
  const FOUND = [
    '22:10 no-fixed-sleep-retry: This `async.retry` call retries at once with no delay (up to 5 attempts), multiplying the load on a failing service. Back off with jitter, e.g. retry() from @retry-hygiene/retry.',
  ];

  function asyncPackage(manifest: string): string {
    const dir = project('manifest');
    for (const name of ['retry.js', 'retryable.js']) fs.copyFileSync(join(ASYNC, name), join(dir, name));
    fs.writeFileSync(join(dir, 'package.json'), manifest);
    return join(dir, 'retryable.js');
  }

  it('a plain manifest: the package is async’s own', () => {
    expect(lint(asyncPackage('{ "name": "async", "main": "dist/async.js" }'))).toEqual(FOUND);
  });

  it('a NUL byte in main, module and exports: no crash, the package still async’s', () => {
    expect(lint(asyncPackage('{ "name": "async", "main": "dist/async\\u0000.js", "module": "\\u0000", "exports": { ".": "./x\\u0000.js" } }'))).toEqual(FOUND);
  });

  // 10 000 levels overflow the 1 MB stack of a main thread (the eslint CLI); a test's worker has
  // 4 MB, which 80 000 overflow (and stay within the 512 KB the analysis parses).
  it('exports nested 80 000 deep: no stack overflow, the package still async’s', () => {
    const depth = 80_000;
    expect(lint(asyncPackage(`{"name":"async","exports":${'{"a":'.repeat(depth)}"./dist/async.js"${'}'.repeat(depth)}}`))).toEqual(FOUND);
  });

  it('exports with 5 000 conditions: at most 100 of its values are looked at', () => {
    const conditions = Array.from({ length: 5_000 }, (_, i) => `"c${i}": "./missing-${i}.js"`).join(', ');
    const main = asyncPackage(`{ "name": "async", "exports": { ".": { ${conditions} } } }`);
    const asked = new Set<string>();
    const real = fs as unknown as FileSystem;
    setFileSystem({
      statSync: (p, o) => (/missing-(\d+)/.test(p) && asked.add(/missing-(\d+)/.exec(p)![1]!), real.statSync(p, o)),
      readFileSync: (p, e) => real.readFileSync(p, e),
      readdirSync: (p, o) => real.readdirSync(p, o),
      realpathSync: (p) => real.realpathSync(p),
    });
    expect(lint(main)).toEqual(FOUND);
    expect(asked.size).toBeGreaterThan(0);
    expect(asked.size).toBeLessThanOrEqual(100);
  });

  it('a manifest of 600 KB is not parsed: the package is nobody’s, as without a manifest', () => {
    const manifest = `{ "name": "async", "main": "dist/async.js", "description": "${'x'.repeat(600 * 1024)}" }`;
    expect(lint(asyncPackage(manifest))).toEqual([]);
  });
});
