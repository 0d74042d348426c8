import { parseHelperSpecs, type HelperSpec } from '@retry-hygiene/analysis';
/**
 * The server's settings: section `retryHygiene` of `workspace/configuration`, the same
 * shape in `initializationOptions`, and defaults that need neither.
 */

export const RULE_NAMES = ['no-fixed-sleep-retry', 'require-jitter', 'no-unbounded-retry', 'no-nested-retry'] as const;
export type RuleName = (typeof RULE_NAMES)[number];

export const SEVERITIES = ['error', 'warning', 'information', 'hint', 'off'] as const;
export type SeverityName = (typeof SEVERITIES)[number];

export interface RuleSetting {
  severity: SeverityName;
  /** The rule's options object, as in an ESLint config (checked against the rule's schema). */
  options?: Record<string, unknown>;
}

export interface ScenarioSettings {
  clients: number;
  capacity: number;
  /** Unset: each site's own, half the time it keeps trying (at most 10 s; the herd package's compare.ts). */
  outageMs?: number;
}

/** A scenario with its outage chosen: what a simulation runs. */
export type ResolvedScenario = Required<ScenarioSettings>;

export interface Settings {
  enable: boolean;
  rules: Record<RuleName, RuleSetting>;
  scenario: ScenarioSettings;
  /** Wait after the last change before linting again (push diagnostics). */
  debounceMs: number;
  /** A check of one file (ESLint and the analysis) longer than this is logged and told to the client; 0: never. */
  slowFileWarningMs: number;
  /** The project's own retry packages (HelperSpec): their calls read as a catalogued library's. */
  helpers: HelperSpec[];
  /**
   * Not a user setting: the client's initializationOptions.projectParsers, carried to the lint
   * workers with the settings. True: a `.vue` / `.svelte` file is checked with its project's parser.
   */
  projectParsers?: boolean;
}

export const DEFAULT_SETTINGS: Settings = {
  enable: true,
  rules: {
    'no-fixed-sleep-retry': { severity: 'error' },
    'require-jitter': { severity: 'error' },
    'no-unbounded-retry': { severity: 'error' },
    'no-nested-retry': { severity: 'error' },
  },
  scenario: { clients: 1000, capacity: 200 },
  debounceMs: 150,
  slowFileWarningMs: 2000,
  helpers: [],
};

/**
 * The range of each scenario setting, in one table (the README and the VS Code extension's
 * contributed settings state the same): a value outside it is clamped to it. Within them a
 * hover's simulation usually takes milliseconds; the worst corners (100 000 clients, a
 * capacity of 1, an hour's outage) take longer, which the hover's time budget bounds.
 */
export const SCENARIO_RANGES: Readonly<Record<keyof ResolvedScenario, Readonly<{ min: number; max: number; integer: boolean }>>> = {
  clients: { min: 1, max: 100_000, integer: true },
  capacity: { min: 1, max: 1_000_000, integer: true },
  outageMs: { min: 0, max: 3_600_000, integer: false },
};

export interface Resolved {
  settings: Settings;
  /** One line per ignored value, naming it: "retryHygiene.scenario.clients must be …". */
  problems: string[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Lays `layers` over the defaults, later ones winning, field by field. A value of the
 * wrong type or out of range is ignored (the layer below stays) and named in `problems`,
 * except a scenario number out of its range, which is clamped to SCENARIO_RANGES (and
 * named): a workspace that asks for a bigger herd gets the biggest one the hover runs.
 * Unknown keys are named too, so a typo does not pass silently.
 */
export function resolveSettings(...layers: unknown[]): Resolved {
  const settings: Settings = structuredClone(DEFAULT_SETTINGS);
  const problems: string[] = [];
  for (const layer of layers) {
    if (layer === undefined || layer === null) continue;
    if (!isObject(layer)) {
      problems.push(`retryHygiene must be an object, got ${typeName(layer)}`);
      continue;
    }
    for (const [key, value] of Object.entries(layer)) {
      if (value === undefined || value === null) continue;
      switch (key) {
        case 'enable':
          if (typeof value === 'boolean') settings.enable = value;
          else problems.push(`retryHygiene.enable must be true or false, got ${typeName(value)}`);
          break;
        case 'debounceMs':
          if (typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 10_000) settings.debounceMs = value;
          else problems.push(`retryHygiene.debounceMs must be a number from 0 to 10000, got ${show(value)}`);
          break;
        case 'slowFileWarningMs':
          if (typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 600_000) settings.slowFileWarningMs = value;
          else problems.push(`retryHygiene.slowFileWarningMs must be a number from 0 to 600000, got ${show(value)}`);
          break;
        case 'scenario':
          mergeScenario(settings.scenario, value, problems);
          break;
        case 'rules':
          mergeRules(settings.rules, value, problems);
          break;
        case 'helpers': {
          // The project's own retry packages, as a flat config declares them (settings.retryHygiene.helpers).
          const read = parseHelperSpecs(value, 'retryHygiene.helpers');
          settings.helpers = read.specs;
          problems.push(...read.problems);
          break;
        }
        default:
          // Flags of initializationOptions that are not settings live beside them.
          if (!INIT_ONLY_KEYS.has(key)) problems.push(`retryHygiene.${key} is not a setting (known: enable, rules, scenario, helpers, debounceMs, slowFileWarningMs)`);
      }
    }
  }
  return { settings, problems };
}

/** Keys of initializationOptions that are client capabilities, not settings. */
export const INIT_ONLY_KEYS = new Set(['hoverImages', 'chartCommand', 'syntaxErrors', 'docsCommand', 'projectParsers']);

function mergeScenario(into: ScenarioSettings, value: unknown, problems: string[]): void {
  if (!isObject(value)) {
    problems.push(`retryHygiene.scenario must be an object, got ${typeName(value)}`);
    return;
  }
  for (const [key, v] of Object.entries(value)) {
    if (v === undefined || v === null) continue;
    const range = SCENARIO_RANGES[key as keyof ResolvedScenario];
    if (!range) {
      problems.push(`retryHygiene.scenario.${key} is not a setting (known: clients, capacity, outageMs)`);
      continue;
    }
    const { min, max, integer } = range;
    const wanted = `${integer ? 'an integer' : 'a number'} from ${min} to ${max}`;
    // NaN and non-numbers say nothing about the size meant: the value below stays.
    if (typeof v !== 'number' || Number.isNaN(v)) {
      problems.push(`retryHygiene.scenario.${key} must be ${wanted}, got ${show(v)}`);
      continue;
    }
    const clamped = Math.min(max, Math.max(min, integer ? Math.round(v) : v));
    if (clamped !== v) problems.push(`retryHygiene.scenario.${key} must be ${wanted}, got ${show(v)} (clamped to ${clamped})`);
    into[key as keyof ResolvedScenario] = clamped;
  }
}

function mergeRules(into: Record<RuleName, RuleSetting>, value: unknown, problems: string[]): void {
  if (!isObject(value)) {
    problems.push(`retryHygiene.rules must be an object, got ${typeName(value)}`);
    return;
  }
  for (const [rawKey, v] of Object.entries(value)) {
    if (v === undefined || v === null) continue;
    const key = rawKey.replace(/^retry-hygiene\//, '');
    if (!(RULE_NAMES as readonly string[]).includes(key)) {
      problems.push(`retryHygiene.rules.${rawKey} is not a rule (known: ${RULE_NAMES.join(', ')})`);
      continue;
    }
    const rule = key as RuleName;
    if (typeof v === 'string') {
      if (isSeverity(v)) into[rule] = { ...into[rule], severity: v };
      else problems.push(`retryHygiene.rules.${rawKey} must be one of ${SEVERITIES.join(', ')}, got ${show(v)}`);
      continue;
    }
    if (!isObject(v)) {
      problems.push(`retryHygiene.rules.${rawKey} must be a severity or { severity, options }, got ${typeName(v)}`);
      continue;
    }
    const next: RuleSetting = { ...into[rule] };
    for (const [k, x] of Object.entries(v)) {
      if (x === undefined || x === null) continue;
      if (k === 'severity') {
        if (typeof x === 'string' && isSeverity(x)) next.severity = x;
        else problems.push(`retryHygiene.rules.${rawKey}.severity must be one of ${SEVERITIES.join(', ')}, got ${show(x)}`);
      } else if (k === 'options') {
        if (isObject(x)) next.options = x;
        else problems.push(`retryHygiene.rules.${rawKey}.options must be an object, got ${typeName(x)}`);
      } else {
        problems.push(`retryHygiene.rules.${rawKey}.${k} is not a setting (known: severity, options)`);
      }
    }
    into[rule] = next;
  }
}

function isSeverity(value: string): value is SeverityName {
  return (SEVERITIES as readonly string[]).includes(value);
}

function typeName(value: unknown): string {
  return Array.isArray(value) ? 'an array' : value === null ? 'null' : `a ${typeof value}`;
}

function show(value: unknown): string {
  return typeof value === 'string' ? `'${value}'` : typeof value === 'number' || typeof value === 'boolean' ? String(value) : typeName(value);
}
