export {
  DEFAULTS,
  DEFAULT_MAX_WORK,
  MAX_HORIZON_MS,
  STRATEGY_NAMES,
  isStrategyName,
  resolveScenario,
  type RetryPolicy,
  type Scenario,
  type SimulateOptions,
  type SimulationResult,
  type StrategyName,
} from './model.js';
export {
  EXACT_MAX_CALLS,
  EXACT_MAX_CLIENTS,
  chooseEngine,
  simulate,
  simulateCohorts,
  simulateFluid,
  simulatePerClient,
  simulateWindows,
} from './simulate.js';
export {
  DEFAULT_FACTOR,
  MIN_DELAY_MS,
  PROPORTIONAL_SPREAD,
  UNKNOWN_MAX_ATTEMPTS,
  createDelay,
  describePolicy,
  isDeterministic,
  resolvePolicy,
  type DelayFunction,
  type ResolvedPolicy,
} from './policies.js';
export { createUniform, type Uniform } from './prng.js';
export { formatCount, formatDuration, formatRatio, summarizeResult } from './format.js';
export { herdSparklines, sparkline, type SparklineOptions } from './sparkline.js';
export { chooseXScale, chooseYScale, type XScale, type YScale } from './scale.js';
export { renderSvg, type SvgOptions } from './svg.js';
export { renderTable, renderTerminal, type TerminalOptions } from './terminal.js';
export { renderCompactSvg, type CompactSvgOptions } from './svg-compact.js';
export { SimulationCache } from './cache.js';
export { SCENARIO_LIMITS, checkLimit, clampToLimit, type Limit, type LimitedOption } from './limits.js';
export { WORK, estimateCalls, predictCosts, type CallEstimate, type EngineChoice, type EngineCosts } from './cost.js';
export {
  AUTO_OUTAGE,
  COMPARISON_COLUMNS,
  SAME_WITH_JITTER_LABEL,
  callsPerClient,
  comparedPolicies,
  comparisonBrief,
  comparisonNote,
  comparisonCells,
  comparisonOutageMs,
  comparisonSummary,
  drainedAtMs,
  gaveUpBeforeRecovery,
  outageWords,
  outcomeWords,
  retrySpanMs,
  samePolicy,
  tradeOffNote,
  withFullJitter,
  type ComparedPolicies,
  type ComparisonRole,
} from './compare.js';
