// Lints JavaScript with the plugin's recommended config where TypeScript cannot be loaded
// (see no-typescript.cjs); prints what happened as JSON for js-only.test.ts.
import { createRequire } from 'node:module';
import { ESLint } from 'eslint';
import plugin from 'eslint-plugin-retry-hygiene';

const code = `const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export async function load() {
  while (true) {
    try { return await fetch('/x'); } catch { await sleep(1000); }
  }
}
`;
const eslint = new ESLint({ overrideConfigFile: true, overrideConfig: plugin.configs.recommended, cwd: process.cwd() });
const [result] = await eslint.lintText(code, { filePath: 'load.js' });
let typescriptConfig;
try {
  void plugin.configs.typescript;
  typescriptConfig = 'loaded';
} catch (error) {
  typescriptConfig = error.message;
}
const ruleIds = result.messages.map((m) => m.ruleId);
// The object-shaped config, in an array written without a spread.
const objectEslint = new ESLint({ overrideConfigFile: true, overrideConfig: [plugin.configs['flat/recommended']], cwd: process.cwd() });
const [objectResult] = await objectEslint.lintText(code, { filePath: 'load.js' });
const objectRuleIds = objectResult.messages.map((m) => m.ruleId);
// Whether ESLint would lint (and so parse) a stray .ts file under each config: undefined is "no".
const tsConfigs = [await eslint.calculateConfigForFile('stray.ts'), await objectEslint.calculateConfigForFile('stray.ts')].map((c) => c !== undefined);
const required = createRequire(import.meta.url)('eslint-plugin-retry-hygiene') === plugin;
console.log(JSON.stringify({ ruleIds, objectRuleIds, tsConfigs, required, meta: plugin.meta, configKeys: Object.keys(plugin.configs), typescriptConfig }));
