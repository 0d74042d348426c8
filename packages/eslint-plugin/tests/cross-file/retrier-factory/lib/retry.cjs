// A factory of retriers, as some client libraries write their own: createRetry(options) returns
// a function that runs what it is given, again after a jittered wait when it fails. The loop is
// in a function of this module that the returned function hands its parameter to.
const DEFAULTS = { retries: 5, initialMs: 300, maxMs: 30000 };

const scheduleAttempts = (settings, resolve, reject, operation) => {
  const attempt = (waitMs, count) => {
    operation(count)
      .then(resolve)
      .catch((error) => {
        if (count >= settings.retries) return reject(error);
        const next = Math.min(waitMs * 2, settings.maxMs);
        setTimeout(() => attempt(next, count + 1), Math.random() * waitMs);
      });
  };
  return attempt;
};

module.exports = (options = {}) => (operation) =>
  new Promise((resolve, reject) => {
    const settings = Object.assign({}, DEFAULTS, options);
    const begin = scheduleAttempts(settings, resolve, reject, operation);
    begin(settings.initialMs, 0);
  });
