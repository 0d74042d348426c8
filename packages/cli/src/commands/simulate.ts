import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  DEFAULTS,
  SCENARIO_LIMITS,
  STRATEGY_NAMES,
  formatCount,
  formatDuration,
  isStrategyName,
  renderSvg,
  renderTable,
  renderTerminal,
  simulate,
  type Scenario,
  type SimulateOptions,
  type SimulationResult,
  type StrategyName,
} from '@retry-hygiene/herd';
import { parseErrorMessage } from '../args.js';
import { useColor } from '../color.js';
import { UsageError, type CliIO, type Command } from '../io.js';
import { createProgress } from './simulate-progress.js';

const FORMATS = ['text', 'json', 'svg'] as const;
type Format = (typeof FORMATS)[number];

const L = SCENARIO_LIMITS;

const HELP = `usage: retry-hygiene simulate --strategy <name>[,<name>…] [options]

Simulates clients retrying against a server that is down for a while and then
serves a fixed number of requests per second: the load each strategy causes.

  --strategy <names>   comma-separated: ${STRATEGY_NAMES.slice(0, 3).join(', ')},
                       ${STRATEGY_NAMES.slice(3).join(', ')}; or all
  --clients <n>        clients that fail at once (default ${DEFAULTS.clients})
  --capacity <n>       requests served per second once back (default ${DEFAULTS.capacity})
  --outage <ms>        how long the server rejects everything (default ${DEFAULTS.outageMs})
  --base <ms>          first delay (default ${DEFAULTS.baseMs}; below 1 ms counts as 1 ms)
  --cap <ms>           largest delay (default ${DEFAULTS.capMs})
  --max-attempts <n>   give up after n calls in all (default: never)
  --seed <n>           seed for the jittered strategies (default ${DEFAULTS.seed})
  --start-spread <ms>  spread first requests evenly over this long (default 0)
  --max-work <units>   stop a run after this much work, about a nanosecond
                       each (default ${DEFAULTS.maxWork}); a run that stops
                       says so, and counts the clients still waiting as failed
  --format <f>         text (chart and table), json, or svg (default text)
  --out <file>         write to a file instead of standard output
  -h, --help           show this help

Ranges: --clients 1 to ${L.clients.max}, --capacity 1 to ${L.capacity.max},
--max-attempts 1 to ${L.maxAttempts.max}; --outage, --base, --cap and
--start-spread 0 to ${L.outageMs.max} ms. A value outside is an error.

Example:
  retry-hygiene simulate --strategy constant,exponential,full,decorrelated
`;

export const simulateCommand: Command = {
  summary: 'simulate the thundering herd of retry strategies',
  run: (args, io) => runSimulate(args, io, { progress: Boolean(process.stderr.isTTY) }),
};

export interface SimulateTerminal {
  /** Show progress on stderr for a run that takes over a second (stderr is a terminal). */
  progress: boolean;
  /** For tests: the clock that decides when a run has taken a second. */
  now?: () => number;
}

export async function runSimulate(args: string[], io: CliIO, terminal: SimulateTerminal): Promise<number> {
  const parsed = parse(args);
  if (parsed.help) {
    io.stdout(HELP);
    return 0;
  }
  const values = single(parsed);
  const strategies = parseStrategies(parsed.strategy);
  const format = parseFormat(values.format);
  // Ranges from the simulator's SCENARIO_LIMITS, so that a value it would refuse is
  // named here as the flag the user typed.
  const options: SimulateOptions = {
    clients: number('--clients', values.clients, { ...L.clients, min: 1 }),
    capacity: number('--capacity', values.capacity, L.capacity),
    outageMs: number('--outage', values.outage, L.outageMs),
    baseMs: number('--base', values.base, L.baseMs),
    capMs: number('--cap', values.cap, L.capMs),
    maxAttempts: number('--max-attempts', values['max-attempts'], L.maxAttempts),
    seed: number('--seed', values.seed, L.seed),
    startSpreadMs: number('--start-spread', values['start-spread'], L.startSpreadMs),
    maxWork: number('--max-work', values['max-work'], L.maxWork),
  };
  checkBaseAndCap(options, strategies);
  const progress = terminal.progress ? createProgress(io.stderr, terminal.now) : undefined;
  const onProgress = progress && ((settled: number) => progress.update(settled));
  let results: { strategy: StrategyName; result: SimulationResult }[];
  try {
    results = strategies.map((strategy, i) => {
      progress?.strategy(strategy, i + 1, strategies.length);
      return { strategy, result: simulate(strategy, { ...options, onProgress }) };
    });
  } finally {
    progress?.done();
  }
  const notes = [...scenarioNotes(results[0]!.result.scenario), ...cutNotes(results.map((r) => r.result))];

  const toFile = values.out !== undefined;
  const color = format === 'text' && useColor({ isTTY: io.isTTY, env: io.env ?? process.env, toFile });
  const output =
    format === 'json'
      ? toJson(results)
      : format === 'svg'
        ? renderSvg(results.map((r) => r.result))
        : toText(
            results.map((r) => r.result),
            color,
            notes,
          );
  // Text carries its notes; json and svg are data, so the notes go to stderr.
  if (format !== 'text') for (const note of notes) io.stderr(`retry-hygiene simulate: note: ${note}\n`);
  if (values.out === undefined) {
    io.stdout(output);
    return 0;
  }
  if (values.out === '') throw new UsageError('--out needs a file name');
  const path = resolve(io.cwd, values.out);
  try {
    await writeFile(path, output);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new UsageError(`--out: cannot write '${values.out}' (${code})`);
  }
  io.stderr(`retry-hygiene simulate: wrote ${values.out}\n`);
  return 0;
}

const NUMBER_OPTIONS = ['clients', 'capacity', 'outage', 'base', 'cap', 'max-attempts', 'seed', 'start-spread', 'max-work'] as const;

const SIMULATE_OPTIONS = {
  // Every option may be repeated so that a repeat is reported, not silently dropped:
  // --strategy lists are merged, any other option given twice is an error.
  strategy: { type: 'string', short: 's', multiple: true },
  clients: { type: 'string', multiple: true },
  capacity: { type: 'string', multiple: true },
  outage: { type: 'string', multiple: true },
  base: { type: 'string', multiple: true },
  cap: { type: 'string', multiple: true },
  'max-attempts': { type: 'string', multiple: true },
  seed: { type: 'string', multiple: true },
  'start-spread': { type: 'string', multiple: true },
  'max-work': { type: 'string', multiple: true },
  format: { type: 'string', short: 'f', multiple: true },
  out: { type: 'string', short: 'o', multiple: true },
  help: { type: 'boolean', short: 'h' },
} as const;

function parse(args: string[]) {
  try {
    return parseArgs({
      args: attachNegativeNumbers(args),
      allowPositionals: false,
      strict: true,
      options: SIMULATE_OPTIONS,
    }).values;
  } catch (error) {
    throw new UsageError(parseErrorMessage(error, SIMULATE_OPTIONS));
  }
}

/**
 * `--clients -5` reads to node:util as an option after a missing value; for the number
 * options, a following argument that is a negative number is their value, so that it
 * gets the range error it deserves instead of "needs a value".
 */
function attachNegativeNumbers(args: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const next = args[i + 1];
    const name = arg.startsWith('--') ? arg.slice(2) : '';
    if ((NUMBER_OPTIONS as readonly string[]).includes(name) && next !== undefined && /^-\.?\d/.test(next)) {
      out.push(`${arg}=${next}`);
      i++;
    } else {
      out.push(arg);
    }
  }
  return out;
}

type Parsed = ReturnType<typeof parse>;
type Single = { [K in Exclude<keyof Parsed, 'help' | 'strategy'>]?: string };

/** The options that take one value: given twice, they are an error rather than a silent last-one-wins. */
function single(parsed: Parsed): Single {
  const values: Single = {};
  for (const key of [...NUMBER_OPTIONS, 'format', 'out'] as const) {
    const given = parsed[key];
    if (given === undefined) continue;
    if (given.length > 1) {
      throw new UsageError(`--${key} given more than once (${given.map((v) => `'${v}'`).join(', ')})`);
    }
    values[key] = given[0];
  }
  return values;
}

/** Every --strategy list, merged in order without duplicates; `all` stands for every strategy. */
function parseStrategies(raws: string[] | undefined): StrategyName[] {
  if (raws === undefined) throw new UsageError(`--strategy is required: one or more of ${STRATEGY_NAMES.join(', ')}`);
  const expected = `(expected ${STRATEGY_NAMES.join(', ')} or all)`;
  const strategies: StrategyName[] = [];
  for (const raw of raws) {
    for (const part of raw.split(',')) {
      const name = part.trim();
      if (name === '') throw new UsageError(`--strategy: empty name in '${raw}' ${expected}`);
      if (name !== 'all' && !isStrategyName(name)) throw new UsageError(`--strategy: unknown strategy '${name}' ${expected}`);
      for (const strategy of name === 'all' ? STRATEGY_NAMES : [name]) {
        if (!strategies.includes(strategy)) strategies.push(strategy);
      }
    }
  }
  return strategies;
}

/**
 * retry() refuses a cap below the base, and so does the simulator: the cap would replace
 * every wait. constant has no cap, so only the strategies with one are checked.
 */
function checkBaseAndCap(options: SimulateOptions, strategies: readonly StrategyName[]): void {
  if (strategies.every((s) => s === 'constant')) return;
  const base = options.baseMs ?? DEFAULTS.baseMs;
  if (options.capMs !== undefined && options.capMs < base) {
    throw new UsageError(`--cap must be >= --base (${base}), got '${options.capMs}'`);
  }
  if (options.capMs === undefined && DEFAULTS.capMs < base) {
    throw new UsageError(`--base must be <= the cap (${DEFAULTS.capMs} by default; set --cap), got '${base}'`);
  }
}

/** What the heading alone would get wrong: clients or an outage past the horizon. Each reads after "Note: ". */
function scenarioNotes(scenario: Scenario): string[] {
  const notes: string[] = [];
  const { clients, startSpreadMs, horizonMs, outageMs } = scenario;
  const horizon = formatDuration(horizonMs);
  if (outageMs >= horizonMs) {
    notes.push(
      `the outage (${formatDuration(outageMs)}) runs past ${horizon}, where the simulation stops; no client is served.`,
    );
  }
  if (startSpreadMs > 0) {
    // Client i starts at i·spread/clients: those from ceil(clients·horizon/spread) on start too late.
    const late = clients - Math.min(clients, Math.ceil((clients * horizonMs) / startSpreadMs));
    if (late > 0) {
      notes.push(
        `${formatCount(late)} client${late === 1 ? '' : 's'} would start after ${horizon}, where the simulation stops; they count as failed.`,
      );
    }
  }
  return notes;
}

/** Runs that stopped at --max-work: where, and what their numbers then mean. */
function cutNotes(results: readonly SimulationResult[]): string[] {
  return results
    .filter((r) => r.cutAtMs !== null)
    .map(
      (r) =>
        `${r.label}: stopped at ${formatDuration(r.cutAtMs!)} on reaching the work limit (--max-work); ` +
        `the clients still waiting then count as failed.`,
    );
}

function parseFormat(raw: string | undefined): Format {
  if (raw === undefined) return 'text';
  if (!(FORMATS as readonly string[]).includes(raw)) {
    throw new UsageError(`--format must be one of ${FORMATS.join(', ')}, got '${raw}'`);
  }
  return raw as Format;
}

interface NumberRule {
  integer?: boolean;
  min: number;
  max: number;
}

/** Plain decimal numbers, with optional exponent and digit-group underscores ("1e6", "1_000_000"). */
function number(name: string, raw: string | undefined, rule: NumberRule): number | undefined {
  if (raw === undefined) return undefined;
  const text = raw.trim().replace(/(?<=\d)_(?=\d)/g, '');
  const value = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text) ? Number(text) : Number.NaN;
  const kind = rule.integer ? 'a whole number' : 'a number';
  if (
    !Number.isFinite(value) ||
    (rule.integer && !Number.isSafeInteger(value)) ||
    value < rule.min ||
    value > rule.max
  ) {
    const expected = rule.min === Number.MIN_SAFE_INTEGER ? kind : `${kind} from ${rule.min} to ${rule.max}`;
    throw new UsageError(`${name} must be ${expected}, got '${raw}'`);
  }
  return value;
}

function toText(results: SimulationResult[], color: boolean, scenarioNotes: readonly string[]): string {
  const { scenario } = results[0]!;
  const start =
    scenario.startSpreadMs === 0
      ? `${formatCount(scenario.clients)} clients fail at once`
      : `${formatCount(scenario.clients)} clients start over ${formatDuration(scenario.startSpreadMs)}`;
  const heading =
    `${start}; the server is down for ` +
    `${formatDuration(scenario.outageMs)}, then serves ${formatCount(scenario.capacity)}/s.`;
  const notes = [...scenarioNotes];
  const fluid = results.filter((r) => r.engine === 'fluid').map((r) => r.label);
  if (fluid.length > 0) {
    notes.push(`${fluid.join(', ')}: expected values, for the clients as a whole (too many calls to follow each client).`);
  }
  return [
    ...wrap(heading, 80, ''),
    ...notes.flatMap((note) => wrap(`Note: ${note}`, 80, '      ')),
    '',
    renderTerminal(results, { color }),
    renderTable(results),
    'peak: most requests offered in one second, × capacity; recovery: the same',
    'from the second the server is back. last over: start of the last second over',
    'capacity. p50/p99/max: time until a client is served.',
    '',
  ].join('\n');
}

/** Words of `text` in lines of at most `width` columns, the later ones indented. */
function wrap(text: string, width: number, indent: string): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const candidate = line === '' ? word : `${line} ${word}`;
    if (candidate.length > width && line.trim() !== '') {
      lines.push(line);
      line = `${indent}${word}`;
    } else {
      line = candidate;
    }
  }
  lines.push(line);
  return lines;
}

/** One object per strategy; number arrays stay on one line so the file is readable. */
function toJson(results: { strategy: StrategyName; result: SimulationResult }[]): string {
  const objects = results.map(({ strategy, result }) => {
    const { label: _label, ...fields } = result;
    return { strategy, ...fields };
  });
  // Number arrays are written on one line each as they are met, rather than indented and
  // joined afterwards: a day's series would otherwise make a string of a million lines.
  const arrays: string[] = [];
  const text = JSON.stringify(
    objects,
    (_key, value: unknown) =>
      Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'number')
        ? `\u0000${arrays.push(`[${value.map((v) => JSON.stringify(v)).join(', ')}]`) - 1}`
        : value,
    2,
  );
  return text.replace(/"\\u0000(\d+)"/g, (_match, i: string) => arrays[Number(i)]!) + '\n';
}
