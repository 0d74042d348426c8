import { relative } from 'node:path';
import { parseArgs } from 'node:util';
import { analyzeRetrySites, type RetrySite } from '@retry-hygiene/analysis';
import { herdSparklines, simulate, summarizeResult, type SimulationResult } from '@retry-hygiene/herd';
import { ESLint, Linter } from 'eslint';
import retryHygiene, { FILES } from 'eslint-plugin-retry-hygiene';
import { UsageError, type CliIO, type Command } from '../io.js';

const HELP = `usage: retry-hygiene check [paths…] [--format stylish|json] [--no-herd] [--exit-zero]

Lints JavaScript and TypeScript for bad retries with the plugin's recommended rules;
no ESLint set-up needed. Each finding shows the thundering herd its retry policy causes
(1 000 clients, a server of 200 req/s down for 10 s) next to full-jitter backoff.

  paths         files or folders (default: .); node_modules and dist are skipped
  --format      stylish (default) or json
  --no-herd     do not simulate the herd of each finding
  --exit-zero   exit 0 even when there are findings (for demos)
`;

type LintMessage = Linter.LintMessage;

interface Finding {
  message: LintMessage;
  site?: RetrySite;
  herd?: SimulationResult;
}

export const checkCommand: Command = {
  summary: 'lint files for bad retries',
  async run(args: string[], io: CliIO): Promise<number> {
    const options = parse(args);
    if (options.help) {
      io.stdout(HELP);
      return 0;
    }
    // With the herd wanted, a rule that reports nothing keeps each file's retry sites from the
    // same lint (the analysis is cached per file, so the rules and it share one computation).
    const sitesByFile = new Map<string, readonly RetrySite[]>();
    const collect = options.herd ? [siteCollector(sitesByFile)] : [];
    const eslint = new ESLint({
      cwd: io.cwd,
      overrideConfigFile: true,
      overrideConfig: [{ ignores: ['**/node_modules/**', '**/dist/**'] }, ...retryHygiene.configs.recommended, ...collect],
      errorOnUnmatchedPattern: false,
    });
    const results = await eslint.lintFiles(options.paths);
    if (results.length === 0) throw new UsageError(`no JavaScript or TypeScript files found in ${options.paths.join(', ')}`);
    const herd = options.herd ? new HerdCache() : undefined;
    const files = results.map((result) => ({ result, findings: findingsOf(result, herd, sitesByFile.get(result.filePath) ?? []) }));
    if (options.format === 'json') io.stdout(`${JSON.stringify(files.map(({ result, findings }) => toJson(result, findings, io.cwd)), null, 2)}\n`);
    else io.stdout(stylish(files, io));
    const problems = results.reduce((n, r) => n + r.errorCount + r.warningCount, 0);
    return problems > 0 && !options.exitZero ? 1 : 0;
  },
};

function parse(args: string[]) {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {
        format: { type: 'string', default: 'stylish' },
        herd: { type: 'boolean', default: true },
        'no-herd': { type: 'boolean', default: false },
        'exit-zero': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message.split('\n')[0] ?? 'bad arguments');
  }
  const { values, positionals } = parsed;
  if (values.format !== 'stylish' && values.format !== 'json') {
    throw new UsageError(`--format must be stylish or json, not '${values.format}'`);
  }
  return {
    paths: positionals.length > 0 ? positionals : ['.'],
    format: values.format,
    herd: values.herd && !values['no-herd'],
    exitZero: values['exit-zero'],
    help: values.help,
  };
}

const SPARK_WIDTH = 30;

/** Simulates each distinct policy once, however many findings share it. */
class HerdCache {
  private readonly results = new Map<string, SimulationResult>();

  of(site: RetrySite): SimulationResult {
    const key = JSON.stringify(site.policy);
    let result = this.results.get(key);
    if (!result) {
      result = simulate(site.policy);
      this.results.set(key, result);
    }
    return result;
  }
}

/** Pairs each finding with its retry site, so the herd of that exact policy can be shown. */
function findingsOf(result: ESLint.LintResult, herd: HerdCache | undefined, sites: readonly RetrySite[]): Finding[] {
  const findings: Finding[] = result.messages.map((message) => ({ message }));
  if (!herd) return findings;
  for (const finding of findings) {
    const site = sites.find((s) => s.loc.start.line === finding.message.line && s.loc.start.column + 1 === finding.message.column);
    if (!site) continue;
    finding.site = site;
    finding.herd = herd.of(site);
  }
  return findings;
}

function siteCollector(sitesByFile: Map<string, readonly RetrySite[]>): Linter.Config {
  const rule = {
    create(context: { physicalFilename: string; sourceCode: Parameters<typeof analyzeRetrySites>[0] }) {
      return { 'Program:exit': () => void sitesByFile.set(context.physicalFilename, analyzeRetrySites(context.sourceCode)) };
    },
  };
  return { files: FILES, plugins: { 'retry-hygiene-cli': { rules: { sites: rule } } }, rules: { 'retry-hygiene-cli/sites': 'error' } } as unknown as Linter.Config;
}

function stylish(files: { result: ESLint.LintResult; findings: Finding[] }[], io: CliIO): string {
  const color = io.isTTY ? (code: string, text: string) => `\u001b[${code}m${text}\u001b[0m` : (_: string, text: string) => text;
  const lines: string[] = [];
  let errors = 0;
  let warnings = 0;
  let withFindings = 0;
  let baseline: SimulationResult | undefined;
  const byRule = new Map<string, number>();
  for (const { result, findings } of files) {
    if (findings.length === 0) continue;
    withFindings++;
    lines.push(color('4', relative(io.cwd, result.filePath) || result.filePath));
    findings.forEach((finding, i) => {
      const { message } = finding;
      const severity = message.severity === 2 ? color('31', 'error') : color('33', 'warning');
      if (message.severity === 2) errors++;
      else warnings++;
      const rule = message.ruleId ?? (message.fatal ? 'parse error' : '');
      byRule.set(rule, (byRule.get(rule) ?? 0) + 1);
      lines.push(`  ${`${message.line}:${message.column}`.padEnd(8)}${severity}  ${message.message}  ${color('2', rule)}`);
      const next = findings[i + 1];
      const lastOfSite = !next || next.site !== finding.site;
      if (finding.herd && lastOfSite) {
        baseline ??= simulate('full');
        const [line] = herdSparklines([finding.herd, baseline], SPARK_WIDTH);
        lines.push(`          ${color('2', 'herd')}  ${line}  ${summarizeResult(finding.herd)}`);
      }
    });
    lines.push('');
  }
  const total = errors + warnings;
  if (total === 0) return `${color('32', '✔')} no retry problems in ${files.length} file${files.length === 1 ? '' : 's'}\n`;
  if (baseline) {
    const [, line] = herdSparklines([baseline, baseline], SPARK_WIDTH);
    lines.push(`${color('2', 'full jitter')}  ${line}  ${summarizeResult(baseline)}  ${color('2', '(what retry() from @retry-hygiene/retry does)')}`);
    lines.push(color('2', 'herd: 1 000 clients, a server of 200 req/s down for the first 10 s (retry-hygiene simulate for more)'));
    lines.push('');
  }
  const ruleSummary = [...byRule]
    .map(([rule, n]) => [rule.replace('retry-hygiene/', ''), n] as const)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([rule, n]) => `${n} ${rule}`)
    .join(', ');
  lines.push(color(errors > 0 ? '31' : '33', `✖ ${total} problem${total === 1 ? '' : 's'} (${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}) in ${withFindings} of ${files.length} files`));
  lines.push(`  ${ruleSummary}`);
  return `${lines.join('\n')}\n`;
}

function toJson(result: ESLint.LintResult, findings: Finding[], cwd: string) {
  return {
    filePath: relative(cwd, result.filePath),
    errorCount: result.errorCount,
    warningCount: result.warningCount,
    messages: findings.map(({ message, site, herd }) => ({
      ruleId: message.ruleId,
      severity: message.severity,
      message: message.message,
      line: message.line,
      column: message.column,
      endLine: message.endLine,
      endColumn: message.endColumn,
      ...(site ? { policy: site.policy } : {}),
      ...(herd
        ? { herd: { totalCalls: herd.totalCalls, wastedCalls: herd.wastedCalls, peakOverCapacity: herd.peakOverCapacity, p99Ms: herd.p99Ms, failedClients: herd.failedClients, summary: summarizeResult(herd) } }
        : {}),
    })),
  };
}
