import type { TSESTree } from '@typescript-eslint/utils';
import type { FunctionNode } from './ast.js';
import type { SourceCodeLike } from './source-code.js';

/** The shape the herd simulator takes, so a hover can simulate the code under the cursor. */
export interface RetryPolicy {
  /** Counts the first call. */
  maxAttempts: number | 'unbounded' | 'unknown';
  /** With `maxAttempts` 'unknown': the retrying goes on until its owner stops it (a client's `close()`). */
  ownerStop?: boolean;
  deadlineMs?: number;
  delay: {
    kind: 'none' | 'constant' | 'linear' | 'polynomial' | 'exponential' | 'decorrelated' | 'unknown';
    baseMs?: number;
    factor?: number;
    /** The power of the attempt number a polynomial wait grows by (`200 * attempt ** 2`: 2); absent when not known. */
    power?: number;
    capMs?: number;
    /**
     * The waits one by one, when the code lists them (`const BACKOFF = [1000, 2000, 5000]` read
     * at the attempt) and no formula of `kind` says them exactly: the last one repeats for later
     * attempts. `kind` is then the nearest growth (linear).
     */
    stepsMs?: number[];
  };
  jitter: 'none' | 'full' | 'equal' | 'decorrelated' | 'proportional' | 'unknown';
}

/** `repeat`: the operation written out again on its failure path (`catch { await sleep(5); return await request() }`). */
export type RetrySiteKind = 'loop' | 'recursion' | 'library' | 'repeat';

/** A library of the catalog (catalog.ts): its `library` name. */
export type RetryLibrary = string;

/** How an outer site reaches an inner one. */
export type NestingPath = 'literal' | 'function' | 'client';

export interface NestedRetry {
  inner: RetrySite;
  via: NestingPath;
  /** The call in the outer site's operation through which the inner site is reached. */
  through: TSESTree.Node;
}

export interface RetrySite {
  kind: RetrySiteKind;
  library?: RetryLibrary;
  /**
   * A call of a helper the settings declare (settings.retryHygiene.helpers): how the messages
   * name it (`call of \`withRetry()\` from '@acme/retry'`) and its jitter switch, if it has one.
   */
  declared?: { noun: string; jitterFix?: string; edits: { options: number; jitter?: string; attempts?: string; retries?: string } };
  /** The loop statement, the retrying function, the library call, or the `try` whose catch calls the operation again. */
  node: TSESTree.Node;
  /** Where a finding is reported: loop head, recursive call, library call, `retry:` property or the repeated call. */
  loc: TSESTree.SourceLocation;
  /** The call that is retried, when one can be named. */
  operation?: TSESTree.Node;
  /** The code the site runs again on failure (loop body, function body, callback). */
  operationScope?: TSESTree.Node;
  policy: RetryPolicy;
  /** The sleep call between attempts, when there is one. */
  sleep?: TSESTree.Node;
  /** The expression that computes the wait (the argument of the sleep), for mechanical fixes. */
  delayExpression?: TSESTree.Node;
  /** Whether the policy comes from a library's default rather than code the user wrote. */
  fromLibraryDefault: { delay: boolean; jitter: boolean; attempts: boolean };
  /** Whether failures are inspected before retrying (status codes, error types, a shouldRetry). */
  classifiesErrors: boolean;
  /** Whether an AbortSignal stops the retrying. */
  abortAware: boolean;
  /** Whether elapsed time stops the retrying (a deadline, even one whose value is not known). */
  deadlineBound: boolean;
  /** Retry sites that this site's operation reaches (filled in after all sites are found). */
  nested: NestedRetry[];
  /**
   * The object literal a library site's options were read from, when it is not an argument of
   * the site's own call (retry-axios reads the file's one `raxConfig`): where an option edit goes.
   */
  optionsObject?: TSESTree.ObjectExpression;
  /**
   * For the call of a project helper from another module that retries what it is given
   * (`withRetries(op)`): the helper's own site and function, in that module's tree.
   */
  helper?: HelperSite;
  /**
   * For a call of a retrier that another site of this file made (`retrier(op)` with
   * `retrier = createRetrier(opts)`): that site, where its policy is reported. This call is a
   * site of its own for what it retries (its operation may retry again).
   */
  madeBy?: RetrySite;
  /** The call makes a retrier and retries nothing itself (`createRetrier(opts)`): the retrier's calls do. */
  makesRetrier?: boolean;
  /**
   * For a function that goes back in through a second one (`#retry` → `#retryFromError` →
   * `#retry`): that second function, where the wait and the call back in may sit.
   */
  through?: TSESTree.Node;
  /**
   * Goes again at most once, and only after changing what made the attempt fail (a refreshed
   * token, `send(req, true)` behind `!isRetry`, state re-read on a 401/409): a second request
   * of a different kind, not a retry of a failing service, so no other retry nests it.
   */
  afterStateChange?: boolean;
  /**
   * Failed items put back into a store a timer drains on a period (requeue/periodic-drain.ts):
   * the store, as written (`this.buffer`). The site's node is the function that puts them back.
   */
  requeue?: { store: string };
  /**
   * Of those, one that first awaits a step repairing what failed (`await reauthorize()`): it is
   * not taken while a service is down, so it is no outer layer of a nested retry either.
   */
  repairsFirst?: true;
  /**
   * A failure listener a factory of this module makes and another module registers on the source
   * it opens (listener-factories.ts): the retry is that registration's, and a call of the factory
   * is not a retry of its own (`handlers.closeHandler(this)()` run once on a manual close).
   */
  listenerFactory?: boolean;
  /**
   * A loop whose wait some errors skip: the `if` on the caught error that decides it, around the
   * wait (the errors it does not take go round with no wait at all) or before it with a
   * `continue` (the errors it takes do). The site's policy is the waiting path's.
   */
  immediateUnless?: TSESTree.IfStatement;
  /**
   * A function that retries through a library rather than by calling itself: the registration
   * of a client's error interceptor (`api.interceptors.response.use(ok, onError)`) whose handler
   * re-sends the failed request. No rewrite of the function applies.
   */
  viaLibrary?: TSESTree.Node;
  /**
   * A retry only as the options' defaults read: a success test calling an option whose default
   * answers a known truth (`until: () => true`), a way back in under a branch the defaults never
   * take. A caller that passes options may set them: a call of this retry with options the
   * analysis cannot read as leaving them out is no retry site (the caller's predicate may poll).
   */
  byDefaults?: true;
  /**
   * The wait is the server's (`Retry-After`) when the response carries one: the policy is the
   * one the code computes for a response without it, and a finding says so.
   */
  withoutServerWait?: true;
}

export interface HelperSite {
  site: RetrySite;
  fn: FunctionNode;
  /** The helper module's file and its SourceCode (ESLint's, as the module was parsed). */
  file: string;
  sourceCode: SourceCodeLike;
}
