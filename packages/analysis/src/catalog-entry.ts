/** One row of the library catalog (catalog.ts): what the analysis recognises and the defaults it reads. */
export interface CatalogEntry {
  /** The name a site carries (`site.library`) and the README shows. */
  library: string;
  /** Import specifiers (`import … from` / `require()`) that bring the library in. */
  modules: readonly string[];
  /** The call, constructor or option that is a retry site. */
  recognises: string;
  /** When a finding says "no jitter". */
  noJitter: string;
  /** When a finding says "never gives up". */
  unbounded: string;
  /** Attempts (first call included) when the code sets none. */
  defaultAttempts: string;
  /** A plain call retries with no retry option written: inside another retry it is a nested retry. */
  retriesByDefault: boolean;
  /** What the message calls such a site ("This … "). */
  noun: string;
  /** What the message calls a use with no retry option written, read with the defaults (`new Redis(url)`). */
  defaultNoun?: string;
  /** How to get jitter in this library (require-jitter's message). */
  jitterFix: string;
  /** package@version and file the defaults were read from. */
  checked: string;
  /**
   * Text a file must also contain for the library's calls to be read: a module most files
   * import (`fs`) is a retry only with its retry option written.
   */
  only?: RegExp;
  /**
   * What the analysis does with a use that writes no retry option at all (`new Redis(url)`,
   * `io(url)`, a plain `got(url)`), decided from the library's default policy:
   * - `reported`: the use is a site with the default policy, reported where that policy breaks a rule;
   * - `nesting`: the use retries by default and only no-nested-retry sees it (inside another retry);
   * - `no retry`: the library does not retry unless an option says so;
   * - `not read`: the default retries but a use does not show the policy it gets (a pg-boss
   *   `send()` takes its queue's, which may be set in another file), so it is not read.
   */
  withNoOption: 'reported' | 'nesting' | 'no retry' | 'not read';
  /**
   * Methods of the client that end its reconnection (the library's API: `close()`, `end()`):
   * a client the code that made it stops has an owner's stop, so its reconnection is not
   * "never gives up" (libraries/owner-stop.ts).
   */
  stops?: readonly string[];
}
