import type { TSESTree } from '@typescript-eslint/utils';
import type { AnalysisContext } from './context.js';
import { awsClient } from './libraries-aws.js';
import { queueConstruction, queueJobSite } from './libraries-queues.js';
import type { LibraryCall, LibraryFinding } from './library-options.js';

// The dispatch of the application rows (catalog-applications.ts), kept out of libraries.ts.

/** A call or `new` of an application row's import: a queue, a worker, an SDK client. */
export function newApplicationSite(library: string, m: LibraryCall): LibraryFinding | undefined {
  switch (library) {
    case 'bullmq':
    case 'bull':
      return queueConstruction(library, m);
    case '@aws-sdk/client-*':
      return awsClient(m);
    default:
      return undefined;
  }
}

/** A method call on an instance of a row's class (`queue.add(…, { attempts })`). */
export function instanceSite(call: TSESTree.CallExpression, ctx: AnalysisContext): LibraryFinding | undefined {
  return queueJobSite(call, ctx);
}
