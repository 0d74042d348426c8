import type { TSESTree } from '@typescript-eslint/utils';
import type { FunctionNode } from '../ast.js';
import { AnalysisContext, type SourceCodeLike } from '../context.js';
import type { ImportedName } from '../imports.js';
import type { RetrySite } from '../types.js';
import type { HelperSpec } from '../helper-specs.js';
import type { ClassNode } from '../definitions/bodies.js';

/**
 * What do the modules that follow imports hand each other: the host that reads other files,
 * a module's summary, an imported function's retry, and what a lookup is for.
 */

/**
 * How the analysis reads the project's other files: the file being linted, and a parser that
 * reads another file the way this one was read (the lint run's own parser and options).
 * Without a host the analysis stays within the file.
 */
export interface ModuleHost {
  /** Absolute path of the file being analysed. */
  filename: string;
  /** Parses another file of the project; undefined when it cannot (syntax error, unknown kind). */
  parse(file: string, text: string): SourceCodeLike | undefined;
}

/** What a module exports that retries, found once per file version. */
export interface ModuleSummary {
  file: string;
  ctx: AnalysisContext;
  sites: readonly RetrySite[];
  /** Retries the module's code makes through calls of other modules or libraries, reported nowhere: what its functions reach. */
  silent: readonly RetrySite[];
  exports: ReadonlyMap<string, FunctionNode>;
  /** `export { f } from './retry'`, `export { f }` of an import: the module and name that really define it. */
  reexports: ReadonlyMap<string, ImportedName>;
  /** `export * from './retry'`: modules whose exports are this module's too. */
  stars: readonly string[];
  /** Exported classes (`export class Retrier`), whose methods may retry. */
  classes: ReadonlyMap<string, ClassNode>;
  /** Exported instances of this module's classes (`export const retrier = new Retrier()`): the class and the `new`. */
  instances: ReadonlyMap<string, { cls: ClassNode; node: TSESTree.NewExpression }>;
  /** How the module's own imports are read (none past the depth limit), for a retry its functions reach through them on demand. */
  imports?: { host: NestedHost; names: ReadonlySet<string> };
}

export type { ClassNode };

/** How an exported function retries: it retries what it is given, or it retries inside. */
export interface ForeignRetry {
  /** `helper`: retries a function parameter, or returns a retrier (each call is a site); `retrying`: retries its own work. */
  role: 'helper' | 'retrying';
  site: RetrySite;
  fn: FunctionNode;
  summary: ModuleSummary;
  /** The import specifier and export name, for messages: `retryable()` from './lib/retry'. */
  label: string;
  construction?: Construction;
  /** A helper whose returned function is the retrier (`createRetrier(opts)` → `retrier(op)`): each call of what it returns retries. */
  factory?: boolean;
}

/** The host an imported module is analysed with: one level deeper, none past the limit. */
export type Analyze = (sourceCode: SourceCodeLike, host: NestedHost | undefined) => readonly RetrySite[];

export interface NestedHost extends ModuleHost {
  depth: number;
  /** The project's own retry packages (the settings' helpers), for the modules followed too. */
  helpers?: readonly HelperSpec[];
  /** Modules already looked up while analysing the current file. */
  checked?: Map<string, { summary: ModuleSummary | undefined }>;
}

/**
 * `retry`: looking for a retry helper or a retrying function, behind the text gate;
 * `delay`: a delay expression of a site calls the function, so the module is read whatever its text.
 */
export type Purpose = 'retry' | 'delay';

/** A function of another module that a call runs: the function, its module's summary, and how messages name it. */
export interface ForeignTarget {
  fn: FunctionNode;
  summary: ModuleSummary;
  /** `retryable()` from './lib/retry', `Retrier.run()` from '../retry'. */
  label: string;
  /** For a method: how its instance was made, so that what the constructor is given binds too. */
  construction?: Construction;
}

/** `new Retrier(5)`, with the class's constructor and the context the expression belongs to. */
export interface Construction {
  ctor: FunctionNode;
  node: TSESTree.NewExpression;
  ctx: AnalysisContext;
}
