import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const dir = fileURLToPath(new URL('./js-only/', import.meta.url));

describe('a JavaScript-only project, with no typescript installed', () => {
  it('loads the plugin and lints .js with configs.recommended and the object-shaped flat/recommended, leaves .ts unlinted; configs.typescript says what to install', () => {
    const out = execFileSync(process.execPath, ['--require', `${dir}no-typescript.cjs`, `${dir}lint-js.mjs`], { cwd: dir, encoding: 'utf8' });
    const report = JSON.parse(out) as {
      ruleIds: string[];
      objectRuleIds: string[];
      tsConfigs: boolean[];
      required: boolean;
      meta: Record<string, string>;
      configKeys: string[];
      typescriptConfig: string;
    };
    expect(report.ruleIds).toEqual(['retry-hygiene/no-fixed-sleep-retry', 'retry-hygiene/no-unbounded-retry']);
    expect(report.objectRuleIds).toEqual(['retry-hygiene/no-fixed-sleep-retry', 'retry-hygiene/no-unbounded-retry']);
    // Without a TypeScript parser, neither config makes ESLint parse .ts files (espree cannot).
    expect(report.tsConfigs).toEqual([false, false]);
    // require() of the ES module gives the plugin itself, as for a CommonJS plugin.
    expect(report.required).toBe(true);
    expect(report.meta).toMatchObject({ name: 'eslint-plugin-retry-hygiene', namespace: 'retry-hygiene' });
    expect(report.configKeys).toEqual(['recommended', 'strict', 'flat/recommended', 'flat/strict']);
    expect(report.typescriptConfig).toBe(
      "eslint-plugin-retry-hygiene: configs.typescript needs '@typescript-eslint/parser' and 'typescript' (npm install -D @typescript-eslint/parser typescript), or use typescript-eslint's own configs instead.",
    );
  });

  it('covers .ts where the project (not the plugin) can load typescript-eslint, as under Yarn PnP', () => {
    const project = mkdtempSync(join(tmpdir(), 'rh-js-only-'));
    try {
      const pkg = join(project, 'node_modules', 'typescript-eslint');
      mkdirSync(pkg, { recursive: true });
      writeFileSync(join(pkg, 'package.json'), JSON.stringify({ name: 'typescript-eslint', main: 'index.js' }));
      writeFileSync(join(pkg, 'index.js'), '');
      const out = execFileSync(process.execPath, ['--require', `${dir}no-typescript.cjs`, `${dir}lint-js.mjs`], { cwd: project, encoding: 'utf8' });
      const report = JSON.parse(out) as { ruleIds: string[]; tsConfigs: boolean[] };
      expect(report.ruleIds).toEqual(['retry-hygiene/no-fixed-sleep-retry', 'retry-hygiene/no-unbounded-retry']);
      expect(report.tsConfigs).toEqual([true, true]);
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  });
});
