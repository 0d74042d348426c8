'use strict';
exports.DEFAULT_OPTIONS = {
  port: 6400,
  retryStrategy: function (times) {
    const jitter = Math.floor(Math.random() * 200);
    return Math.min(Math.pow(2, times - 1) * 50, 5000) + jitter;
  },
};
