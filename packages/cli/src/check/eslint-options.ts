/**
 * The options `check` gives ESLint, as an options module (ESLint.fromOptionsModule): with
 * --concurrency, ESLint's worker threads import this same URL, since a config holding
 * plugin objects cannot be copied to them. The run's settings travel in the URL's query.
 */
import type { ESLint } from 'eslint';
import { embeddedConfig, siteCollectorConfig } from './embedded-config.js';

const params = new URL(import.meta.url).searchParams;
const configFile = params.get('config');
const concurrency = params.get('concurrency') ?? 'off';

const options: ESLint.Options = {
  cwd: params.get('cwd') ?? process.cwd(),
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
    : { overrideConfigFile: true, overrideConfig: [...embeddedConfig({ reportUnused: params.get('unused') === '1' }), siteCollectorConfig()] }),
};

export default options;
