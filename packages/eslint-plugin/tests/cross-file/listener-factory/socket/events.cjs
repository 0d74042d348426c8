'use strict';
// Listeners the Client registers on each stream it opens (compiled CommonJS shape).
function closeHandler(self) {
  return function () {
    if (self.manuallyClosing) {
      self.manuallyClosing = false;
      return close();
    }
    if (typeof self.options.retryStrategy !== 'function') return close();
    const retryDelay = self.options.retryStrategy(++self.retryAttempts);
    if (typeof retryDelay !== 'number') return close();
    self.reconnectTimeout = setTimeout(function () {
      self.reconnectTimeout = null;
      self.connect().catch(function () {});
    }, retryDelay);
  };
  function close() {
    self.setStatus('end');
  }
}
exports.closeHandler = closeHandler;
function errorHandler(self) {
  return function (error) {
    self.emit('failure', error);
  };
}
exports.errorHandler = errorHandler;
