// Listeners that the classes of this folder register; none of them is a retry that never gives up.

// Pool: its default strategy gives up after ten tries.
export function reconnectOnClose(self) {
  return function () {
    const wait = self.options.reconnectIn(++self.attempts);
    if (typeof wait !== 'number') return self.finish();
    setTimeout(() => self.connect(), wait);
  };
}

// Relay: registered on a socket the method is handed, and on a 'data' event.
export function redialOnClose(self) {
  return function () {
    setTimeout(() => self.connect(), 1000);
  };
}

// Monitor: the listener's timer calls a method that never reaches the registration.
export function reportOnError(self) {
  return function (err) {
    setTimeout(() => self.report(err), 500);
  };
}

// Once: a latch the listener sets and tests: at most one more connect.
export function retryOnceOnClose(self) {
  return function () {
    if (self.retried) return;
    self.retried = true;
    setTimeout(() => self.connect(), 1000);
  };
}

// Handed the instance's pool, not the instance.
export function refillOnError(pool) {
  return function () {
    setTimeout(() => pool.connect(), 250);
  };
}

// Handed instances of two classes whose defaults disagree (one gives up).
export function resumeOnClose(self) {
  return function () {
    const wait = self.options.reconnectIn(++self.attempts);
    if (typeof wait !== 'number') return;
    setTimeout(() => self.connect(), wait);
  };
}
