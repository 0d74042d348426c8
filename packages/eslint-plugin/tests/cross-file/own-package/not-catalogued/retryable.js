'use strict';

Object.defineProperty(exports, '__esModule', { value: true });
exports.default = retryable;

var _retry = require('./retry.js');

var _retry2 = _interopRequireDefault(_retry);

function _interopRequireDefault(obj) { return obj && obj.__esModule ? obj : { default: obj }; }

function retryable(opts, task) {
  if (!task) {
    task = opts;
    opts = null;
  }
  return (args, callback) => {
    function taskFn(cb) {
      task(...args, cb);
    }
    if (opts) (0, _retry2.default)(opts, taskFn, callback);
    else (0, _retry2.default)(taskFn, callback);
  };
}
module.exports = exports.default;
