import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import { ruleTester } from './rule-tester.js';

/**
 * A self-call handed its parameter joined with a text by a call (`resolve(dir, '..')`,
 * `join(root, 'fallback')`) asks for another input (the parent folder, a sibling), as
 * `'http://' + url` does: a walk, not a retry. The parameter handed through a call without a
 * text (`withHeader(req)`) is the same request, made again.
 */

const manifestTs = (next: string) => `import { resolve } from 'node:path';
import { readFileSync } from 'node:fs';

export function findManifest(dir: string, name: string, depth: number): { name: string } | undefined {
  if (depth === 0) return undefined;
  try {
    const pkg = JSON.parse(readFileSync(resolve(dir, 'package.json'), 'utf8'));
    if (pkg.name !== name) throw new Error('not it');
    return pkg;
  } catch {
    return findManifest(${next}, name, depth - 1);
  }
}
`;

const sendJs = `import { join } from 'node:path';

export async function load(root, tries) {
  try {
    return await import(root);
  } catch (e) {
    if (tries <= 0) throw e;
    return load(join(root, 'fallback'), tries - 1);
  }
}

export async function send(req, tries) {
  try {
    return await fetch(req);
  } catch (e) {
    if (tries <= 0) throw e;
    return send(withHeader(req), tries - 1);
  }
}
`;

ruleTester.run('no-fixed-sleep-retry with inputs rewritten by a call', noFixedSleepRetry, {
  valid: [{ name: 'TypeScript: the parent folder', code: manifestTs("resolve(dir, '..')"), filename: 'manifest.ts' }],
  invalid: [
    {
      name: 'TypeScript: the same folder again',
      code: manifestTs('dir'),
      filename: 'manifest.ts',
      errors: [{ messageId: 'immediate', line: 11, column: 12, data: { what: '`findManifest()` retrying itself', attempts: 'an unknown number of attempts' } }],
    },
    {
      name: 'JavaScript: a sibling folder is no retry; the same request with a header is',
      code: sendJs,
      filename: 'send.js',
      errors: [{ messageId: 'immediate', line: 17, column: 12, data: { what: '`send()` retrying itself', attempts: 'an unknown number of attempts' } }],
    },
  ],
});
