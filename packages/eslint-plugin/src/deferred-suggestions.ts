import type { TSESLint } from '@typescript-eslint/utils';
import { SUGGESTION_MESSAGES, type Fix, type Fixer, type Suggestion } from './suggestions/types.js';

/**
 * Suggestions built after the lint rather than during it. ESLint builds every suggestion of
 * every report while the rules run, and an editor waits for all of them before it sees a
 * single diagnostic, though it needs a finding's suggestions only when the user asks for its
 * quick fixes. With `settings.retryHygiene.deferSuggestions: true` (the language server sets
 * it; nobody else needs to) the rules report without `suggest` and leave here, for each
 * report, the function that builds its suggestions from the same site objects; the caller
 * runs them once the diagnostics are out (`buildDeferredSuggestions`). Without the setting
 * nothing changes: ESLint gets its `suggest` as usual.
 */

type Context = Readonly<TSESLint.RuleContext<string, readonly unknown[]>>;

interface Pending {
  key: string;
  build: () => Suggestion[];
}

/** Reports waiting for their suggestions, per SourceCode (one per lint of one text). */
const pendingBySource = new WeakMap<object, Pending[]>();

export function defersSuggestions(context: Context): boolean {
  const settings = context.settings as { retryHygiene?: { deferSuggestions?: unknown } } | undefined;
  return settings?.retryHygiene?.deferSuggestions === true;
}

/** What a report says, as `context.report` takes it, minus `suggest`. */
export interface SuggestingReport {
  loc: { start: { line: number; column: number }; end: { line: number; column: number } };
  messageId: string;
  data?: Record<string, unknown>;
}

/** Reports with the suggestions `build` makes: at once for ESLint, or later when deferred. */
export function reportSuggesting(context: Context, report: SuggestingReport, build: () => Suggestion[]): void {
  const descriptor = report as Parameters<Context['report']>[0];
  if (!defersSuggestions(context)) {
    context.report({ ...descriptor, suggest: build() } as Parameters<Context['report']>[0]);
    return;
  }
  context.report(descriptor);
  const source = context.sourceCode as object;
  let pending = pendingBySource.get(source);
  if (!pending) pendingBySource.set(source, (pending = []));
  // ESLint's message for this report: its rule, first line and (1-based) column, messageId.
  pending.push({ key: keyOf(context.id, report.loc.start.line, report.loc.start.column + 1, report.messageId), build });
}

/** A suggestion as an editor applies it: its title and its edits, apart and in order (not merged into one). */
export interface BuiltSuggestion {
  messageId: string;
  desc: string;
  edits: { range: [number, number]; text: string }[];
}

/** The part of an ESLint message that says which report it came from. */
export interface MessageKey {
  ruleId: string | null;
  line: number;
  column: number;
  messageId?: string;
}

/**
 * The suggestions of each message, built now from the reports deferred while `sourceCode` was
 * linted (undefined for a message that deferred none: another rule's, or one ESLint built).
 * Reports that a disable comment removed are never built. Forgets them: a second call gets none.
 */
export function buildDeferredSuggestions(sourceCode: object, messages: readonly MessageKey[]): (BuiltSuggestion[] | undefined)[] {
  const pending = pendingBySource.get(sourceCode);
  pendingBySource.delete(sourceCode);
  if (!pending) return messages.map(() => undefined);
  // Several reports may share a key (two findings of one rule at one place): first come, first served, as ESLint keeps them in order.
  const byKey = new Map<string, Pending[]>();
  for (const p of pending) {
    const list = byKey.get(p.key);
    if (list) list.push(p);
    else byKey.set(p.key, [p]);
  }
  const text = (sourceCode as { text: string }).text;
  return messages.map((message) => {
    if (message.ruleId === null || message.messageId === undefined) return undefined;
    const found = byKey.get(keyOf(message.ruleId, message.line, message.column, message.messageId))?.shift();
    if (!found) return undefined;
    const built: BuiltSuggestion[] = [];
    for (const suggestion of found.build()) {
      const edits = editsOf(suggestion, text.length);
      if (edits.length > 0) built.push({ messageId: suggestion.messageId, desc: describe(suggestion), edits });
    }
    return built;
  });
}

function keyOf(ruleId: string, line: number, column: number, messageId: string): string {
  return `${ruleId}\0${line}\0${column}\0${messageId}`;
}

/** ESLint's interpolation of a message's `{{ key }}` placeholders. */
function describe(suggestion: Suggestion): string {
  const template: string = SUGGESTION_MESSAGES[suggestion.messageId];
  return template.replace(/\{\{([^{}]+?)\}\}/gu, (whole, term: string) => {
    const key = term.trim();
    return key in suggestion.data ? String(suggestion.data[key]) : whole;
  });
}

/** The suggestion's edits, sorted; none when they overlap or leave the text (ESLint rejects such a fix). */
function editsOf(suggestion: Suggestion, length: number): BuiltSuggestion['edits'] {
  const made = suggestion.fix(fixer);
  const fixes = (Array.isArray(made) ? [...made] : [made]).sort((a, b) => a.range[0] - b.range[0] || a.range[1] - b.range[1]);
  let end = 0;
  for (const fix of fixes) {
    const [from, to] = fix.range;
    if (from < end || from > to || to > length) return [];
    end = to;
  }
  return fixes.map((fix) => ({ range: [fix.range[0], fix.range[1]], text: fix.text }));
}

type Ranged = { range: readonly [number, number] };

/** ESLint's RuleFixer, for suggestions built outside a lint: each method makes one edit. */
const fixer = {
  insertTextAfter: (node: Ranged, text: string) => edit(node.range[1], node.range[1], text),
  insertTextAfterRange: (range: readonly [number, number], text: string) => edit(range[1], range[1], text),
  insertTextBefore: (node: Ranged, text: string) => edit(node.range[0], node.range[0], text),
  insertTextBeforeRange: (range: readonly [number, number], text: string) => edit(range[0], range[0], text),
  remove: (node: Ranged) => edit(node.range[0], node.range[1], ''),
  removeRange: (range: readonly [number, number]) => edit(range[0], range[1], ''),
  replaceText: (node: Ranged, text: string) => edit(node.range[0], node.range[1], text),
  replaceTextRange: (range: readonly [number, number], text: string) => edit(range[0], range[1], text),
} as unknown as Fixer;

function edit(from: number, to: number, text: string): Fix {
  return { range: [from, to], text } as Fix;
}
