import { analyzeRetrySites, type RetrySite } from '@retry-hygiene/analysis';
import { moduleHost } from './module-host.js';

/** The retry sites of the file a rule is linting, following helpers into the project's own modules. */
export function sitesOf(context: { sourceCode: Parameters<typeof analyzeRetrySites>[0]; filename?: string; cwd?: string; languageOptions?: unknown }): readonly RetrySite[] {
  return analyzeRetrySites(context.sourceCode, moduleHost(context));
}
