'use strict';

Object.defineProperty(exports, '__esModule', { value: true });
exports.default = retry;

function retry(opts, task, callback) {
  return task(callback, opts);
}
module.exports = exports.default;
