export { analyzeRetrySites, mayHoldRetrySites } from './analyze.js';
export { siteNodeListeners, type SourceCodeLike } from './context.js';
export { amplification, describeAttempts, describeDelay, formatMs, type Amplification } from './describe.js';
export type { HelperSite, NestedRetry, NestingPath, RetryLibrary, RetryPolicy, RetrySite, RetrySiteKind } from './types.js';
export { functionName, type FunctionNode } from './ast.js';
export { CATALOG, catalogEntry, catalogTable, type CatalogEntry } from './catalog.js';
export type { ModuleHost } from './cross-file.js';
export { forgetProjectFiles, keptModuleCount } from './project-caches.js';
