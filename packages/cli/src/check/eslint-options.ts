/**
 * The options `check` gives ESLint, as an options module (ESLint.fromOptionsModule): with
 * --concurrency, ESLint's worker threads import this same URL, since a config holding
 * plugin objects cannot be copied to them. The run's settings travel in the URL's query.
 */
import type { ESLint } from 'eslint';
import { embeddedConfig, siteCollectorConfig } from './embedded-config.js';
import { COMMONJS_CONFIG, sourceTypeConfigs, type PackageScope } from './module-kind.js';

const params = new URL(import.meta.url).searchParams;
const configFile = params.get('config');
const concurrency = params.get('concurrency') ?? 'off';
const cwd = params.get('cwd') ?? process.cwd();
// Each package's .js source type (module-kind.ts): [folder, type or ''] pairs.
const scopes = (JSON.parse(params.get('sourceTypes') ?? '[]') as [string, string][]).map(([dir, type]) => ({ dir, ...(type ? { type } : {}) }) as PackageScope);
const sourceType = [...sourceTypeConfigs(scopes, cwd), ...(params.get('commonjs') === '1' ? [COMMONJS_CONFIG] : [])];

const options: ESLint.Options = {
  cwd,
  errorOnUnmatchedPattern: false,
  warnIgnored: false,
  concurrency: /^\d+$/.test(concurrency) ? Number(concurrency) : (concurrency as 'auto' | 'off'),
  ...(configFile
    ? {
        overrideConfigFile: configFile,
        overrideConfig: [siteCollectorConfig()],
        // The project's config may load many plugins: only the retry rules run.
        ruleFilter: ({ ruleId }) => ruleId.startsWith('retry-hygiene/') || ruleId === 'retry-hygiene-cli/sites',
      }
    : { overrideConfigFile: true, overrideConfig: [...embeddedConfig({ reportUnused: params.get('unused') === '1', cwd }), ...sourceType, siteCollectorConfig()] }),
};

export default options;
