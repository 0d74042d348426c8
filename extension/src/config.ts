/**
 * Client-side pieces that need no VS Code: the settings as the server reads them, the
 * chart command's argument, the status bar's words. Unit-tested in tests/.
 */

export const SECTION = 'retryHygiene';
/** Vue and Svelte: their `<script>` blocks, checked in a trusted workspace whose project has the framework's ESLint parser. */
export const LANGUAGES = ['javascript', 'javascriptreact', 'typescript', 'typescriptreact', 'vue', 'svelte'] as const;
export const RULES = ['no-fixed-sleep-retry', 'require-jitter', 'no-unbounded-retry', 'no-nested-retry'] as const;
export type RuleName = (typeof RULES)[number];

export const COMMANDS = {
  showHerdChart: 'retryHygiene.showHerdChart',
  openRuleDocs: 'retryHygiene.openRuleDocs',
  restartServer: 'retryHygiene.restartServer',
  showOutput: 'retryHygiene.showOutput',
} as const;

/** The server's notification that checking a document is slow (or no longer is). */
export const SLOW_FILE_NOTIFICATION = 'retryHygiene/slowFile';

export interface SlowFile {
  uri: string;
  lintMs: number;
  limitMs: number;
  slow: boolean;
}

/** Checks the slow-file notification's params (they come from another process: treat them as input). */
export function parseSlowFile(value: unknown): SlowFile | undefined {
  if (!isObject(value) || typeof value.uri !== 'string' || typeof value.slow !== 'boolean' || !finite(value.lintMs) || !finite(value.limitMs)) return undefined;
  return { uri: value.uri, lintMs: value.lintMs, limitMs: value.limitMs, slow: value.slow };
}
export const HERD_AT_REQUEST = 'retryHygiene/herdAt';
/** The diagnostics' `source`. */
export const SOURCE = 'retry-hygiene';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Settings the extension itself applies, which the server does not know: `trace.server`
 * (vscode-languageclient reads it), `exclude` (files never sent to the server) and `run` (when
 * the client asks for diagnostics).
 */
export const CLIENT_ONLY_KEYS = new Set(['trace', 'exclude', 'run']);

export type RunMode = 'onType' | 'onSave';

/** `retryHygiene.run` as vscode-languageclient's pull options: on open always, then on each change or only on save. */
export function pullOptionsFor(run: unknown): { onChange: boolean; onSave: boolean } {
  return run === 'onSave' ? { onChange: false, onSave: true } : { onChange: true, onSave: false };
}

/** `retryHygiene.exclude` as a list of globs: non-strings and empty strings dropped. */
export function excludeGlobs(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((g): g is string => typeof g === 'string' && g.trim() !== '') : [];
}

/**
 * VS Code's `retryHygiene` section as the server reads it. The contributed settings are
 * flat keys (`rules.require-jitter.severity`, `…options.maxAttempts`) that VS Code nests
 * into exactly the server's `{ severity, options }` shape; what is left to do is to drop the
 * options left empty (null: "no value", which the rule's schema would reject) and an
 * options object with nothing in it. Anything else is passed as it is, so the server
 * names a wrong value in its warning instead of the client hiding it.
 */
export function toServerSettings(section: unknown): unknown {
  if (!isObject(section)) return section;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(section)) {
    if (value === null || value === undefined || typeof value === 'function' || CLIENT_ONLY_KEYS.has(key)) continue;
    if (key === 'rules' && isObject(value)) {
      const rules: Record<string, unknown> = {};
      for (const [rule, setting] of Object.entries(value)) {
        if (!isObject(setting)) {
          if (setting !== null && setting !== undefined) rules[rule] = setting;
          continue;
        }
        const next: Record<string, unknown> = {};
        for (const [k, v] of Object.entries(setting)) {
          if (v === null || v === undefined) continue;
          if (k === 'options' && isObject(v)) {
            const options = Object.fromEntries(Object.entries(v).filter(([, o]) => o !== null && o !== undefined));
            if (Object.keys(options).length > 0) next.options = options;
          } else next[k] = v;
        }
        rules[rule] = next;
      }
      out.rules = rules;
    } else if (isObject(value)) {
      out[key] = Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null && v !== undefined));
    } else out[key] = value;
  }
  return out;
}

export interface Scenario {
  clients: number;
  capacity: number;
  outageMs: number;
}

export interface Policy {
  maxAttempts: number | 'unbounded' | 'unknown';
  deadlineMs?: number;
  delay: { kind: 'none' | 'constant' | 'linear' | 'polynomial' | 'exponential' | 'decorrelated' | 'unknown'; baseMs?: number; factor?: number; power?: number; capMs?: number; stepsMs?: number[] };
  jitter: 'none' | 'full' | 'equal' | 'decorrelated' | 'proportional' | 'unknown';
}

/** The chart command's argument: the hover link's, or the server's herdAt answer (which adds the words and rules). */
export interface HerdArgs {
  uri: string;
  line: number;
  character: number;
  policy: Policy;
  scenario: Scenario;
  /** The quick fix the comparison shows: its title and the policy it leaves. */
  fix?: { title: string; policy: Policy };
  /** The function the retry is in, when it has a name. */
  name?: string;
  kind?: string;
  description?: string;
  rules?: string[];
}

const DELAY_KINDS = new Set(['none', 'constant', 'linear', 'polynomial', 'exponential', 'decorrelated', 'unknown']);
const JITTERS = new Set(['none', 'full', 'equal', 'decorrelated', 'proportional', 'unknown']);
const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** Checks a command argument (it comes from a link in a hover: treat it as input). */
export function parseHerdArgs(value: unknown): HerdArgs | undefined {
  const arg = Array.isArray(value) ? value[0] : value;
  if (!isObject(arg) || typeof arg.uri !== 'string' || !finite(arg.line) || !finite(arg.character)) return undefined;
  const policy = parsePolicy(arg.policy);
  const scenario = parseScenario(arg.scenario);
  if (!policy || !scenario) return undefined;
  const out: HerdArgs = { uri: arg.uri, line: arg.line, character: arg.character, policy, scenario };
  if (isObject(arg.fix) && typeof arg.fix.title === 'string') {
    const fixPolicy = parsePolicy(arg.fix.policy);
    if (fixPolicy) out.fix = { title: arg.fix.title, policy: fixPolicy };
  }
  if (typeof arg.name === 'string') out.name = arg.name;
  if (typeof arg.kind === 'string') out.kind = arg.kind;
  if (typeof arg.description === 'string') out.description = arg.description;
  if (Array.isArray(arg.rules)) out.rules = arg.rules.filter((r): r is string => typeof r === 'string');
  return out;
}

export function parsePolicy(value: unknown): Policy | undefined {
  if (!isObject(value) || !isObject(value.delay)) return undefined;
  const { maxAttempts, deadlineMs, jitter, delay } = value;
  if (!(maxAttempts === 'unbounded' || maxAttempts === 'unknown' || (finite(maxAttempts) && maxAttempts >= 1))) return undefined;
  if (typeof jitter !== 'string' || !JITTERS.has(jitter) || typeof delay.kind !== 'string' || !DELAY_KINDS.has(delay.kind)) return undefined;
  const policy: Policy = { maxAttempts, delay: { kind: delay.kind as Policy['delay']['kind'] }, jitter: jitter as Policy['jitter'] };
  for (const key of ['baseMs', 'factor', 'power', 'capMs'] as const) {
    const v = delay[key];
    if (v === undefined) continue;
    if (!finite(v) || v < 0) return undefined;
    policy.delay[key] = v;
  }
  if (delay.stepsMs !== undefined) {
    const steps = delay.stepsMs;
    if (!Array.isArray(steps) || steps.length > 1024 || !steps.every((s) => finite(s) && s >= 0)) return undefined;
    policy.delay.stepsMs = steps as number[];
  }
  if (deadlineMs !== undefined) {
    if (!finite(deadlineMs) || deadlineMs < 0) return undefined;
    policy.deadlineMs = deadlineMs;
  }
  return policy;
}

/** Limits as the server's (and the settings'): a scenario outside them is clamped. */
export const SCENARIO_LIMITS: Record<keyof Scenario, [min: number, max: number]> = {
  clients: [1, 100_000],
  capacity: [1, 1_000_000],
  outageMs: [0, 3_600_000],
};

export function parseScenario(value: unknown): Scenario | undefined {
  if (!isObject(value)) return undefined;
  const out = {} as Scenario;
  for (const key of Object.keys(SCENARIO_LIMITS) as (keyof Scenario)[]) {
    const v = value[key];
    if (!finite(v)) return undefined;
    const [min, max] = SCENARIO_LIMITS[key];
    out[key] = Math.min(max, Math.max(min, key === 'outageMs' ? v : Math.round(v)));
  }
  return out;
}
