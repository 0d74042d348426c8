/**
 * Runs the rule suites against ESLint 9 (the `eslint9` devDependency, npm:eslint@9): every
 * `require('eslint…')` — @typescript-eslint/rule-tester and @typescript-eslint/utils are
 * CommonJS — resolves to eslint9; the config's alias does the same for ES imports.
 */
import Module from 'node:module';

type Resolve = (request: string, ...rest: unknown[]) => string;
const moduleWithResolve = Module as unknown as { _resolveFilename: Resolve };
const original = moduleWithResolve._resolveFilename;
moduleWithResolve._resolveFilename = function resolveEslint9(this: unknown, request: string, ...rest: unknown[]) {
  const redirected = request === 'eslint' || request.startsWith('eslint/') ? `eslint9${request.slice('eslint'.length)}` : request;
  return original.call(this, redirected, ...rest);
};
