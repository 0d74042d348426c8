"use strict";
// What esbuild emits for `export * from './retry'` in a CommonJS bundle: the helper has another
// name and takes its arguments the other way round.
var __reExport = (target, mod) => {
  for (const key of Object.keys(mod)) if (key !== "default") target[key] = mod[key];
  return target;
};
__reExport(exports, require("./retry.cjs"));
