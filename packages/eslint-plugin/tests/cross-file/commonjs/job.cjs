'use strict';
const retry_1 = require('./retry.cjs');
const { noop } = require('./retry.cjs');

function runJob(job) {
  noop(() => job.run());
  return (0, retry_1.retryForever)(() => job.run());
}
module.exports = { runJob };
