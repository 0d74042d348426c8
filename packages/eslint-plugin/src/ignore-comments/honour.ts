import { ignoreCommentsOf, type CommentLike, type IgnoreComments } from './parse.js';

/**
 * The rules honour the product's ignore comments here, in the one place every report goes
 * through (createRule hands each rule a context whose `report` drops what a comment ignores),
 * so ESLint with the plugin, `check` and the language server all honour them alike.
 */

interface Reportable {
  sourceCode: {
    getAllComments(): CommentLike[];
    getTokenAfter(comment: never, options: { includeComments: false }): { loc: { start: { line: number } } } | null;
    ast: object;
  };
  report(descriptor: never): void;
}

/** Read once per parse: four rules ask for every file. */
const bySource = new WeakMap<object, IgnoreComments>();
/** Parses whose wrong comments one rule has already reported (one report each, not four). */
const problemsReported = new WeakSet<object>();

export function ignoreCommentsIn(sourceCode: Reportable['sourceCode']): IgnoreComments {
  let found = bySource.get(sourceCode.ast);
  if (!found) {
    const codeLineAfter = (comment: CommentLike) => sourceCode.getTokenAfter(comment as never, { includeComments: false })?.loc.start.line;
    bySource.set(sourceCode.ast, (found = ignoreCommentsOf(sourceCode.getAllComments(), codeLineAfter)));
  }
  return found;
}

type Descriptor = {
  loc?: { start?: { line: number }; line?: number };
  node?: { loc?: { start: { line: number } } | null };
};

/** The line a report starts on (1-based), as ESLint's own next-line directive reads it. */
function startLine(descriptor: Descriptor): number | undefined {
  const loc = descriptor.loc;
  if (loc) return loc.start?.line ?? loc.line;
  return descriptor.node?.loc?.start.line;
}

/**
 * A context for the rule `rule` (its bare name) whose reports skip what the file's ignore
 * comments ignore. The first rule to run on a parse reports the comments that are wrong (an
 * unknown rule name), with `messageId`, so a typo does not silently ignore nothing.
 */
export function honouringIgnoreComments<C extends Reportable>(context: C, rule: string, messageId: string): C {
  const comments = ignoreCommentsIn(context.sourceCode);
  if (comments.problems.length > 0 && !problemsReported.has(context.sourceCode.ast)) {
    problemsReported.add(context.sourceCode.ast);
    for (const { loc, message } of comments.problems) context.report({ loc, messageId, data: { message } } as never);
  }
  if (!comments.any) return context;
  const report = (descriptor: Descriptor) => {
    const line = startLine(descriptor);
    if (line !== undefined && comments.ignores(rule, line)) return;
    context.report(descriptor as never);
  };
  // ESLint's own contexts are frozen objects extended by prototype: the same, with one method replaced.
  return Object.create(context, { report: { value: report, enumerable: true } }) as C;
}
