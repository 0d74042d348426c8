import { analyzeRetrySites, mayHoldRetrySites, siteNodeListeners, type RetrySite } from '@retry-hygiene/analysis';
import { moduleHost } from './module-host.js';

/** The retry sites of the file a rule is linting, following helpers into the project's own modules. */
export function sitesOf(context: { sourceCode: Parameters<typeof analyzeRetrySites>[0]; filename?: string; cwd?: string; languageOptions?: unknown }): readonly RetrySite[] {
  return analyzeRetrySites(context.sourceCode, moduleHost(context));
}

/**
 * The sites whose policy the rules report: all but the calls of a retrier another site made
 * (`retrier(op)` with `retrier = createRetrier(opts)`), whose policy that site reports. Nesting
 * reads them all (sitesOf).
 */
export function policySitesOf(context: Parameters<typeof sitesOf>[0]): readonly RetrySite[] {
  return sitesOf(context).filter((site) => !site.madeBy);
}

/**
 * Listeners for a rule to spread into its own: they record, during ESLint's traversal, the
 * nodes sitesOf reads, so the analysis does not go over the whole file a second time.
 */
export function siteNodes(context: { sourceCode: Parameters<typeof analyzeRetrySites>[0]; filename?: string; cwd?: string }): Record<string, (node: never) => void> {
  // A file the analysis will not read (no retry word, no retry import) records nothing.
  if (!mayHoldRetrySites(context.sourceCode, moduleHost(context) !== undefined)) return {};
  return siteNodeListeners(context.sourceCode.ast);
}
