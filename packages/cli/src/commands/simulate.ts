import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  DEFAULTS,
  STRATEGY_NAMES,
  formatCount,
  formatDuration,
  isStrategyName,
  renderSvg,
  renderTable,
  renderTerminal,
  simulate,
  type SimulateOptions,
  type SimulationResult,
  type StrategyName,
} from '@retry-hygiene/herd';
import { UsageError, type CliIO, type Command } from '../io.js';

const FORMATS = ['text', 'json', 'svg'] as const;
type Format = (typeof FORMATS)[number];

/** Largest --clients: the per-client engine keeps about 60 bytes per client. */
const MAX_CLIENTS = 10_000_000;

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
  --format <f>         text (chart and table), json, or svg (default text)
  --out <file>         write to a file instead of standard output
  -h, --help           show this help

Example:
  retry-hygiene simulate --strategy constant,exponential,full,decorrelated
`;

export const simulateCommand: Command = {
  summary: 'simulate the thundering herd of retry strategies',
  async run(args: string[], io: CliIO): Promise<number> {
    const values = parse(args);
    if (values.help) {
      io.stdout(HELP);
      return 0;
    }
    const strategies = parseStrategies(values.strategy);
    const format = parseFormat(values.format);
    const options: SimulateOptions = {
      clients: number('--clients', values.clients, { integer: true, min: 1, max: MAX_CLIENTS }),
      capacity: number('--capacity', values.capacity, { integer: true, min: 1 }),
      outageMs: number('--outage', values.outage, { min: 0 }),
      baseMs: number('--base', values.base, { min: 0 }),
      capMs: number('--cap', values.cap, { min: 0 }),
      maxAttempts: number('--max-attempts', values['max-attempts'], { integer: true, min: 1 }),
      seed: number('--seed', values.seed, { integer: true, min: Number.MIN_SAFE_INTEGER }),
      startSpreadMs: number('--start-spread', values['start-spread'], { min: 0 }),
    };
    const results = strategies.map((strategy) => ({ strategy, result: simulate(strategy, options) }));

    const toFile = values.out !== undefined;
    const color = format === 'text' && !toFile && io.isTTY && !process.env.NO_COLOR;
    const output =
      format === 'json'
        ? toJson(results)
        : format === 'svg'
          ? renderSvg(results.map((r) => r.result))
          : toText(
              results.map((r) => r.result),
              color,
            );
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
  },
};

function parse(args: string[]) {
  try {
    return parseArgs({
      args,
      allowPositionals: false,
      strict: true,
      options: {
        strategy: { type: 'string', short: 's' },
        clients: { type: 'string' },
        capacity: { type: 'string' },
        outage: { type: 'string' },
        base: { type: 'string' },
        cap: { type: 'string' },
        'max-attempts': { type: 'string' },
        seed: { type: 'string' },
        'start-spread': { type: 'string' },
        format: { type: 'string', short: 'f' },
        out: { type: 'string', short: 'o' },
        help: { type: 'boolean', short: 'h' },
      },
    }).values;
  } catch (error) {
    throw new UsageError(parseErrorMessage(error));
  }
}

/** node:util's messages run to several sentences; a usage error is one line naming the argument. */
function parseErrorMessage(error: unknown): string {
  const { code, message } = error as { code?: string; message: string };
  const quoted = /'([^']+)'/.exec(message)?.[1] ?? '';
  // "'-h, --help'" and "'--clients <value>'" both name the option by its long form.
  const option = /--[\w-]+/.exec(quoted)?.[0] ?? quoted.split(' ')[0] ?? quoted;
  switch (code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return `unknown option '${option}' (see --help)`;
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      if (message.includes('ambiguous')) return `${option} needs a value (write ${option}=<value> for one starting with '-')`;
      return message.includes('argument missing') ? `${option} needs a value` : `${option} does not take a value`;
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return `unexpected argument '${quoted}' (options only; see --help)`;
    default:
      return message.split('\n')[0] ?? message;
  }
}

function parseStrategies(raw: string | undefined): StrategyName[] {
  if (raw === undefined) throw new UsageError(`--strategy is required: one or more of ${STRATEGY_NAMES.join(', ')}`);
  if (raw.trim() === 'all') return [...STRATEGY_NAMES];
  const names = raw.split(',').map((name) => name.trim());
  const strategies: StrategyName[] = [];
  for (const name of names) {
    if (!isStrategyName(name)) {
      const shown = name === '' ? 'an empty name' : `'${name}'`;
      throw new UsageError(`--strategy: unknown strategy ${shown} (expected ${STRATEGY_NAMES.join(', ')} or all)`);
    }
    if (!strategies.includes(name)) strategies.push(name);
  }
  return strategies;
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
  max?: number;
}

/** Plain decimal numbers, with optional exponent and digit-group underscores ("1e6", "1_000_000"). */
function number(name: string, raw: string | undefined, rule: NumberRule): number | undefined {
  if (raw === undefined) return undefined;
  const text = raw.trim().replace(/(?<=\d)_(?=\d)/g, '');
  const value = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text) ? Number(text) : Number.NaN;
  const kind = rule.integer ? 'a whole number' : 'a number';
  const range = rule.max === undefined ? `>= ${rule.min}` : `from ${rule.min} to ${rule.max}`;
  if (
    !Number.isFinite(value) ||
    (rule.integer && !Number.isSafeInteger(value)) ||
    value < rule.min ||
    (rule.max !== undefined && value > rule.max)
  ) {
    const expected = rule.min === Number.MIN_SAFE_INTEGER ? kind : `${kind} ${range}`;
    throw new UsageError(`${name} must be ${expected}, got '${raw}'`);
  }
  return value;
}

function toText(results: SimulationResult[], color: boolean): string {
  const { scenario } = results[0]!;
  const heading =
    `${formatCount(scenario.clients)} clients fail at once; the server is down for ` +
    `${formatDuration(scenario.outageMs)}, then serves ${formatCount(scenario.capacity)}/s.`;
  return [
    heading,
    '',
    renderTerminal(results, { color }),
    renderTable(results),
    'peak: most requests offered in one second, × capacity; recovery: the same',
    'from the second the server is back. last over: start of the last second over',
    'capacity. p50/p99/max: time until a client is served.',
    '',
  ].join('\n');
}

/** One object per strategy; number arrays stay on one line so the file is readable. */
function toJson(results: { strategy: StrategyName; result: SimulationResult }[]): string {
  const objects = results.map(({ strategy, result }) => {
    const { label: _label, ...fields } = result;
    return { strategy, ...fields };
  });
  return (
    JSON.stringify(objects, null, 2).replace(
      /\[\s*(-?[\d.eE+-]+(?:,\s*-?[\d.eE+-]+)*)\s*\]/g,
      (_match, inner: string) => `[${inner.replace(/\s+/g, ' ')}]`,
    ) + '\n'
  );
}
