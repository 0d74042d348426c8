import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import plugin, { parseIgnoreComment } from '../src/index.js';

const line = (value: string, at = 1) => ({ type: 'Line', value, loc: { start: { line: at, column: 0 }, end: { line: at, column: value.length + 2 } } });
const ALL = ['no-fixed-sleep-retry', 'require-jitter', 'no-unbounded-retry', 'no-nested-retry'];

describe('parseIgnoreComment', () => {
  it('reads the rules, bare or prefixed, and the line after the comment', () => {
    const comment = line(' retry-hygiene-ignore-next-line no-fixed-sleep-retry, retry-hygiene/require-jitter', 4);
    expect(parseIgnoreComment(comment)).toEqual({ directive: { kind: 'next-line', rules: ['no-fixed-sleep-retry', 'require-jitter'], line: 5, loc: comment.loc } });
  });

  it('keeps the reason after `--` apart from the rules', () => {
    const parsed = parseIgnoreComment(line(' retry-hygiene-ignore-next-line no-unbounded-retry -- the operator stops it by hand'));
    expect(parsed?.directive?.rules).toEqual(['no-unbounded-retry']);
    expect(parsed?.directive?.reason).toBe('the operator stops it by hand');
  });

  it('names every rule when it names none, with or without a reason', () => {
    expect(parseIgnoreComment(line(' retry-hygiene-ignore-next-line'))?.directive?.rules).toEqual(ALL);
    const reasoned = parseIgnoreComment(line(' retry-hygiene-ignore-next-line -- generated code'))?.directive;
    expect(reasoned?.rules).toEqual(ALL);
    expect(reasoned?.reason).toBe('generated code');
  });

  it('reads a file directive, which names no line', () => {
    const directive = parseIgnoreComment({ ...line(' retry-hygiene-ignore-file require-jitter '), type: 'Block' })?.directive;
    expect(directive).toMatchObject({ kind: 'file', rules: ['require-jitter'] });
    expect(directive?.line).toBeUndefined();
  });

  it('is not a directive unless the comment starts with the whole word', () => {
    expect(parseIgnoreComment(line(' retry-hygiene-ignore-next-lines no-fixed-sleep-retry'))).toBeUndefined();
    expect(parseIgnoreComment(line(' see retry-hygiene-ignore-next-line in the README'))).toBeUndefined();
    expect(parseIgnoreComment(line(' eslint-disable-next-line retry-hygiene/require-jitter'))).toBeUndefined();
  });

  it('names an unknown rule, and ignores nothing for it', () => {
    expect(parseIgnoreComment(line(' retry-hygiene-ignore-next-line no-fixed-sleep, require-jitter'))).toEqual({
      problem: {
        loc: expect.any(Object),
        message:
          "retry-hygiene-ignore-next-line: 'no-fixed-sleep' is not a rule of retry-hygiene (no-fixed-sleep-retry, require-jitter, no-unbounded-retry, no-nested-retry); this comment ignores nothing.",
      },
    });
    expect(parseIgnoreComment(line(' retry-hygiene-ignore-next-line require-jitter,'))?.problem?.message).toMatch(/^retry-hygiene-ignore-next-line: an empty name is not a rule/);
  });

  it('refuses a next-line block comment over several lines', () => {
    const comment = { type: 'Block', value: ' retry-hygiene-ignore-next-line\n require-jitter ', loc: { start: { line: 2, column: 0 }, end: { line: 3, column: 20 } } };
    expect(parseIgnoreComment(comment)?.problem?.message).toBe('A retry-hygiene-ignore-next-line comment must be on one line: it names the line after it.');
  });
});

const LOOP = `const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
export async function poll() {
  for (;;) {
    try {
      return await fetch('/status');
    } catch {
      await sleep(1000);
    }
  }
}
`;
const withComment = (comment: string) => LOOP.replace('  for (;;) {', `  ${comment}\n  for (;;) {`);

function lint(code: string, config: Linter.Config[] = plugin.configs.recommended) {
  return new Linter({ configType: 'flat' }).verify(code, config, { filename: 'poll.js' }).map((m) => ({ ruleId: m.ruleId, line: m.line, column: m.column, endLine: m.endLine, endColumn: m.endColumn, message: m.message }));
}

describe('the rules honour the ignore comments', () => {
  it('reports both findings on the loop without a comment', () => {
    expect(lint(LOOP).map((m) => [m.ruleId, m.line, m.column])).toEqual([
      ['retry-hygiene/no-fixed-sleep-retry', 3, 3],
      ['retry-hygiene/no-unbounded-retry', 3, 3],
    ]);
  });

  it('drops the named rule on the next line only, keeping the other rule there', () => {
    expect(lint(withComment('// retry-hygiene-ignore-next-line no-fixed-sleep-retry -- a health check')).map((m) => [m.ruleId, m.line, m.column])).toEqual([['retry-hygiene/no-unbounded-retry', 4, 3]]);
  });

  it('drops every rule named, and every rule when none is', () => {
    expect(lint(withComment('// retry-hygiene-ignore-next-line no-fixed-sleep-retry, retry-hygiene/no-unbounded-retry'))).toEqual([]);
    expect(lint(withComment('/* retry-hygiene-ignore-next-line */'))).toEqual([]);
  });

  it('names the next line of code, over comment lines, so that it stacks with an ESLint next-line comment', () => {
    const code = withComment('// retry-hygiene-ignore-next-line no-fixed-sleep-retry\n  // eslint-disable-next-line no-constant-condition');
    const config: Linter.Config[] = [...plugin.configs.recommended, { linterOptions: { reportUnusedDisableDirectives: 'off' } }];
    expect(lint(code, config).map((m) => [m.ruleId, m.line])).toEqual([['retry-hygiene/no-unbounded-retry', 5]]);
  });

  it('does not reach past the next line of code', () => {
    const code = withComment('// retry-hygiene-ignore-next-line no-fixed-sleep-retry, no-unbounded-retry\n  const started = Date.now();');
    expect(lint(code).map((m) => [m.ruleId, m.line])).toEqual([
      ['retry-hygiene/no-fixed-sleep-retry', 5],
      ['retry-hygiene/no-unbounded-retry', 5],
    ]);
  });

  it('drops a rule in the whole file with a file directive, wherever it is', () => {
    expect(lint(`${LOOP}/* retry-hygiene-ignore-file no-unbounded-retry */\n`).map((m) => [m.ruleId, m.line])).toEqual([['retry-hygiene/no-fixed-sleep-retry', 3]]);
  });

  it('honours them under any plugin prefix a config gives (the rules know their own names)', () => {
    const config: Linter.Config[] = [{ plugins: { rh: plugin }, rules: { 'rh/no-fixed-sleep-retry': 'error', 'rh/no-unbounded-retry': 'error' } }];
    expect(lint(withComment('// retry-hygiene-ignore-next-line no-unbounded-retry'), config).map((m) => m.ruleId)).toEqual(['rh/no-fixed-sleep-retry']);
  });

  it('reports a wrong comment once, at the comment, and keeps the findings it meant to drop', () => {
    const messages = lint(withComment('// retry-hygiene-ignore-next-line no-fixed-sleep'));
    expect(messages).toEqual([
      {
        ruleId: 'retry-hygiene/no-fixed-sleep-retry',
        line: 3,
        column: 3,
        endLine: 3,
        endColumn: 51,
        message:
          "retry-hygiene-ignore-next-line: 'no-fixed-sleep' is not a rule of retry-hygiene (no-fixed-sleep-retry, require-jitter, no-unbounded-retry, no-nested-retry); this comment ignores nothing.",
      },
      expect.objectContaining({ ruleId: 'retry-hygiene/no-fixed-sleep-retry', line: 4, column: 3 }),
      expect.objectContaining({ ruleId: 'retry-hygiene/no-unbounded-retry', line: 4, column: 3 }),
    ]);
  });

  it('is a plain comment to ESLint without the plugin: no "Definition for rule" error', () => {
    const code = withComment('// retry-hygiene-ignore-next-line no-fixed-sleep-retry');
    expect(new Linter({ configType: 'flat' }).verify(code, [{ rules: { 'no-unused-vars': 'error' } }], { filename: 'poll.js' })).toEqual([]);
    // While ESLint's own directive for the plugin's rule is an error there.
    const eslintDirective = withComment('// eslint-disable-next-line retry-hygiene/no-fixed-sleep-retry');
    expect(new Linter({ configType: 'flat' }).verify(eslintDirective, [], { filename: 'poll.js' }).map((m) => m.message)).toEqual(["Definition for rule 'retry-hygiene/no-fixed-sleep-retry' was not found."]);
  });
});
