// A fetch wrapper factory: responses with a status in `retryOn` (none by default) go again, as
// do errors, after `retryDelay`; a caller's `retryOn` function decides both instead.
module.exports = function (fetch, defaults) {
  defaults = Object.assign({ retries: 3, retryDelay: 1000, retryOn: [] }, defaults);
  return function fetchAgain(input, init) {
    var retryOn = defaults.retryOn;
    if (init && init.retryOn) retryOn = init.retryOn;
    return new Promise(function (resolve, reject) {
      function attempt(n) {
        fetch(input, init)
          .then(function (response) {
            if (Array.isArray(retryOn) && retryOn.indexOf(response.status) === -1) resolve(response);
            else if (typeof retryOn === 'function' && retryOn(n, null, response)) setTimeout(function () { attempt(n + 1); }, defaults.retryDelay);
            else resolve(response);
          })
          .catch(function (error) {
            if (n < defaults.retries) setTimeout(function () { attempt(n + 1); }, defaults.retryDelay);
            else reject(error);
          });
      }
      attempt(0);
    });
  };
};
