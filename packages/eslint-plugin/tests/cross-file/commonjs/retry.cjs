'use strict';
// CommonJS helper, compiled-TypeScript style export.
function retryForever(task) {
  return task().catch(() => new Promise((resolve) => setTimeout(resolve, 2000)).then(() => retryForever(task)));
}
exports.retryForever = retryForever;
module.exports.noop = () => undefined;
