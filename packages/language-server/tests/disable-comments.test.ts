import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Linter } from 'eslint';
import plugin from 'eslint-plugin-retry-hygiene';
import { afterAll, describe, expect, it } from 'vitest';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { disableFileEdit, disableLineEdit } from '../src/disable-comments/edits.js';
import { namesPlugin, nearestConfig, projectLoadsPlugin } from '../src/disable-comments/project-loads-plugin.js';

const doc = (text: string) => TextDocument.create('file:///a.ts', 'typescript', 1, text);
const apply = (text: string, edit: ReturnType<typeof disableLineEdit>) => TextDocument.applyEdits(doc(text), [edit]);

describe("the product's own disable comment (a project whose ESLint config does not load the plugin)", () => {
  it('goes above the line with its indentation, naming the rule without the prefix', () => {
    const text = 'a();\n    for (;;) {}\n';
    expect(disableLineEdit(doc(text), 1, 'retry-hygiene/no-unbounded-retry', 'own')).toEqual({
      range: { start: { line: 1, character: 0 }, end: { line: 1, character: 0 } },
      newText: '    // retry-hygiene-ignore-next-line no-unbounded-retry\n',
    });
  });

  it('joins one already there, before its reason', () => {
    const text = 'a();\n  // retry-hygiene-ignore-next-line require-jitter -- a cron job\n  for (;;) {}\n';
    expect(disableLineEdit(doc(text), 2, 'retry-hygiene/no-unbounded-retry', 'own')).toEqual({
      range: { start: { line: 1, character: 50 }, end: { line: 1, character: 50 } },
      newText: ', no-unbounded-retry',
    });
  });

  it("goes above an ESLint next-line comment, not between it and its line, and joins one of its own above that", () => {
    const text = 'a();\n  // eslint-disable-next-line no-constant-condition\n  while (true) {}\n';
    expect(apply(text, disableLineEdit(doc(text), 2, 'retry-hygiene/no-unbounded-retry', 'own'))).toBe(
      'a();\n  // retry-hygiene-ignore-next-line no-unbounded-retry\n  // eslint-disable-next-line no-constant-condition\n  while (true) {}\n',
    );
    const both = 'a();\n  // retry-hygiene-ignore-next-line require-jitter\n  // eslint-disable-next-line no-constant-condition\n  while (true) {}\n';
    expect(apply(both, disableLineEdit(doc(both), 3, 'retry-hygiene/no-unbounded-retry', 'own')).split('\n')[1]).toBe('  // retry-hygiene-ignore-next-line require-jitter, no-unbounded-retry');
  });

  it('keeps CRLF line ends', () => {
    const crlf = 'a();\r\nfor (;;) {}\r\n';
    expect(apply(crlf, disableLineEdit(doc(crlf), 1, 'retry-hygiene/no-unbounded-retry', 'own'))).toBe('a();\r\n// retry-hygiene-ignore-next-line no-unbounded-retry\r\nfor (;;) {}\r\n');
  });

  it("writes ESLint's comment for a rule that is not the plugin's", () => {
    expect(disableLineEdit(doc('x();\n'), 0, 'test/delay', 'own').newText).toBe('// eslint-disable-next-line test/delay\n');
  });

  it('for the whole file: on the first line after a shebang, or joined to the one there', () => {
    const shebang = '#!/usr/bin/env node\na();\n';
    expect(apply(shebang, disableFileEdit(doc(shebang), 'retry-hygiene/require-jitter', 'own'))).toBe('#!/usr/bin/env node\n/* retry-hygiene-ignore-file require-jitter */\na();\n');
    const existing = '/* retry-hygiene-ignore-file require-jitter -- generated */\na();\n';
    expect(apply(existing, disableFileEdit(doc(existing), 'retry-hygiene/no-nested-retry', 'own')).split('\n')[0]).toBe('/* retry-hygiene-ignore-file require-jitter, no-nested-retry -- generated */');
  });

  it('is honoured by the rules once written: the finding goes, the other one on the line stays', () => {
    const loop = "const sleep = (ms) => new Promise((r) => setTimeout(r, ms));\nexport async function f() {\n  for (;;) {\n    try {\n      return await fetch('/x');\n    } catch {\n      await sleep(1000);\n    }\n  }\n}\n";
    const edited = TextDocument.applyEdits(TextDocument.create('file:///a.js', 'javascript', 1, loop), [disableLineEdit(TextDocument.create('file:///a.js', 'javascript', 1, loop), 2, 'retry-hygiene/no-fixed-sleep-retry', 'own')]);
    const messages = new Linter({ configType: 'flat' }).verify(edited, plugin.configs.recommended, { filename: 'a.js' });
    expect(messages.map((m) => [m.ruleId, m.line])).toEqual([['retry-hygiene/no-unbounded-retry', 4]]);
  });
});

describe('whether the project’s ESLint config loads the plugin', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
  function project(files: Record<string, string>): string {
    const dir = mkdtempSync(join(tmpdir(), 'rh-disable-'));
    dirs.push(dir);
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(join(dir, name, '..'), { recursive: true });
      writeFileSync(join(dir, name), text);
    }
    return dir;
  }
  const uriOf = (dir: string, file: string) => pathToFileURL(join(dir, file)).href;

  it('reads an import, a require() and a dynamic import of the package, in JS and TS configs', () => {
    expect(namesPlugin("import retryHygiene from 'eslint-plugin-retry-hygiene';\nexport default [...retryHygiene.configs.recommended];\n", 'eslint.config.mjs')).toBe(true);
    expect(namesPlugin("module.exports = [require('eslint-plugin-retry-hygiene').configs['flat/recommended']];\n", 'eslint.config.cjs')).toBe(true);
    expect(namesPlugin("export default [(await import(\"eslint-plugin-retry-hygiene\")).default.configs['flat/recommended']];\n", 'eslint.config.js')).toBe(true);
    expect(namesPlugin("import rh from 'eslint-plugin-retry-hygiene';\nimport type { Linter } from 'eslint';\nexport default [...rh.configs.recommended] satisfies Linter.Config[];\n", 'eslint.config.ts')).toBe(true);
  });

  it('does not count a mention in a comment or in another string, nor a config that does not parse', () => {
    expect(namesPlugin("// import retryHygiene from 'eslint-plugin-retry-hygiene';\nexport default [];\n", 'eslint.config.js')).toBe(false);
    expect(namesPlugin("export default [{ name: 'no eslint-plugin-retry-hygiene here' }];\n", 'eslint.config.js')).toBe(false);
    expect(namesPlugin("import x from 'eslint-plugin-retry-hygiene'\nexport default [,,, {\n", 'eslint.config.js')).toBe(false);
  });

  it('takes the nearest config between the file and its project root, as ESLint does', () => {
    const dir = project({
      '.git/HEAD': 'ref: refs/heads/main\n',
      'eslint.config.js': "import rh from 'eslint-plugin-retry-hygiene';\nexport default [...rh.configs.recommended];\n",
      'packages/web/eslint.config.mjs': 'export default [];\n',
      'packages/web/src/a.js': '',
      'packages/api/src/b.js': '',
    });
    expect(nearestConfig(join(dir, 'packages/web/src/a.js'))).toBe(join(dir, 'packages/web/eslint.config.mjs'));
    expect(projectLoadsPlugin(uriOf(dir, 'packages/web/src/a.js'))).toBe(false);
    expect(projectLoadsPlugin(uriOf(dir, 'packages/api/src/b.js'))).toBe(true);
  });

  it('stops at the project root: a config above it is not the project’s', () => {
    const dir = project({ 'eslint.config.js': "import rh from 'eslint-plugin-retry-hygiene';\nexport default [];\n", 'app/package.json': '{}', 'app/src/a.js': '' });
    expect(projectLoadsPlugin(uriOf(dir, 'app/src/a.js'))).toBe(false);
  });

  it('is no for a document that is not a file', () => {
    expect(projectLoadsPlugin('untitled:Untitled-1')).toBe(false);
  });
});
