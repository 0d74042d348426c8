// Listeners for a Link's socket, made for the instance that registers them (./link.mjs).
export function onClose(self) {
  return function () {
    self.connected = false;
    if (self.closing) {
      self.closing = false;
      return self.finish();
    }
    const wait = self.options.reconnectIn(++self.attempts);
    if (typeof wait !== 'number') return self.finish();
    self.timer = setTimeout(() => {
      self.timer = undefined;
      self.connect().catch(() => {});
    }, wait);
  };
}

export function onData(self) {
  return (chunk) => self.receive(chunk);
}
