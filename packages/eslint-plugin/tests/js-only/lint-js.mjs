// Lints JavaScript with the plugin's recommended config where TypeScript cannot be loaded
// (see no-typescript.cjs); prints what happened as JSON for js-only.test.ts.
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
console.log(JSON.stringify({ ruleIds, meta: plugin.meta, configKeys: Object.keys(plugin.configs), typescriptConfig }));
