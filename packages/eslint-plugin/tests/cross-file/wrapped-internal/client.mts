import { withBackoff } from './retry.mjs';

export function callTool(execute: () => Promise<string>): Promise<string> {
  return withBackoff({ maxRetries: 3 })(() => execute());
}
