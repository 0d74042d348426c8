import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ESLint } from 'eslint';
import { main } from '../src/main.js';

/**
 * A React (or Docusaurus, or Create React App) project writes its components in `.js`: `check`
 * without a config parses JSX there, so a retry in such a file is found and the file is not a
 * syntax error. A real syntax error in a `.js` file is still one.
 */

const PAGE_JS = `import React from 'react';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export async function load(url) {
  for (let i = 0; i < 5; i++) {
    try {
      return await fetch(url);
    } catch {
      await sleep(1000);
    }
  }
  throw new Error('gave up');
}

export default function Page({ title }) {
  return <h1 className="title">{title}</h1>;
}
`;

async function checkJson(args: string[], cwd: string): Promise<{ code: number; files: ESLint.LintResult[] }> {
  let stdout = '';
  const code = await main(['check', '--format', 'json', '--no-herd', ...args], { stdout: (t) => void (stdout += t), stderr: () => {}, cwd, isTTY: false, stderrIsTTY: false, env: {} });
  return { code, files: JSON.parse(stdout) as ESLint.LintResult[] };
}

describe('retry-hygiene check: JSX in .js files', () => {
  const dir = mkdtempSync(join(tmpdir(), 'retry-hygiene-jsx-'));
  writeFileSync(join(dir, 'package.json'), '{ "type": "module" }\n');
  writeFileSync(join(dir, 'Page.js'), PAGE_JS);
  writeFileSync(join(dir, 'Widget.cjs'), PAGE_JS.replace("import React from 'react';", "const React = require('react');").replace(/export (default )?/g, ''));
  writeFileSync(join(dir, 'broken.js'), 'export function f( {\n');

  it('parses a component in .js and .cjs and reports the retry loop beside it', async () => {
    const { code, files } = await checkJson(['Page.js', 'Widget.cjs'], dir);
    expect(code).toBe(1);
    expect(files.map((f) => [f.filePath.slice(dir.length + 1), f.messages.map((m) => [m.ruleId, m.line, m.column])])).toEqual([
      ['Page.js', [['retry-hygiene/no-fixed-sleep-retry', 6, 3]]],
      ['Widget.cjs', [['retry-hygiene/no-fixed-sleep-retry', 6, 3]]],
    ]);
  });

  it('still turns a real syntax error into one message', async () => {
    const { files } = await checkJson(['broken.js'], dir);
    expect(files[0]!.messages).toMatchObject([{ ruleId: null, fatal: true, line: 2, message: expect.stringContaining('Parsing error') }]);
  });
});
