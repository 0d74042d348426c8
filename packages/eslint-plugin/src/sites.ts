import { analyzeRetrySites, mayHoldRetrySites, parseHelperSpecs, siteNodeListeners, type HelperSpec, type ModuleHost, type RetrySite } from '@retry-hygiene/analysis';
import { moduleHost } from './module-host.js';

type LintedFile = { sourceCode: Parameters<typeof analyzeRetrySites>[0]; filename?: string; cwd?: string; languageOptions?: unknown; settings?: Record<string, unknown> };

/** The retry sites of the file a rule is linting, following helpers into the project's own modules. */
export function sitesOf(context: LintedFile): readonly RetrySite[] {
  return analyzeRetrySites(context.sourceCode, hostOf(context), { helpers: helpersOf(context) });
}

/** The project's own retry packages (`settings.retryHygiene.helpers`), read once per settings object. */
const helperSettings = new WeakMap<object, readonly HelperSpec[]>();
const NO_HELPERS: readonly HelperSpec[] = [];

function helpersOf(context: LintedFile): readonly HelperSpec[] {
  const settings = context.settings?.retryHygiene as { helpers?: unknown } | undefined;
  if (!settings || settings.helpers === undefined) return NO_HELPERS;
  const known = helperSettings.get(settings);
  if (known) return known;
  const { specs, problems } = parseHelperSpecs(settings.helpers);
  // A mistake in the setting stops the lint with its name, as an invalid rule option does: half a helper read would state wrong facts.
  if (problems.length > 0) throw new Error(`eslint-plugin-retry-hygiene: ${problems.join('; ')}`);
  helperSettings.set(settings, specs);
  return specs;
}

/** The module host of the file being linted: one per parse, however many rules ask (4 × 2 per file). */
const hosts = new WeakMap<object, ModuleHost | null>();

function hostOf(context: LintedFile): ModuleHost | undefined {
  const known = hosts.get(context.sourceCode.ast);
  if (known !== undefined) return known ?? undefined;
  const host = moduleHost(context);
  hosts.set(context.sourceCode.ast, host ?? null);
  return host;
}

/**
 * The sites whose policy the rules report: all but the calls of a retrier another site made
 * (`retrier(op)` with `retrier = createRetrier(opts)`), whose policy that site reports. Nesting
 * reads them all (sitesOf).
 */
export function policySitesOf(context: Parameters<typeof sitesOf>[0]): readonly RetrySite[] {
  const sites = sitesOf(context);
  const known = policySites.get(sites);
  if (known) return known;
  // One options object that two calls share (`got.post(url, options)`, `got.get(url, options)`)
  // is one setting, reported once where it is written.
  const seen = new Set<string>();
  const result = sites.filter((site) => {
    if (site.madeBy) return false;
    const key = `${site.kind}\0${site.library ?? ''}\0${site.loc.start.line}:${site.loc.start.column}-${site.loc.end.line}:${site.loc.end.column}\0${JSON.stringify(site.policy)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  policySites.set(sites, result);
  return result;
}

const policySites = new WeakMap<readonly RetrySite[], readonly RetrySite[]>();

/**
 * Listeners for a rule to spread into its own: they record, during ESLint's traversal, the
 * nodes sitesOf reads, so the analysis does not go over the whole file a second time.
 */
export function siteNodes(context: LintedFile): Record<string, (node: never) => void> {
  // A file the analysis will not read (no retry word, no retry import) records nothing.
  if (!mayHoldRetrySites(context.sourceCode, hostOf(context)?.filename ?? false, helpersOf(context))) return {};
  return siteNodeListeners(context.sourceCode.ast);
}
