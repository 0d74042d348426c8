import { catalogEntry, describeAttempts, describeDelay, functionName, repeatedName, type FunctionNode, type RetrySite } from '@retry-hygiene/analysis';

/** A function's name as written: a private method keeps its `#` (`#send()` is not the public `send()`). */
function shownName(fn: FunctionNode): string | undefined {
  const name = functionName(fn);
  const parent = fn.parent;
  const isPrivate = (parent?.type === 'MethodDefinition' || parent?.type === 'PropertyDefinition') && parent.key.type === 'PrivateIdentifier';
  return name !== undefined && isPrivate ? `#${name}` : name;
}

/** How a message names a site: "This retry loop", "p-retry", "`connect()` retrying itself". */
export function describeSite(site: RetrySite): string {
  switch (site.kind) {
    case 'loop':
      return 'This retry loop';
    case 'recursion': {
      // A client's error interceptor that sends the failed request again through the client.
      if (site.viaLibrary) return 'This error interceptor re-sending the failed request';
      if (site.requeue) return `This periodic flush putting failed items back into \`${site.requeue.store}\``;
      const name = shownName(site.node as FunctionNode);
      // Back in through a second function: `#retry()` retrying itself through `#retryFromError()`.
      const through = site.through && shownName(site.through as FunctionNode);
      const via = through ? ` through \`${through}()\`` : '';
      return name ? `\`${name}()\` retrying itself${via}` : `This self-retrying function${via}`;
    }
    case 'library': {
      // A client built with no retry option, read with the library's defaults: reported on the call itself.
      const entry = catalogEntry(site.library);
      const bare = entry?.defaultNoun && site.loc === site.node.loc && site.fromLibraryDefault.attempts && site.fromLibraryDefault.delay;
      if (bare) return `This ${entry.defaultNoun}`;
      // A helper of the project's own (`retryable()` from './lib/retry') is named as imported.
      return `This ${site.declared?.noun ?? LIBRARY_NOUN[site.library ?? ''] ?? entry?.noun ?? (site.library ? `call of ${site.library}` : 'retry library call')}`;
    }
    case 'repeat': {
      // The operation written out again in the catch: "Calling `request()` again after it fails".
      const name = repeatedName(site);
      return name ? `Calling \`${name}()\` again after it fails` : 'Calling the operation again after it fails';
    }
  }
}

const LIBRARY_NOUN: Record<string, string> = {
  'p-retry': 'p-retry call',
  'async-retry': 'async-retry call',
  retry: '`retry` package operation',
  'exponential-backoff': 'backOff() call',
  cockatiel: 'cockatiel retry policy',
  rxjs: 'rxjs retry operator',
  'axios-retry': 'axios-retry configuration',
  got: 'got `retry` option',
  ky: 'ky `retry` option',
};

/** The inner site of a nesting, in a few words, for "…retries code that retries again (…)". */
export function describeInner(site: RetrySite, via: 'literal' | 'function' | 'client'): string {
  if (via === 'client') return `a client configured with ${site.library ?? 'retries'}`;
  switch (site.kind) {
    case 'loop':
      return 'a retry loop';
    case 'recursion': {
      if (site.viaLibrary) return 'an error interceptor that re-sends the request';
      if (site.requeue) return `a periodic flush that puts failed items back into \`${site.requeue.store}\``;
      const name = functionName(site.node as FunctionNode);
      return name ? `\`${name}()\`, which retries itself` : 'a self-retrying function';
    }
    case 'library':
      return site.library ?? 'a retry library';
    case 'repeat': {
      const name = repeatedName(site);
      return name ? `\`${name}()\`, called again after it fails` : 'a call made again after it fails';
    }
  }
}

/**
 * The wait in a message. A wait whose value is not known but is the same every attempt (a
 * parameter, an option read once) is named by its source: "`opts.delay` (the same every time)".
 */
export function describeWait(site: RetrySite, sourceText: (node: NonNullable<RetrySite['delayExpression']>) => string): string {
  const { kind, baseMs } = site.policy.delay;
  if (kind === 'constant' && baseMs === undefined && site.delayExpression) {
    const text = sourceText(site.delayExpression).replace(/\s+/g, ' ');
    return `\`${text.length > 40 ? `${text.slice(0, 39)}…` : text}\` (the same every time)`;
  }
  return describeDelay(site.policy);
}

/** The limit in a message: a deadline whose length is not known still limits the retry. */
export function describeLimit(site: RetrySite): string {
  const { maxAttempts, deadlineMs } = site.policy;
  if (maxAttempts === 'unbounded' && deadlineMs === undefined && (site.deadlineBound || site.abortAware)) {
    return site.deadlineBound ? 'until a deadline' : 'until aborted';
  }
  return describeAttempts(site.policy);
}
