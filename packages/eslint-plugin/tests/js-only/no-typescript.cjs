// Preloaded with --require: makes `typescript` and `@typescript-eslint/parser` impossible
// to load, as in a JavaScript-only project that never installed them, for require() and
// for import (the ES loader hook below).
const Module = require('node:module');
const BLOCKED = /^(typescript|@typescript-eslint\/parser)(\/|$)/;
const original = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (BLOCKED.test(request)) {
    const error = new Error(`Cannot find module '${request}' (blocked: a project without TypeScript)`);
    error.code = 'MODULE_NOT_FOUND';
    throw error;
  }
  return original.call(this, request, ...rest);
};
Module.register(
  'data:text/javascript,' +
    encodeURIComponent(`export async function resolve(specifier, context, next) {
  if (${BLOCKED}.test(specifier)) { const e = new Error("Cannot find module '" + specifier + "' (blocked)"); e.code = 'ERR_MODULE_NOT_FOUND'; throw e; }
  return next(specifier, context);
}`),
);
