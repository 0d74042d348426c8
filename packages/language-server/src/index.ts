export { startServer, DEFAULT_CHART_COMMAND, HERD_AT_REQUEST, SERVER_NAME, STATS_REQUEST, type HerdSite, type ServerOptions, type ServerStats } from './server.js';
export { LintEngine, MAX_BYTES, lintFilename, viewOf, type Analysis, type SiteLoc, type SiteView } from './engine.js';
export { runLintWorker } from './lint-worker.js';
export { runHerdWorker } from './herd-worker.js';
export { HOVER_SIMULATION_BUDGET_MS } from './herd-runner.js';
export { LARGE_DOCUMENT } from './scheduler.js';
export { DEFAULT_SETTINGS, RULE_NAMES, SCENARIO_RANGES, SEVERITIES, resolveSettings, type RuleSetting, type ScenarioSettings, type Settings, type SeverityName } from './settings.js';
export { FIX_ALL_KIND } from './code-actions.js';
