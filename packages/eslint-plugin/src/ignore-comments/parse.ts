/**
 * The product's own disable comments. `// eslint-disable-next-line retry-hygiene/<rule>` breaks
 * `npx eslint .` in a project whose ESLint config does not load the plugin ("Definition for
 * rule … was not found"), while these are plain comments to ESLint and are honoured by the
 * rules themselves, so they work wherever the rules run (ESLint with the plugin, `check`, the
 * language server):
 *
 *   // retry-hygiene-ignore-next-line no-fixed-sleep-retry, require-jitter -- polled by a human
 *   /* retry-hygiene-ignore-file no-unbounded-retry *\/
 *
 * The grammar follows ESLint's own directives: rule names separated by commas (bare, or with
 * the `retry-hygiene/` prefix), an optional `-- reason` tail, and no names at all meaning every
 * rule of the plugin. A next-line comment must fit on one line (as ESLint requires), and names
 * the next line of code: comment lines between are skipped, so that it stacks with another
 * tool's next-line comment (`// eslint-disable-next-line no-console` below it).
 */

export const IGNORE_NEXT_LINE = 'retry-hygiene-ignore-next-line';
export const IGNORE_FILE = 'retry-hygiene-ignore-file';

/** The plugin's rules, by bare name. */
export const RULE_NAMES = ['no-fixed-sleep-retry', 'require-jitter', 'no-unbounded-retry', 'no-nested-retry'] as const;

const PREFIX = 'retry-hygiene/';

export interface CommentLike {
  type: 'Line' | 'Block' | 'Shebang' | string;
  value: string;
  loc?: { start: { line: number; column: number }; end: { line: number; column: number } } | null;
}

export interface IgnoreDirective {
  kind: 'next-line' | 'file';
  /** Bare rule names; every rule of the plugin when the comment names none. */
  rules: readonly string[];
  reason?: string;
  /** The line right after the comment (1-based; the rules skip comment lines from there); undefined for a file directive. */
  line?: number;
  /** Where the comment is, for a problem reported about it. */
  loc: NonNullable<CommentLike['loc']>;
}

export interface DirectiveProblem {
  loc: NonNullable<CommentLike['loc']>;
  message: string;
}

const HEAD = new RegExp(`^\\s*(${IGNORE_NEXT_LINE}|${IGNORE_FILE})(?=\\s|$)`);
/** ESLint's separator of a directive's description: two or more dashes between blanks. */
const REASON = /\s-{2,}\s/;

/**
 * The directive a comment holds, with what is wrong with it: undefined when the comment is not
 * one (an ordinary comment, or one that only mentions the word further on).
 */
export function parseIgnoreComment(comment: CommentLike): { directive?: IgnoreDirective; problem?: DirectiveProblem } | undefined {
  if (comment.type !== 'Line' && comment.type !== 'Block') return undefined;
  const head = HEAD.exec(comment.value);
  if (!head || !comment.loc) return undefined;
  const loc = comment.loc;
  const name = head[1]!;
  const kind = name === IGNORE_NEXT_LINE ? 'next-line' : 'file';
  if (kind === 'next-line' && loc.start.line !== loc.end.line) {
    return { problem: { loc, message: `A ${name} comment must be on one line: it names the line after it.` } };
  }
  // A reason may begin right after the name (`-- reason` with no rule: every rule).
  const rest = ` ${comment.value.slice(head[0].length)} `;
  const split = REASON.exec(rest);
  const list = (split ? rest.slice(0, split.index) : rest).trim();
  const reason = split ? rest.slice(split.index + split[0].length).trim() : undefined;
  const names = list === '' ? [] : list.split(',').map((n) => n.trim());
  const unknown = names.filter((n) => !isRuleName(n));
  if (unknown.length > 0) {
    const shown = unknown.map((n) => (n === '' ? 'an empty name' : `'${n}'`)).join(', ');
    return {
      problem: {
        loc,
        message: `${name}: ${shown} ${unknown.length === 1 ? 'is not a rule' : 'are not rules'} of retry-hygiene (${RULE_NAMES.join(', ')}); this comment ignores nothing.`,
      },
    };
  }
  const rules = names.length === 0 ? [...RULE_NAMES] : [...new Set(names.map(bare))];
  const directive: IgnoreDirective = { kind, rules, loc, ...(reason ? { reason } : {}), ...(kind === 'next-line' ? { line: loc.end.line + 1 } : {}) };
  return { directive };
}

function bare(name: string): string {
  return name.startsWith(PREFIX) ? name.slice(PREFIX.length) : name;
}

function isRuleName(name: string): boolean {
  return (RULE_NAMES as readonly string[]).includes(bare(name));
}

/** What a file's comments ignore, and the comments that ignore nothing because they are wrong. */
export interface IgnoreComments {
  /** Whether any report can be ignored here. */
  any: boolean;
  /** Whether a rule's report starting on a line (1-based) is ignored. */
  ignores(rule: string, line: number): boolean;
  problems: readonly DirectiveProblem[];
}

/**
 * `codeLineAfter` gives the line of the first code after a comment (the rules ask the parse's
 * tokens); without it, the line right after the comment.
 */
export function ignoreCommentsOf(comments: readonly CommentLike[], codeLineAfter?: (comment: CommentLike) => number | undefined): IgnoreComments {
  const fileRules = new Set<string>();
  const byLine = new Map<number, Set<string>>();
  const problems: DirectiveProblem[] = [];
  for (const comment of comments) {
    const parsed = parseIgnoreComment(comment);
    if (!parsed) continue;
    if (parsed.problem) problems.push(parsed.problem);
    const directive = parsed.directive;
    if (!directive) continue;
    let target = fileRules;
    if (directive.line !== undefined) {
      const line = codeLineAfter?.(comment) ?? directive.line;
      target = byLine.get(line) ?? new Set();
      byLine.set(line, target);
    }
    for (const rule of directive.rules) target.add(rule);
  }
  return {
    any: fileRules.size > 0 || byLine.size > 0,
    ignores: (rule, line) => fileRules.has(rule) || byLine.get(line)?.has(rule) === true,
    problems,
  };
}
